import Foundation

/// Reading a spec file of any kind from disk.
public enum SpecFile {
    /// The bytes of the file at `path`, or a diagnostic at line 1 saying why there are none (no such
    /// file, a directory, not a regular file, unreadable). Commands read with ``SpecSource/read()`` instead, to tell a
    /// missing or unreadable file (exit 66) from an invalid spec (65).
    public static func bytes(atPath path: String) throws(SpecLoadingFailure) -> [UInt8] {
        do { return try SpecFileError.readFile(path) } catch {
            throw SpecLoadingFailure(diagnostics: [
                SpecDiagnostic(location: SourceLocation(file: path, line: 1, column: 1), path: JSONPath.root, message: error.reason)
            ])
        }
    }
}
