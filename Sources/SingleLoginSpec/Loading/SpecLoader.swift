import Foundation

/// Reads spec files strictly: every problem is reported at once, each with file, line, column and JSON path.
public enum SpecLoader {
    /// Loads and checks the spec at `path`; the path is used as given in diagnostics.
    public static func load(path: String) throws(SpecLoadingFailure) -> LoadedSpec {
        guard let data = FileManager.default.contents(atPath: path) else {
            let reason = FileManager.default.fileExists(atPath: path) ? "cannot read the file" : "no such file"
            throw SpecLoadingFailure(diagnostics: [
                SpecDiagnostic(location: SourceLocation(file: path, line: 1, column: 1), path: "$", message: reason),
            ])
        }
        return try load(data: data, file: path)
    }

    /// Loads and checks a spec from bytes; `file` names it in diagnostics.
    public static func load(data: Data, file: String) throws(SpecLoadingFailure) -> LoadedSpec {
        try load(bytes: [UInt8](data), file: file)
    }

    /// Loads and checks a spec from UTF-8 bytes; `file` names it in diagnostics.
    public static func load(bytes: [UInt8], file: String) throws(SpecLoadingFailure) -> LoadedSpec {
        throw SpecLoadingFailure(diagnostics: [
            SpecDiagnostic(location: SourceLocation(file: file, line: 1, column: 1), path: "$", message: "the spec loader is not implemented yet"),
        ])
    }
}
