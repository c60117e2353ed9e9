import Foundation

/// A spec (or other input) file that cannot be read at all: missing, a directory, or unreadable.
///
/// Never a "spec invalid": `sl-conformance` exits 66 (`EX_NOINPUT`) for a missing or unreadable
/// file and 64 (usage) for a directory given where a file is needed.
public struct SpecFileError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong with the file.
    public enum Problem: Hashable, Sendable {
        /// Nothing is at the path.
        case noSuchFile
        /// The path is a directory.
        case isDirectory
        /// It exists but cannot be read, with the system's reason.
        case unreadable(reason: String)
    }

    /// The path as given.
    public var path: String
    /// What is wrong.
    public var problem: Problem

    /// `specs/x.json: error: no such file`.
    public var description: String {
        switch problem {
        case .noSuchFile: "\(path): error: no such file"
        case .isDirectory: "\(path): error: is a directory, not a file"
        case let .unreadable(reason): "\(path): error: cannot read the file: \(reason)"
        }
    }

    /// Reads the file at `path`, naming what is wrong when it cannot.
    public static func readFile(_ path: String) throws(SpecFileError) -> [UInt8] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw SpecFileError(path: path, problem: .noSuchFile)
        }
        if isDirectory.boolValue { throw SpecFileError(path: path, problem: .isDirectory) }
        do {
            return [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        } catch {
            let reason = FileManager.default.isReadableFile(atPath: path) ? error.localizedDescription : "permission denied"
            throw SpecFileError(path: path, problem: .unreadable(reason: reason))
        }
    }
}
