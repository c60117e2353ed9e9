import Foundation
import Testing
import SingleLoginAdapter
import SingleLoginContainer
import SingleLoginTestSupport

/// What the harness reads of a data container by itself: each format decoded to text the scan
/// reads, the files it cannot decode named, unchanged files not read again, the app's files untouched.
@Suite("The container reader")
struct ContainerReaderTests {
    private static let name = "alice.adams@contoso.example"

    private func write(_ bytes: [UInt8], _ path: String, in directory: TemporaryDirectory) throws {
        let url = directory.url.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(bytes).write(to: url)
    }

    private func item(_ snapshot: ContainerSnapshot, _ path: String) -> StoredItem? {
        snapshot.items.first { ContainerItemKey.path(of: $0.key) == path }
    }

    @Test("text, JSON, XML and binary property lists, keyed archives and zlib streams are read as text, with how each was read in its key")
    func formats() throws {
        let directory = try TemporaryDirectory()
        let archive = try NSKeyedArchiver.archivedData(withRootObject: ["account": Self.name] as NSDictionary, requiringSecureCoding: false)
        let plist = try PropertyListSerialization.data(fromPropertyList: ["user": Self.name, "blob": Data(Self.name.utf8)], format: .xml, options: 0)
        let binary = try PropertyListSerialization.data(fromPropertyList: ["nested": archive], format: .binary, options: 0)
        let json = Array(#"{"user":"alice.adams@contoso.example"}"#.utf8)
        try write(Array("hello \(Self.name)\n".utf8), "Documents/note.txt", in: directory)
        try write(json, "Documents/user.json", in: directory)
        try write(Array(plist), "Library/Preferences/com.example.plist", in: directory)
        try write(Array(binary), "Library/state.bplist", in: directory)
        try write(GzipWriter.compress(Array(archive)), "Library/Caches/session.gz", in: directory)
        try write(GzipWriter.compress(json, framing: .zlib), "Library/user.z", in: directory)
        try write(GzipWriter.compress(json, framing: .raw), "Library/user.deflate", in: directory)
        let snapshot = try ContainerReader(directory: directory.url).read()
        let expected: [(String, String, StoredItem.Area)] = [
            ("Documents/note.txt", "Documents/note.txt", .file),
            ("Documents/user.json", "Documents/user.json", .file),
            ("Library/Preferences/com.example.plist", "Library/Preferences/com.example.plist [XML property list]", .defaults),
            ("Library/state.bplist", "Library/state.bplist [binary property list]", .file),
            ("Library/Caches/session.gz", "Library/Caches/session.gz [gzip: keyed archive]", .cache),
            ("Library/user.z", "Library/user.z [zlib]", .file),
            ("Library/user.deflate", "Library/user.deflate [raw deflate]", .file),
        ]
        for (path, key, area) in expected {
            let found = try #require(item(snapshot, path), "\(path) was not read")
            #expect(found.key == key)
            #expect(found.area == area)
            #expect(found.source == .container)
            #expect(found.value.contains(Self.name), "\(path) decoded to \(found.value)")
        }
        #expect(snapshot.undecodedFiles.isEmpty)
    }

    @Test("a SQLite database is read with the rows of its -wal, on a copy: the app's files are not changed")
    func databaseWithWAL() throws {
        let directory = try TemporaryDirectory()
        let database = WALDatabase(url: directory.url.appendingPathComponent("Library/history.sqlite"))
        database.insert(record: "rec-1", title: "Shift task for \(Self.name)")
        let files = ["Library/history.sqlite", "Library/history.sqlite-shm", "Library/history.sqlite-wal"]
        let before = try files.map { try Data(contentsOf: directory.url.appendingPathComponent($0)) }
        #expect(database.mainFileRowCount() == 0, "the row is only in the -wal")
        let snapshot = try ContainerReader(directory: directory.url).read()
        #expect(snapshot.files == files)
        #expect(snapshot.items.count == 1, "the -wal and -shm are read with their database")
        let read = try #require(item(snapshot, "Library/history.sqlite"))
        #expect(read.key == "Library/history.sqlite [SQLite]")
        #expect(read.value.contains("table opened: record=rec-1, title=Shift task for \(Self.name)"))
        #expect(try files.map { try Data(contentsOf: directory.url.appendingPathComponent($0)) } == before)
        database.close()
    }

    @Test("a file in no known format is named as not decoded, with its printable runs; a long file is cut with a note")
    func undecodedAndCapped() throws {
        let directory = try TemporaryDirectory()
        try write([0x00, 0x01, 0xFE] + Array("user=\(Self.name)".utf8) + [0x00, 0x9C], "Library/blob.bin", in: directory)
        try write(Array(repeating: UInt8(ascii: "a"), count: 5000) + Array(Self.name.utf8), "Library/Logs/long.log", in: directory)
        let snapshot = try ContainerReader(directory: directory.url, maxFileBytes: 4096).read()
        #expect(snapshot.undecodedFiles == ["Library/blob.bin"])
        let blob = try #require(item(snapshot, "Library/blob.bin"))
        #expect(blob.key.contains("not decoded: 37 bytes in no format the harness reads; only its printable runs were scanned"))
        #expect(blob.value == "user=\(Self.name)")
        let long = try #require(item(snapshot, "Library/Logs/long.log"))
        #expect(long.key == "Library/Logs/long.log [only the first 4 KiB of 4.9 KiB read]")
        #expect(!long.value.contains(Self.name))
    }

    @Test("an unchanged file is not read again; a changed one is; a removed one is gone; the container manager's file is not the app's")
    func unchangedFilesKept() throws {
        let directory = try TemporaryDirectory()
        try write(Array("one".utf8), "Documents/a.txt", in: directory)
        try write(Array("<plist/>".utf8), ".com.apple.mobile_container_manager.metadata.plist", in: directory)
        let url = directory.url.appendingPathComponent("Documents/a.txt")
        let time = Date(timeIntervalSince1970: 1_700_000_000)
        try FileManager.default.setAttributes([.modificationDate: time], ofItemAtPath: url.path)
        let reader = ContainerReader(directory: directory.url)
        #expect(try reader.read().items.map(\.value) == ["one"])
        // Same size, same time: the reader keeps what it read (a walk after every step must be cheap).
        try Data("two".utf8).write(to: url)
        try FileManager.default.setAttributes([.modificationDate: time], ofItemAtPath: url.path)
        #expect(try reader.read().items.map(\.value) == ["one"])
        try FileManager.default.setAttributes([.modificationDate: time.addingTimeInterval(5)], ofItemAtPath: url.path)
        #expect(try reader.read().items.map(\.value) == ["two"])
        try FileManager.default.removeItem(at: url)
        #expect(try reader.read().files.isEmpty)
    }

    @Test("a directory that is not there is an error that names it")
    func missingDirectory() {
        let reader = ContainerReader(directory: URL(fileURLWithPath: "/nonexistent/sl-container"))
        #expect(throws: ContainerReader.Unreadable.self) { try reader.read() }
        do { _ = try reader.read() } catch {
            #expect(error.description == "the app's data container '/nonexistent/sl-container' cannot be read: no such directory")
        }
    }
}

@Suite("What iOS writes into an app's container")
struct SystemWrittenFilesTests {
    @Test(
        "is left out of the walk",
        arguments: [
            ".com.apple.mobile_container_manager.metadata.plist",
            "Library/SplashBoard/Snapshots/sceneID:com.example.app-default/4B1F0E3A@3x.ktx",
            "Library/SplashBoard/",
            "Library/Caches/Snapshots/com.example.app/Main.ktx",
            "Library/Saved Application State/com.example.app.savedState/KnownSceneSessions/data.data",
            "SystemData/com.apple.SafariViewService/Library/WebKit/WebsiteData/origins",
            "Library/Preferences/com.apple.EmojiCache.plist",
            "Library/Caches/com.apple.dyld/app.closure",
        ])
    func systemWritten(path: String) {
        #expect(ContainerReader.isSystemWritten(path))
    }

    @Test(
        "the app's own files are read, whatever their names",
        arguments: [
            "Library/Preferences/com.example.app.plist",
            "Library/Preferences/com.apple.plist/nested",
            "Documents/com.apple.mobile_container_manager.metadata.plist",
            "Documents/SplashBoard/notes.txt",
            "Library/Application Support/history.sqlite",
            "Library/Caches/com.example.app/fsCachedData/1A2B",
            "Library/HTTPStorages/com.example.app/httpstorages.sqlite",
            "Library/Cookies/Cookies.binarycookies",
            "tmp/upload.json",
            "SystemDataNotes.txt",
        ])
    func appsOwn(path: String) {
        #expect(!ContainerReader.isSystemWritten(path))
    }
}
