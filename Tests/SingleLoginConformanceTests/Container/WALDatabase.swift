import CSQLite
import Foundation

/// A SQLite database in WAL mode that an app keeps open, as a running app does: with automatic
/// checkpoints off, what it inserts stays in the `-wal` beside the main file until it is closed.
final class WALDatabase: @unchecked Sendable {
    private var handle: OpaquePointer?
    let url: URL

    init(url: URL) {
        self.url = url
        try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        precondition(sqlite3_open(url.path, &handle) == SQLITE_OK)
        execute("PRAGMA journal_mode=WAL")
        execute("PRAGMA wal_autocheckpoint=0")
        execute("CREATE TABLE IF NOT EXISTS opened (record TEXT, title TEXT)")
    }

    /// Runs `sql`, which must succeed.
    func execute(_ sql: String) {
        var error: UnsafeMutablePointer<CChar>?
        let status = sqlite3_exec(handle, sql, nil, nil, &error)
        precondition(status == SQLITE_OK, error.map { String(cString: $0) } ?? "SQLite \(status)")
    }

    /// Inserts one row; its text is quoted as SQL wants.
    func insert(record: String, title: String) {
        func quoted(_ text: String) -> String { "'" + text.replacingOccurrences(of: "'", with: "''") + "'" }
        execute("INSERT INTO opened VALUES (\(quoted(record)), \(quoted(title)))")
    }

    /// The main file's rows, read as an adapter that opens only the file it names would: a copy of
    /// it alone, without its `-wal`.
    func mainFileRowCount() -> Int {
        let copy = FileManager.default.temporaryDirectory.appendingPathComponent("sl-wal-main-\(UUID().uuidString).sqlite")
        defer { try? FileManager.default.removeItem(at: copy) }
        guard (try? FileManager.default.copyItem(at: url, to: copy)) != nil else { return 0 }
        var other: OpaquePointer?
        guard sqlite3_open_v2(copy.path, &other, SQLITE_OPEN_READONLY, nil) == SQLITE_OK else { sqlite3_close(other); return 0 }
        defer { sqlite3_close(other) }
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(other, "SELECT count(*) FROM opened", -1, &statement, nil) == SQLITE_OK else { return 0 }
        defer { sqlite3_finalize(statement) }
        return sqlite3_step(statement) == SQLITE_ROW ? Int(sqlite3_column_int(statement, 0)) : 0
    }

    /// Closes the database (which checkpoints and removes the `-wal`).
    func close() {
        sqlite3_close(handle)
        handle = nil
    }

    deinit { if handle != nil { sqlite3_close(handle) } }
}
