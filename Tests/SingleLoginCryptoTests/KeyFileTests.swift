import Foundation
import Testing
@testable import SingleLoginCrypto

/// The committed key fixtures (see Fixtures/README.md: OpenSSL made every one).
enum KeyFixtures {
    static let directory = Bundle.module.url(forResource: "Fixtures", withExtension: nil)!

    static func text(_ name: String) -> String {
        (try? String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)) ?? ""
    }

    static func bytes(_ name: String) -> [UInt8] {
        Array((try? Data(contentsOf: directory.appendingPathComponent(name))) ?? Data())
    }

    /// The DER inside the first PEM block of `name`, as OpenSSL wrote it.
    static func der(_ name: String) -> [UInt8] {
        let body = text(name).split(separator: "\n").filter { !$0.hasPrefix("-----") }.joined()
        return Array(Data(base64Encoded: body) ?? Data())
    }
}

@Suite("PEM key files: what OpenSSL writes is read, everything else refused with a fix")
struct KeyFileTests {
    @Test("the PKCS #8 and PKCS #1 forms of one key, and its two public forms, are one key with one fingerprint")
    func forms() throws {
        let pkcs8 = try RSAPrivateKey(pem: KeyFixtures.text("signer.pem"))
        let pkcs1 = try RSAPrivateKey(pem: KeyFixtures.text("signer-pkcs1.pem"))
        let spki = try RSAPublicKey(pem: KeyFixtures.text("signer-public.pem"))
        let rsaPublic = try RSAPublicKey(pem: KeyFixtures.text("signer-rsa-public.pem"))
        #expect(pkcs8.publicKey == pkcs1.publicKey)
        #expect(pkcs8.publicKey == spki && spki == rsaPublic)
        #expect(spki.n.bitWidth == 2048)
        #expect(Set([pkcs8.publicKey.fingerprint, pkcs1.publicKey.fingerprint, spki.fingerprint, rsaPublic.fingerprint]).count == 1)
        #expect(try RSAPublicKey(pem: KeyFixtures.text("other-public.pem")).fingerprint != spki.fingerprint)
        // Line ends and blank lines around the block are the editor's, not the key's.
        let windows = "\n" + KeyFixtures.text("signer.pem").replacingOccurrences(of: "\n", with: "\r\n")
        #expect(try RSAPrivateKey(pem: windows).publicKey == spki)
    }

    @Test("the fingerprint is the SHA-256 of the SubjectPublicKeyInfo DER exactly as OpenSSL writes it")
    func fingerprint() throws {
        let key = try RSAPublicKey(pem: KeyFixtures.text("signer-public.pem"))
        let openssl = KeyFixtures.der("signer-public.pem")
        #expect(key.subjectPublicKeyInfo == openssl)
        #expect(key.fingerprint == SHA256.hexDigest(openssl))
        #expect(key.fingerprint.count == 64)
    }

    @Test("a signature OpenSSL made verifies, ours over the same message is the same bytes, and an edit breaks it")
    func openSSLSignature() throws {
        let key = try RSAPrivateKey(pem: KeyFixtures.text("signer.pem"))
        let message = KeyFixtures.bytes("message.txt"), signature = KeyFixtures.bytes("message.sig")
        #expect(!message.isEmpty && signature.count == 256)
        #expect(key.publicKey.verifyRS256(message, signature: signature))
        // RSASSA-PKCS1-v1_5 is deterministic: one key and one message give one signature.
        #expect(key.signRS256(message) == signature)
        #expect(!key.publicKey.verifyRS256(message + [0x0a], signature: signature))
        #expect(!(try RSAPublicKey(pem: KeyFixtures.text("other-public.pem"))).verifyRS256(message, signature: signature))
    }

    @Test("a 3072-bit key signs and verifies too")
    func largerKey() throws {
        let key = try RSAPrivateKey(pem: KeyFixtures.text("other.pem"))
        #expect(key.publicKey.n.bitWidth == 3072)
        let signature = key.signRS256(Array("bundle".utf8))
        #expect(signature.count == 384)
        #expect(try RSAPublicKey(pem: KeyFixtures.text("other-public.pem")).verifyRS256(Array("bundle".utf8), signature: signature))
    }

    /// A file that is no usable private key, and words its error must hold.
    struct Refusal: Sendable, CustomStringConvertible {
        var description: String
        var text: @Sendable () -> String
        var problem: String
        var fix: String
    }

    static func pem(_ label: String, _ der: [UInt8]) -> String {
        "-----BEGIN \(label)-----\n\(Data(der).base64EncodedString())\n-----END \(label)-----\n"
    }

