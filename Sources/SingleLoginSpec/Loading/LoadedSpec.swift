/// A spec that loaded without errors, with the fingerprint of the bytes it came from.
public struct LoadedSpec: Hashable, Sendable {
    /// The decoded spec.
    public var spec: Spec
    /// The SHA-256 of the file's bytes, lowercase hex: reports cite it so a result names the exact spec.
    public var sha256Hex: String
    /// The file's size in bytes.
    public var byteCount: Int
}
