import Foundation
import SingleLoginCrypto

/// Reads spec files strictly: every problem is reported at once, each with file, line, column and JSON path.
public enum SpecLoader {
    /// Loads and checks the spec at `path`; the path is used as given in diagnostics.
    public static func load(path: String) throws(SpecLoadingFailure) -> LoadedSpec {
        try load(bytes: SpecFile.bytes(atPath: path), file: path)
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
        var decoder = SpecDecoder(file: file)
        return try decoder.read(bytes) { $0.decodeSpec($1) }
    }
}
