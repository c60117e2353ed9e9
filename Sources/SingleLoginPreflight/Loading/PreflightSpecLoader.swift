import SingleLoginCrypto
import SingleLoginSpec

/// Reads preflight specs strictly with the one `StrictJSONReader`: every problem at once, as
/// compiler-style diagnostics (`file:line:col: error: ...`), sorted by position.
public enum PreflightSpecLoader {
    /// Loads and checks the spec at `path`; the path is used as given in diagnostics.
    public static func load(path: String) throws(SpecLoadingFailure) -> PreflightSpec {
        try load(bytes: SpecFile.bytes(atPath: path), file: path)
    }

    /// Loads and checks a spec from UTF-8 bytes; `file` names it in diagnostics.
    public static func load(bytes: [UInt8], file: String) throws(SpecLoadingFailure) -> PreflightSpec {
        var decoder = PreflightSpecDecoder(file: file)
        return try decoder.read(bytes) { $0.decodeSpec($1, sha256Hex: SHA256.hexDigest(bytes)) }
    }
}
