import Foundation
import SingleLoginCrypto
import SingleLoginReports

extension Check {
    // MARK: The signature

    /// The seal: what `SHA256SUMS.sig` and the manifest's `signature` say, checked with `trustedKey`
    /// when one is given. A signature file the manifest does not name, or one it names that is
    /// missing, is a finding: the bundle no longer says what it is.
    mutating func checkSignature(trustedKey: RSAPublicKey?) -> BundleVerifier.Seal {
        let signatureFile = BundleManifest.Signature.signatureFile, signedFile = BundleManifest.Signature.signedFile
        let signature = files[signatureFile]
        guard let claimed = manifest.signature else {
            if signature != nil {
                note(signatureFile, "is in the bundle, but manifest.json names no signature")
                return .rejected("\(signatureFile) is not named by manifest.json")
            }
            return trustedKey.map { .rejected("the bundle is unsigned (no \(signatureFile)), but --trusted-key asks for a signature by \($0.fingerprint)") }
                ?? .unsigned
        }
        guard claimed.algorithm == "RS256", claimed.signs == signedFile, claimed.file == signatureFile else {
            note(
                "manifest.json",
                "names a signature this harness does not make (\(claimed.algorithm) over \(claimed.signs) in \(claimed.file)); it signs RS256 over \(signedFile) in \(signatureFile)"
            )
            return .rejected("manifest.json names an unknown signature")
        }
        guard let signature else {
            note(signatureFile, "is missing, but manifest.json names a signature by \(claimed.publicKeySHA256)")
            return .rejected("\(signatureFile) is missing")
        }
        guard let trustedKey else { return .notChecked(signer: claimed.publicKeySHA256) }
        guard trustedKey.fingerprint == claimed.publicKeySHA256 else {
            return .rejected("signed by \(claimed.publicKeySHA256), not by the trusted key \(trustedKey.fingerprint)")
        }
        // The manifest names the key, but only the signature shows that its holder signed: a
        // forger can copy a fingerprint, not make a signature.
        guard let sums = files[signedFile], trustedKey.verifyRS256(Array(sums), signature: Array(signature)) else {
            return .rejected(
                "\(signatureFile) is not a signature of \(signedFile) by the trusted key \(trustedKey.fingerprint): \(signedFile) or the signature changed after signing"
            )
        }
        return .verified(signer: trustedKey.fingerprint)
    }
}
