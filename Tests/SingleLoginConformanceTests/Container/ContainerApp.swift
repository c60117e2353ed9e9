import Foundation
import ReferenceApp
import SingleLoginAdapter

/// An app model that writes real files into a data container, as an iOS app does, and whose
/// adapter names that container in its identity: the harness reads it itself.
///
/// The app's logic is the conformant reference app's; each ``ContainerAppBuild`` adds what it
/// keeps on disk and what its adapter leaves out of its report.
actor ContainerApp {
    let build: ContainerAppBuild
    let container: URL
    private let reference = ReferenceApp()
    private var database: WALDatabase?
    private var fileManager: FileManager { .default }

    init(build: ContainerAppBuild, container: URL) {
        self.build = build
        self.container = container
    }

    /// The public reference data every build caches: the same on every device, no user's.
    static let storeHours = #"[{"store":"Northwind Central","opens":"07:00","closes":"22:00"},{"store":"Northwind Harbour","opens":"08:00","closes":"20:00"}]"#

    func install(_ environment: AppEnvironment) async {
        database?.close()
        database = nil
        // A fresh install: nothing in the container, but the directories iOS makes.
        if let contents = try? fileManager.contentsOfDirectory(atPath: container.path) {
            for name in contents { try? fileManager.removeItem(at: container.appendingPathComponent(name)) }
        }
        for directory in ["Documents", "Library/Caches", "Library/Preferences", "tmp"] {
            try? fileManager.createDirectory(at: container.appendingPathComponent(directory), withIntermediateDirectories: true)
        }
        // ... and the container manager's record of whose container it is, at its root.
        write(".com.apple.mobile_container_manager.metadata.plist", Array(Self.containerMetadata.utf8))
        if build == .keepsFilesOnReset { write("Library/Caches/store-hours.json", Array(Self.storeHours.utf8)) }
        await reference.install(environment)
    }

    func handle(_ event: AppEvent) async -> Observation {
        let observation = await reference.handle(event)
        return await report(observation, after: event)
    }

    func observe() async -> Observation { await report(await reference.observe(), after: nil) }

    /// Writes what this build keeps, and returns the report its adapter makes of it.
    private func report(_ observation: Observation, after event: AppEvent?) async -> Observation {
        var reported = observation
        // The reference app's files are real files here (its keychain, defaults and memory are not files).
        let files = observation.storage.filter { $0.area == .file }
        for item in files { write(item.key, Array(item.value.utf8)) }
        if !files.contains(where: { $0.key == "Documents/records.json" }) { remove("Documents/records.json") }
        // Every build: harmless files, never reported (they hold no user's data).
        if event == .launch {
            write("Library/Caches/store-hours.json", Array(Self.storeHours.utf8))
            append("Library/Logs/app.log", "launch: app started, shared device mode checked\n")
        }
        writeWhatIOSWrites(after: event, signedIn: observation.signedInAccount)
        let records = files.first { $0.key == "Documents/records.json" }?.value
        let signedIn = observation.signedInAccount
        switch build {
        case .conformant, .keepsFilesOnReset:
            break
        case .unreportedCache:
            // Written while signed in, never cleared, never reported.
            if let records { write("Library/Caches/records-cache.json", Array(records.utf8)) }
        case .walRow:
            if let records, let decoded = try? JSONDecoder().decode([UserRecord].self, from: Data(records.utf8)) {
                let database = self.database ?? WALDatabase(url: container.appendingPathComponent("Library/Application Support/history.sqlite"))
                self.database = database
                database.execute("DELETE FROM opened")
                for record in decoded { database.insert(record: record.id, title: record.title) }
            }
            if let database {
                // What the adapter reads: the database file alone, without its -wal.
                reported.storage.append(StoredItem(.file, "Library/Application Support/history.sqlite", "table opened: \(database.mainFileRowCount()) rows"))
            }
        case .gzippedArchive:
            if let signedIn, let name = observation.screen.first(where: { $0.text.hasPrefix("Signed in as ") })?.text.dropFirst("Signed in as ".count) {
                let archive = try! NSKeyedArchiver.archivedData(
                    withRootObject: ["account": signedIn, "displayName": String(name)] as NSDictionary, requiringSecureCoding: false)
                write("Library/Application Support/session.archive.gz", GzipWriter.compress(Array(archive)))
            }
            if let bytes = fileManager.contents(atPath: container.appendingPathComponent("Library/Application Support/session.archive.gz").path) {
                reported.storage.append(StoredItem(.file, "Library/Application Support/session.archive.gz", bytes.base64EncodedString()))
            }
        }
        return reported
    }

    /// The container manager's metadata, as iOS writes it at install.
    static let containerMetadata = """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><dict><key>MCMMetadataIdentifier</key><string>com.example.container</string></dict></plist>
        """

    /// What iOS itself writes into every app's container, whatever the build, and never removes
    /// for the app: the switcher's snapshot as the app left the foreground, UIKit's scene
    /// sessions, a system service's website data and a framework's preferences. Here each names
    /// the user signed in when it was written (a snapshot of an app without a privacy cover shows
    /// them; a scene's restoration activity or a sign-in page's data can hold their username), so
    /// that the walk must leave them out, or a conformant app would fail on a real Simulator.
    private func writeWhatIOSWrites(after event: AppEvent?, signedIn: String?) {
        guard let signedIn else { return }
        if event == .suspend {
            write("Library/SplashBoard/Snapshots/sceneID:com.example.container-default/4B1F0E3A@3x.ktx", Array("KTX 11 Signed in as \(signedIn)".utf8))
        }
        write("Library/Saved Application State/com.example.container.savedState/KnownSceneSessions/data.data", Array("scene: default; user: \(signedIn)".utf8))
        write("SystemData/com.apple.SafariViewService/Library/WebKit/WebsiteData/origins", Array("login.microsoftonline.com login_hint=\(signedIn)".utf8))
        write("Library/Preferences/com.apple.EmojiCache.plist", Array("recent: 👍 (typed by \(signedIn))".utf8))
    }

    private func write(_ path: String, _ bytes: [UInt8]) {
        let url = container.appendingPathComponent(path)
        if fileManager.contents(atPath: url.path).map({ Array($0) == bytes }) == true { return }  // unchanged: its time stays
        try? fileManager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try? Data(bytes).write(to: url)
    }

    private func append(_ path: String, _ line: String) {
        let old = fileManager.contents(atPath: container.appendingPathComponent(path).path) ?? Data()
        write(path, Array(old) + Array(line.utf8))
    }

    private func remove(_ path: String) { try? fileManager.removeItem(at: container.appendingPathComponent(path)) }
}

/// ``ContainerApp`` as an in-process adapter that names its container in its identity.
struct ContainerAppAdapter: ConformanceAdapter {
    let app: ContainerApp
    let identity: AdapterIdentity

    /// An adapter of `build` writing into `container`, whose identity names `named` (the container by default; nil names none).
    init(build: ContainerAppBuild, container: URL, named: String?? = .none) {
        app = ContainerApp(build: build, container: container)
        identity = AdapterIdentity(
            adapterName: "container-app", adapterVersion: "1.0.0", appName: "Container App (\(build.rawValue))", appVersion: "1.0.0",
            bundleId: "com.example.container", msalVersion: "2.13.0", dataContainer: named ?? container.path)
    }

    func reset(environment: AppEnvironment) async throws { await app.install(environment) }
    func handle(_ event: AppEvent) async throws -> Observation { await app.handle(event) }
    func observe() async throws -> Observation { await app.observe() }
}
