import Foundation
import Testing
import SingleLoginAdapter
import SingleLoginConformance
import SingleLoginContainer
import SingleLoginTestSupport

/// The doctor names the files of the app's container that the adapter's storage never reports.
@Suite("The doctor and the app's container")
struct ContainerDoctorTests {
    static let check = "the adapter's storage names every file in the app's container"

    /// An adapter that also lists every file of its container (but a database's `-wal` and
    /// `-shm`, which go with the database, and what iOS writes there for itself), as an adapter
    /// reading its own sandbox would (SandboxObserver leaves out the same).
    struct ListingAdapter: ConformanceAdapter {
        let base: ContainerAppAdapter
        var identity: AdapterIdentity { base.identity }
        func reset(environment: AppEnvironment) async throws { try await base.reset(environment: environment) }
        func handle(_ event: AppEvent) async throws -> Observation { listing(try await base.handle(event)) }
        func observe() async throws -> Observation { listing(try await base.observe()) }

        private func listing(_ observation: Observation) -> Observation {
            var observation = observation
            let root = URL(fileURLWithPath: base.identity.dataContainer!)
            let paths = FileManager.default.subpaths(atPath: root.path) ?? []
            for path in paths.sorted() where !path.hasSuffix("-wal") && !path.hasSuffix("-shm") && !ContainerReader.isSystemWritten(path) {
                var isDirectory: ObjCBool = false
                guard FileManager.default.fileExists(atPath: root.appendingPathComponent(path).path, isDirectory: &isDirectory), !isDirectory.boolValue else {
                    continue
                }
                // An absolute path names the file as well as a relative one.
                observation.storage.append(StoredItem(.file, root.appendingPathComponent(path).path, "(listed)"))
            }
            return observation
        }
    }

    private func outcome(_ report: AdapterDoctor.Report, _ name: String) throws -> AdapterDoctor.Outcome {
        try #require(report.outcomes.first { $0.name == name }, "\(report.outcomes.map(\.name))")
    }

    @Test("files the adapter never reports are named, with the advice to report them or read the container")
    func underReporting() async throws {
        let container = try TemporaryDirectory()
        let report = await AdapterDoctor(.inProcess { ContainerAppAdapter(build: .unreportedCache, container: container.url) }).run()
        let found = try outcome(report, Self.check)
        #expect(found.status == .failed)
        #expect(
            found.detail
                == "in the container but never in the adapter's storage: Library/Caches/records-cache.json, Library/Caches/store-hours.json, Library/Logs/app.log"
        )
        #expect(found.hint?.contains("Report each of these files") == true && found.hint?.contains("SandboxObserver") == true)
        #expect(!report.passed)
    }

    @Test("a reset that leaves the declared container gone is no fresh install, saying why and how to reset instead")
    func containerGoneAfterReset() async throws {
        struct DeletingAdapter: ConformanceAdapter {
            let base: ListingAdapter
            var identity: AdapterIdentity { base.identity }
            func reset(environment: AppEnvironment) async throws {
                try await base.reset(environment: environment)
                try? FileManager.default.removeItem(atPath: base.identity.dataContainer!)
            }
            func handle(_ event: AppEvent) async throws -> Observation { try await base.handle(event) }
            func observe() async throws -> Observation { try await base.observe() }
        }
        let container = try TemporaryDirectory()
        let report = await AdapterDoctor(
            .inProcess { DeletingAdapter(base: ListingAdapter(base: ContainerAppAdapter(build: .walRow, container: container.url))) }
        )
        .run()
        let found = try outcome(report, "reset is a fresh install")
        #expect(found.status == .failed)
        #expect(found.detail.contains(", the container cannot be read: "), "\(found.detail)")
        #expect(found.hint?.contains("reset must leave the app's container there, empty") == true)
        #expect(!report.passed)
    }

    @Test("an adapter that names every file passes, a database's -wal and -shm going with it")
    func everyFileNamed() async throws {
        let container = try TemporaryDirectory()
        let report = await AdapterDoctor(.inProcess { ListingAdapter(base: ContainerAppAdapter(build: .walRow, container: container.url)) }).run()
        let found = try outcome(report, Self.check)
        #expect(found.status == .passed, "\(found.detail)")
        #expect(report.passed, "\(report.render(terminal: false))")
    }

    /// An adapter that reports its container as the kit's `SandboxObserver` does: each file as the
    /// harness reads it, its key noting how it was read (`... [XML property list]`); its app also
    /// keeps its defaults in a property list.
    struct ReaderAdapter: ConformanceAdapter {
        let base: ContainerAppAdapter
        var identity: AdapterIdentity { base.identity }
        func reset(environment: AppEnvironment) async throws { try await base.reset(environment: environment) }
        func handle(_ event: AppEvent) async throws -> Observation {
            let observation = try await base.handle(event)
            // The app keeps its defaults while it runs (reset removes them with the rest).
            let preferences = root.appendingPathComponent("Library/Preferences")
            try FileManager.default.createDirectory(at: preferences, withIntermediateDirectories: true)
            let defaults = try PropertyListSerialization.data(fromPropertyList: ["lastSynced": "09:00"], format: .xml, options: 0)
            try defaults.write(to: preferences.appendingPathComponent("com.example.containerapp.plist"))
            return try read(observation)
        }
        func observe() async throws -> Observation { try read(try await base.observe()) }

        private var root: URL { URL(fileURLWithPath: base.identity.dataContainer!) }

        private func read(_ observation: Observation) throws -> Observation {
            var observation = observation
            observation.storage += try ContainerReader(directory: root).read().items
            return observation
        }
    }

    @Test("a key with the note of how the file was read (SandboxObserver's keys) names the file")
    func keysWithNotes() async throws {
        let container = try TemporaryDirectory()
        let report = await AdapterDoctor(.inProcess { ReaderAdapter(base: ContainerAppAdapter(build: .walRow, container: container.url)) }).run()
        let found = try outcome(report, Self.check)
        #expect(found.status == .passed, "\(found.detail)")
        #expect(report.outcomes.filter { $0.status == .failed }.isEmpty, "\(report.render(terminal: false))")
    }

    @Test("files left after reset fail 'reset is a fresh install', named")
    func filesAfterReset() async throws {
        let container = try TemporaryDirectory()
        let report = await AdapterDoctor(.inProcess { ListingAdapter(base: ContainerAppAdapter(build: .keepsFilesOnReset, container: container.url)) }).run()
        let found = try outcome(report, "reset is a fresh install")
        #expect(found.status == .failed)
        #expect(found.detail.hasSuffix("1 file(s) in the container: Library/Caches/store-hours.json"), "\(found.detail)")
    }

    @Test("without a container the doctor makes no claim about files")
    func noContainer() async throws {
        let container = try TemporaryDirectory()
        let report = await AdapterDoctor(.inProcess { ContainerAppAdapter(build: .unreportedCache, container: container.url, named: .some(nil)) }).run()
        #expect(!report.outcomes.contains { $0.name == Self.check })
        #expect(report.passed, "\(report.render(terminal: false))")
    }
}
