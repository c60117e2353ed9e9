/// Why a key file cannot be used: what is wrong with it, and how to make one that can be.
///
/// Neither names the file: the caller knows its path and prints `error: PATH: problem` and `fix: ...`.
public struct KeyFileError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong, e.g. "it holds an EC key; RS256 needs an RSA key".
    public var problem: String
    /// What to do, e.g. a command that makes a usable key.
    public var fix: String

    public var description: String { problem }

    /// The command that makes a key `run --sign` accepts.
    public static let makeKey =
        "make one with 'openssl genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:2048 -out signing-key.pem' and give its public key ('openssl pkey -in signing-key.pem -pubout -out signing-key.pub.pem') to whoever verifies"
}
