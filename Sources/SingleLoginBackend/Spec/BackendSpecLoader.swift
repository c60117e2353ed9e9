import SingleLoginCrypto
import SingleLoginSpec

/// Reads `specs/backend.json` strictly with the one `StrictJSONReader`: every problem (syntax,
/// unknown or missing keys with "did you mean", wrong types, unknown probes, levels or modes,
/// duplicate IDs) at once, as `file:line:column: error: message (at $.json.path)`, sorted by position.
public enum BackendSpecLoader {
    /// The spec used when `--spec` is not given.
    public static let defaultPath = "specs/backend.json"

    /// Loads the spec at `path`; the path is used as given in diagnostics.
    public static func load(path: String) throws(SpecLoadingFailure) -> BackendSpec {
        try load(bytes: SpecFile.bytes(atPath: path), file: path)
    }

    /// Loads a spec from UTF-8 bytes; `file` names it in diagnostics.
    public static func load(bytes: [UInt8], file: String) throws(SpecLoadingFailure) -> BackendSpec {
        var decoder = BackendSpecDecoder(file: file)
        return try decoder.read(bytes) { $0.decodeSpec($1, sha256Hex: SHA256.hexDigest(bytes)) }
    }
}
