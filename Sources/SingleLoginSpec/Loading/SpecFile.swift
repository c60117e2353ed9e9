import Foundation

/// Reading a spec file of any kind from disk.
public enum SpecFile {
    /// The bytes of the file at `path`, or a diagnostic at line 1 saying why there are none.
    public static func bytes(atPath path: String) throws(SpecLoadingFailure) -> [UInt8] {
        guard let data = FileManager.default.contents(atPath: path) else {
            let reason = FileManager.default.fileExists(atPath: path) ? "cannot read the file" : "no such file"
            throw SpecLoadingFailure(diagnostics: [
                SpecDiagnostic(location: SourceLocation(file: path, line: 1, column: 1), path: JSONPath.root, message: reason),
            ])
        }
        return [UInt8](data)
    }
}
