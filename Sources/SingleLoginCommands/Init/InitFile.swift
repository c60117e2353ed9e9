import Foundation
import SingleLoginReports

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
        // Every destination is checked first, so that a directory that is a file, or one that cannot
        // be written, stops init with its reason before any file is written.
        for file in files {
            do { try AtomicFileWriter.prepare(directory.appendingPathComponent(file.path)) } catch { throw .unwritable(error.path, error.reason) }
        }
        for file in files {
            let url = directory.appendingPathComponent(file.path)
            do {
                try AtomicFileWriter.write(Data(file.text.utf8), to: url)
                if file.executable { try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: url.path) }
            } catch let error as AtomicFileWriter.WriteError {
                throw .unwritable(error.path, error.reason)
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
