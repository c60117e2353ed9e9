import CSQLite
import Foundation

/// Every table's rows of a SQLite database, read as the app would read them: the database with
/// its `-wal` (rows committed there are not in the main file until a checkpoint) and `-shm`.
///
/// SQLite may write to a database it opens, even read-only (it rebuilds the WAL index, it
/// checkpoints on close): it opens a copy in a temporary directory, so the app's files are never touched.
enum SQLiteSnapshot {
    /// Whether `bytes` begin with SQLite's header string.
    static func isDatabase(_ bytes: [UInt8]) -> Bool { bytes.starts(with: header) }
    private static let header: [UInt8] = Array("SQLite format 3\0".utf8)

    /// The tables' rows as text, one line a row: `table users: id=1, name=Alice Adams`; blobs go
    /// through `decodeBlob`. Stops adding rows past `limit` characters (and says so on the last line).
    static func text(of database: URL, limit: Int, decodeBlob: ([UInt8]) -> String) throws -> String {
        let manager = FileManager.default
        let copy = manager.temporaryDirectory.appendingPathComponent("sl-container-sqlite-\(UUID().uuidString)")
        try manager.createDirectory(at: copy, withIntermediateDirectories: true)
        defer { try? manager.removeItem(at: copy) }
        let target = copy.appendingPathComponent("db")
        try manager.copyItem(at: database, to: target)
        for suffix in ["-wal", "-shm"] {
            let companion = URL(fileURLWithPath: database.path + suffix)
            if manager.fileExists(atPath: companion.path) { try manager.copyItem(at: companion, to: URL(fileURLWithPath: target.path + suffix)) }
        }
        var handle: OpaquePointer?
        guard sqlite3_open_v2(target.path, &handle, SQLITE_OPEN_READONLY, nil) == SQLITE_OK, let db = handle else {
            let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
            sqlite3_close(handle)
            throw SQLiteError(message: message)
        }
        defer { sqlite3_close(db) }
        var lines: [String] = []
        var length = 0
        let tables = try rows(db, "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name", decodeBlob: decodeBlob).compactMap { $0.first?.1 }
        for table in tables {
            let quoted = "\"" + table.replacingOccurrences(of: "\"", with: "\"\"") + "\""
            for row in try rows(db, "SELECT * FROM \(quoted)", decodeBlob: decodeBlob) {
                let line = "table \(table): " + row.map { "\($0.0)=\($0.1)" }.joined(separator: ", ")
                guard length + line.count <= limit else {
                    lines.append("(rows past the first \(limit) characters not read)")
                    return lines.joined(separator: "\n")
                }
                lines.append(line)
                length += line.count + 1
            }
        }
        return lines.joined(separator: "\n")
    }

    /// The rows `sql` selects, each as its columns' names and values as text.
    private static func rows(_ db: OpaquePointer, _ sql: String, decodeBlob: ([UInt8]) -> String) throws -> [[(String, String)]] {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(db, sql, -1, &statement, nil) == SQLITE_OK, let statement else {
            throw SQLiteError(message: String(cString: sqlite3_errmsg(db)))
        }
        defer { sqlite3_finalize(statement) }
        var result: [[(String, String)]] = []
        while true {
            let step = sqlite3_step(statement)
            if step == SQLITE_DONE { break }
            guard step == SQLITE_ROW else { throw SQLiteError(message: String(cString: sqlite3_errmsg(db))) }
            var row: [(String, String)] = []
            for column in 0..<sqlite3_column_count(statement) {
                let name = sqlite3_column_name(statement, column).map { String(cString: $0) } ?? "column\(column)"
                let value: String
                switch sqlite3_column_type(statement, column) {
                case SQLITE_NULL: value = "NULL"
                case SQLITE_BLOB:
                    let count = Int(sqlite3_column_bytes(statement, column))
                    let bytes = sqlite3_column_blob(statement, column).map { Array(UnsafeRawBufferPointer(start: $0, count: count)) } ?? []
                    value = decodeBlob(bytes)
                default: value = sqlite3_column_text(statement, column).map { String(cString: $0) } ?? ""
                }
                row.append((name, value))
            }
            result.append(row)
        }
        return result
    }

    /// What SQLite said when it could not read the database.
    struct SQLiteError: Error, CustomStringConvertible {
        var message: String
        var description: String { "SQLite: \(message)" }
    }
}
