import Foundation
import SingleLoginAdapter
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads an app's data container itself, so that what the app stores is scanned whether or not
/// its adapter reports it.
///
/// The walk runs after every step, so it is kept cheap: a file whose size and modification time
/// have not changed since the last walk is not read again (its decoding is kept), and each file
/// is read up to ``maxFileBytes`` (the key says when it was cut). Nothing in the container is ever
/// written: a database is read on a copy.
public final class ContainerReader: Sendable {
    /// The container's directory (it holds `Documents`, `Library` and `tmp`).
    public let directory: URL
    /// The most bytes read of one file.
    public let maxFileBytes: Int
    private let decoder: ContainerFileDecoder
    private let cache = Locked<[String: Cached]>([:])
    /// Whether each file began as a SQLite database, at the stamp it had then: the first bytes of
    /// an unchanged file are not read again either.
    private let headers = Locked<[String: (stamp: Stamp, isDatabase: Bool)]>([:])

    /// Creates a reader of `directory`.
    public init(directory: URL, maxFileBytes: Int = 4 << 20, decoder: ContainerFileDecoder = ContainerFileDecoder()) {
        self.directory = directory.standardizedFileURL
        self.maxFileBytes = maxFileBytes
        self.decoder = decoder
    }

    /// The directory cannot be read.
    public struct Unreadable: Error, CustomStringConvertible {
        /// The directory.
        public var path: String
        /// What is wrong with it.
        public var reason: String
        public var description: String { "the app's data container '\(path)' cannot be read: \(reason)" }
    }

    /// A file's size and modification time: what says it changed.
    private struct Stamp: Hashable {
        var size: Int64
        var seconds: Int
        var nanoseconds: Int
    }

    private struct Cached {
        var stamps: [Stamp?]
        var item: StoredItem
    }

    /// Every file in the container now, decoded.
    public func read() throws(Unreadable) -> ContainerSnapshot {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory) else {
            throw Unreadable(path: directory.path, reason: "no such directory")
        }
        guard isDirectory.boolValue else { throw Unreadable(path: directory.path, reason: "it is a file, not a directory") }
        var stamps: [String: Stamp] = [:]
        guard walk(directory.path, relative: "", into: &stamps) else {
            throw Unreadable(path: directory.path, reason: "it cannot be listed (\(String(cString: strerror(errno))))")
        }
        let files = stamps.keys.sorted()
        let databases = Set(files.filter { isDatabase($0, stamp: stamps[$0]!) })
        var items: [StoredItem] = []
        for path in files {
            // A database's journal files are read with it, under its name.
            if let base = Self.companionBase(of: path), databases.contains(base) { continue }
            let companions = databases.contains(path) ? ["-wal", "-shm"].map { stamps[path + $0] } : []
            let key = [stamps[path]] + companions
            if let cached = cache.withLock({ $0[path] }), cached.stamps == key {
                items.append(cached.item)
                continue
            }
            let item = decode(path, size: stamps[path]?.size ?? 0)
            cache.withLock { $0[path] = Cached(stamps: key, item: item) }
            items.append(item)
        }
        cache.withLock { cache in for path in cache.keys where stamps[path] == nil { cache[path] = nil } }
        headers.withLock { headers in for path in headers.keys where stamps[path] == nil { headers[path] = nil } }
        return ContainerSnapshot(files: files, items: items)
    }

    /// Adds every regular file below `path` (symbolic links are not followed: they point outside
    /// the container, or at a file already listed) with its stamp; false when `path` cannot be listed.
    private func walk(_ path: String, relative: String, into stamps: inout [String: Stamp]) -> Bool {
        guard let handle = opendir(path) else { return false }
        defer { closedir(handle) }
        while let entry = readdir(handle) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in String(cString: raw.bindMemory(to: CChar.self).baseAddress!) }
            if name == "." || name == ".." { continue }
            let full = path + "/" + name
            let child = relative.isEmpty ? name : relative + "/" + name
            var info = stat()
            guard lstat(full, &info) == 0 else { continue }
            switch info.st_mode & S_IFMT {
            case S_IFDIR: if !Self.isSystemWritten(child + "/") { _ = walk(full, relative: child, into: &stamps) }
            case S_IFREG:
                if Self.isSystemWritten(child) { continue }
                #if canImport(Darwin)
                let time = info.st_mtimespec
                #else
                let time = info.st_mtim
                #endif
                stamps[child] = Stamp(size: Int64(info.st_size), seconds: Int(time.tv_sec), nanoseconds: Int(time.tv_nsec))
            default: continue
            }
        }
        return true
    }

    /// The file's decoding as one stored item.
    private func decode(_ path: String, size: Int64) -> StoredItem {
        let url = directory.appendingPathComponent(path)
        var notes: [String] = []
        guard let handle = FileHandle(forReadingAtPath: url.path) else {
            return StoredItem(
                Self.area(of: path), ContainerItemKey.key(path: path, formats: [], notes: [ContainerItemKey.undecoded("the file cannot be opened")]), "",
                source: .container)
        }
        defer { try? handle.close() }
        let bytes = Array((try? handle.read(upToCount: maxFileBytes)) ?? Data())
        if size > Int64(maxFileBytes), !SQLiteSnapshot.isDatabase(bytes) {
            notes.append("only the first \(Self.sizeText(Int64(maxFileBytes))) of \(Self.sizeText(size)) read")
        }
        let decoded = decoder.decode(file: url, bytes: bytes)
        if let reason = decoded.undecodedReason { notes.append(ContainerItemKey.undecoded(reason)) }
        return StoredItem(Self.area(of: path), ContainerItemKey.key(path: path, formats: decoded.formats, notes: notes), decoded.text, source: .container)
    }

    /// Whether the file begins as a SQLite database does.
    private func isDatabase(_ path: String, stamp: Stamp) -> Bool {
        if let known = headers.withLock({ $0[path] }), known.stamp == stamp { return known.isDatabase }
        var header: [UInt8] = []
        if let handle = FileHandle(forReadingAtPath: directory.appendingPathComponent(path).path) {
            header = Array((try? handle.read(upToCount: 16)) ?? Data())
            try? handle.close()
        }
        let isDatabase = SQLiteSnapshot.isDatabase(header)
        headers.withLock { $0[path] = (stamp, isDatabase) }
        return isDatabase
    }

    /// `Library/app.sqlite` for `Library/app.sqlite-wal` and `-shm`.
    static func companionBase(of path: String) -> String? {
        for suffix in ["-wal", "-shm"] where path.hasSuffix(suffix) { return String(path.dropLast(suffix.count)) }
        return nil
    }

    /// Where iOS keeps such a file: `Library/Preferences` holds the defaults, `Library/Caches` the caches.
    static func area(of path: String) -> StoredItem.Area {
        if path.hasPrefix("Library/Preferences/"), path.hasSuffix(".plist") { return .defaults }
        if path.hasPrefix("Library/Caches/") { return .cache }
        return .file
    }

    /// `4 MiB`, `4.9 KiB`, `300 bytes`: one decimal where the unit is not whole.
    static func sizeText(_ bytes: Int64) -> String {
        for (unit, shift) in [("MiB", 20), ("KiB", 10)] where bytes >= Int64(1) << shift {
            let whole = bytes >> shift, tenths = ((bytes - (whole << shift)) * 10) >> shift
            return tenths == 0 ? "\(whole) \(unit)" : "\(whole).\(tenths) \(unit)"
        }
        return "\(bytes) bytes"
    }
}
