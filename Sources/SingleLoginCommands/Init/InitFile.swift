import Foundation

/// One file `init` writes: its path relative to the target directory, and its text.
struct InitFile: Sendable, Equatable {
    /// The path inside the directory, `/`-separated: `Sources/ShiftBoardConformance/ShiftBoardAdapter.swift`.
    var path: String
    /// The file's text.
    var text: String
    /// Whether it is a script to run directly (`chmod +x`).
    var executable = false

    /// Writes every file under `directory`, after checking them all: with `force` false, a file
    /// that exists already is a usage error that names every such file, and nothing is written.
    static func write(_ files: [InitFile], into directory: URL, force: Bool) throws(WriteError) {
        let existing = files.map(\.path).filter { FileManager.default.fileExists(atPath: directory.appendingPathComponent($0).path) }
        if !force, !existing.isEmpty {
            throw .exists(existing)
        }
        for file in files {
            let url = directory.appendingPathComponent(file.path)
            do {
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(file.text.utf8).write(to: url, options: .atomic)
                if file.executable { try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: url.path) }
            } catch {
                throw .unwritable(url.path, error.localizedDescription)
            }
        }
    }

    /// Why ``write(_:into:force:)`` wrote nothing, or stopped.
    enum WriteError: Error, Equatable {
        /// These files exist (paths inside the directory), and `force` was not given: nothing was written.
        case exists([String])
        /// This file could not be written, for this reason.
        case unwritable(String, String)
    }
}
