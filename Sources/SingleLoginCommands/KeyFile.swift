import Foundation
import SingleLoginCrypto
import SingleLoginEvents

/// The key files `run --sign` and `verify --trusted-key` read: a key, or an error that names the
/// file, says what is wrong with it and how to make one that works.
enum KeyFile {
    /// The RSA private key at `path`, for `option`: exit `unreadable` when the file is missing or
    /// cannot be read, 64 when it is a directory or no regular file, `invalid` when it holds no usable key.
    static func privateKey(_ path: String, option: String, unreadable: ExitStatus, invalid: ExitStatus) throws(CommandFailure) -> RSAPrivateKey {
        let text = try read(path, option: option, status: unreadable, wanted: "the PEM private key 'openssl genpkey' writes")
        do { return try RSAPrivateKey(pem: text) } catch {
            throw CommandFailure(
                status: invalid, message: "error: \(path): not a usable signing key for '\(option)': \(error.problem)\n  fix: \(fix(error, path: path))")
        }
    }

    /// The RSA public key at `path`, for `option`, with the same exit statuses as ``privateKey(_:option:unreadable:invalid:)``.
    static func publicKey(_ path: String, option: String, unreadable: ExitStatus, invalid: ExitStatus) throws(CommandFailure) -> RSAPublicKey {
        let text = try read(path, option: option, status: unreadable, wanted: "the PEM public key 'openssl pkey -in KEY -pubout' writes")
        do { return try RSAPublicKey(pem: text) } catch {
            throw CommandFailure(
                status: invalid, message: "error: \(path): not a usable public key for '\(option)': \(error.problem)\n  fix: \(fix(error, path: path))")
        }
    }

    /// The fix with the file's path in its commands' `-in KEY` (when the path needs no shell quoting), ready to paste.
    private static func fix(_ error: KeyFileError, path: String) -> String {
        let plain = path.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "_./-+@".contains($0)) }
        guard plain else { return error.fix }
        return ["KEY", "CERT", "OLD"].reduce(error.fix) { $0.replacingOccurrences(of: "-in \($1) ", with: "-in \(path) ") }
    }

    /// The file's text; bytes that are not UTF-8 (a DER key) are kept as they are, for the PEM
    /// reader to say that the file holds no PEM block.
    private static func read(_ path: String, option: String, status: ExitStatus, wanted: String) throws(CommandFailure) -> String {
        String(decoding: try SpecInput.file(path, option: option, wanted: wanted, unreadable: status), as: UTF8.self)
    }
}