    static let privateRefusals: [Refusal] = [
        Refusal(description: "an encrypted PKCS #8 key", text: { KeyFixtures.text("encrypted.pem") }, problem: "encrypted", fix: "openssl pkey -in KEY -out"),
        Refusal(
            description: "an encrypted traditional key",
            text: { "-----BEGIN RSA PRIVATE KEY-----\nProc-Type: 4,ENCRYPTED\nDEK-Info: AES-128-CBC,00\n\nAAAA\n-----END RSA PRIVATE KEY-----\n" },
            problem: "encrypted", fix: "passphrase"),
        Refusal(
            description: "an EC key", text: { KeyFixtures.text("ec.pem") }, problem: "an EC key; RS256 needs an RSA key", fix: "openssl genpkey -algorithm RSA"),
        Refusal(description: "a 1024-bit key", text: { KeyFixtures.text("weak-1024.pem") }, problem: "1024-bit RSA key", fix: "rsa_keygen_bits:2048"),
        Refusal(description: "a public key", text: { KeyFixtures.text("signer-public.pem") }, problem: "public key", fix: "private key"),
        Refusal(
            description: "a certificate", text: { KeyFixtures.text("certificate.pem") }, problem: "no private key (its blocks: CERTIFICATE)",
            fix: "openssl genpkey"),
        Refusal(description: "text that is no PEM", text: { "hello\n" }, problem: "no PEM block", fix: "openssl pkey -inform DER"),
        Refusal(description: "an empty file", text: { "" }, problem: "no PEM block", fix: "openssl genpkey"),
        Refusal(
            description: "a key cut short", text: { String(KeyFixtures.text("signer.pem").prefix(600)) }, problem: "has no '-----END PRIVATE KEY-----' line",
            fix: "cut short"),
        Refusal(
            description: "broken base64", text: { "-----BEGIN PRIVATE KEY-----\nMIIE*vQ\n-----END PRIVATE KEY-----\n" }, problem: "not valid base64",
            fix: "openssl"),
        Refusal(
            description: "DER with a field after the key",
            text: { pem("PRIVATE KEY", DER.sequence(Array(KeyFixtures.der("signer.pem").dropFirst(4)), [0x05, 0x00])) },
            problem: "unexpected bytes after its last field", fix: "openssl pkey"),
        Refusal(
            description: "two keys in one file", text: { KeyFixtures.text("signer.pem") + KeyFixtures.text("other.pem") }, problem: "2 private keys",
            fix: "keep the one"),
        Refusal(
            description: "a PKCS #1 key with a prime changed",
            text: {
                var der = KeyFixtures.der("signer-pkcs1.pem")
                der[der.count - 300] ^= 0x01
                return pem("RSA PRIVATE KEY", der)
            }, problem: "do not make one RSA key", fix: "openssl genpkey"),
    ]

    @Test("every unusable private key file is refused, saying what is wrong and how to fix it", arguments: privateRefusals)
    func privateKeyRefused(_ refusal: Refusal) {
        #expect(throws: KeyFileError.self) { try RSAPrivateKey(pem: refusal.text()) }
        do {
            _ = try RSAPrivateKey(pem: refusal.text())
        } catch {
            #expect(error.problem.contains(refusal.problem), "\(error.problem)")
            #expect(error.fix.contains(refusal.fix), "\(error.fix)")
        }
    }

    static let publicRefusals: [Refusal] = [
        Refusal(
            description: "a private key", text: { KeyFixtures.text("signer.pem") }, problem: "private key, not a public key",
            fix: "openssl pkey -in KEY -pubout"),
        Refusal(description: "a certificate", text: { KeyFixtures.text("certificate.pem") }, problem: "certificate", fix: "openssl x509 -in CERT -pubkey"),
        Refusal(description: "an EC public key", text: { KeyFixtures.text("ec-public.pem") }, problem: "an EC key", fix: "openssl genpkey -algorithm RSA"),
        Refusal(description: "text that is no PEM", text: { "ssh-rsa AAAA user@host\n" }, problem: "no PEM block", fix: "openssl pkey"),
        Refusal(
            description: "a public key with an even modulus",
            text: {
                var der = KeyFixtures.der("signer-rsa-public.pem")
                der[der.count - 6] ^= 0x01
                return pem("RSA PUBLIC KEY", der)
            }, problem: "not an RSA key's", fix: "openssl genpkey"),
        Refusal(
            description: "a truncated SubjectPublicKeyInfo", text: { pem("PUBLIC KEY", Array(KeyFixtures.der("signer-public.pem").dropLast(10))) },
            problem: "malformed", fix: "-pubin"),
    ]

    @Test("every unusable public key file is refused, saying what is wrong and how to fix it", arguments: publicRefusals)
    func publicKeyRefused(_ refusal: Refusal) {
        do {
            _ = try RSAPublicKey(pem: refusal.text())
            Issue.record("\(refusal) was accepted")
        } catch {
            #expect(error.problem.contains(refusal.problem), "\(error.problem)")
            #expect(error.fix.contains(refusal.fix), "\(error.fix)")
        }
    }

    @Test(
        "the DER reader takes only DER: shortest lengths, no indefinite length, no padded or negative integers",
        arguments: [
            ([0x02, 0x81, 0x01, 0x05] as [UInt8], "shortest form"),
            ([0x02, 0x80, 0x05, 0x00, 0x00], "invalid length"),
            ([0x02, 0x01, 0x85], "negative"),
            ([0x02, 0x02, 0x00, 0x05], "needless leading zero"),
            ([0x02, 0x05, 0x01], "truncated"),
            ([0x04, 0x01, 0x05], "tag 0x04, not 0x02"),
        ])
    func strictDER(bytes: [UInt8], problem: String) {
        var reader = DERReader(bytes)
        do {
            _ = try reader.integer("the value")
            Issue.record("\(bytes) was read")
        } catch {
            #expect(error.description.contains(problem), "\(error.description)")
        }
    }

    @Test("object identifiers decode arc by arc, the first byte holding two arcs")
    func objectIdentifiers() throws {
        var reader = DERReader(DER.objectIdentifier([1, 2, 840, 113549, 1, 1, 1]) + DER.objectIdentifier([2, 5, 4, 3]))
        #expect(try reader.objectIdentifier("rsaEncryption") == [1, 2, 840, 113549, 1, 1, 1])
        #expect(try reader.objectIdentifier("commonName") == [2, 5, 4, 3])
        #expect(reader.isAtEnd)
    }
}
