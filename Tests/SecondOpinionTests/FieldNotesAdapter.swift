import SingleLoginAdapter

/// The in-process adapter around one build.
struct FieldNotesAdapter: ConformanceAdapter {
    let app: FieldNotesApp
    let identity: AdapterIdentity

    init(_ build: FieldNotesBuild) {
        app = FieldNotesApp(build: build)
        identity = AdapterIdentity(
            adapterName: "field-notes", adapterVersion: "0.9.0", appName: build.name, appVersion: "3.2.0",
            bundleId: "com.northwind.fieldnotes", msalVersion: "2.13.0", msalConfiguration: build.msalConfiguration)
    }

    func reset(environment: AppEnvironment) async throws { await app.install(environment) }
    func handle(_ event: AppEvent) async throws -> Observation { await app.handle(event) }
    func observe() async throws -> Observation { await app.observe() }
}
