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
        let spec = try decode(bytes: bytes, file: file)
        return LoadedSpec(spec: spec, sha256Hex: SHA256.hexDigest(bytes), byteCount: bytes.count)
    }

    /// Parses and decodes without fingerprinting: every syntax, duplicate-key and model problem, sorted by position.
    public static func decode(bytes: [UInt8], file: String) throws(SpecLoadingFailure) -> Spec {
        let document: JSONParser.Document
        do {
            document = try JSONParser().parseDocument(bytes)
        } catch {
            throw SpecLoadingFailure(diagnostics: [
                SpecDiagnostic(location: SourceLocation(file: file, line: error.position.line, column: error.position.column),
                               path: error.path, message: error.message, fix: error.fix),
            ])
        }
        var decoder = SpecDecoder(file: file)
        for duplicate in document.duplicateKeys {
            decoder.report(duplicate.position, duplicate.objectPath,
                           "duplicate key '\(duplicate.key)' (first at line \(duplicate.firstPosition.line), column \(duplicate.firstPosition.column))",
                           fix: "remove one of the two '\(duplicate.key)' entries")
        }
        let spec = decoder.decodeSpec(document.root)
        guard let spec, decoder.diagnostics.isEmpty else {
            let sorted = decoder.diagnostics.enumerated().sorted { lhs, rhs in
                let (l, r) = (lhs.element.location, rhs.element.location)
                return (l.line, l.column, lhs.offset) < (r.line, r.column, rhs.offset)
            }.map(\.element)
            throw SpecLoadingFailure(diagnostics: sorted)
        }
        return spec
    }
}
