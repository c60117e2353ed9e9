import SingleLoginCrypto
import SingleLoginSpec
import Testing
@testable import SingleLoginBackend

extension BackendProfileTests {
    @Suite("RSA and encodings")
    struct CryptoTests {
        @Test("an RS256 signature equals the one OpenSSL makes with the same key (PKCS #1 v1.5 is deterministic)")
        func knownAnswer() async {
            let signature = await OffPool.run("test-sign") { TestKeys.tenant.key.signRS256(Array("sl-conformance known answer".utf8)) }
            #expect(
                signature.map { String(format: "%02x", $0) }.joined()
                    == "08546c3338a4f3ff9ed840b852ec27d31732cdf4d2416343835a81917ef7c69bed52a77fb80308d8229315b657e4a2638365ed6c3ee2a80908f90e04f3bb3cfbb443f0d3bbc97e17c52102c4d2506b642ce73b85bdc0a6efbe2fd5d86acaba9f7bc889d1a76352fc8f29b2c1321a16caefa91922484cb7fc6d276daac27b6d94ac1261b5fc062e9baa23256395d75ab31a8287b88198e7b83b28451b44710ae6aa403bdadb588b61174ac73faaf1a400fdb477d13b63c2d27965d05c73341611e3f18bbb0c5f3b6a29706e228c1d57d276154ee9399865173f5a7590476d6286870746281b632c3d4d1ae0f7d790f343b9e23e29d215b19fedc7b4cc9bedcb9b"
            )
        }

        @Test("a signature verifies under its key and not under another, nor after a change of message")
        func verification() async {
            let message = Array("header.payload".utf8)
            let signature = await OffPool.run("test-sign") { TestKeys.rotation.key.signRS256(message) }
            #expect(TestKeys.rotation.key.publicKey.verifyRS256(message, signature: signature))
            #expect(!TestKeys.tenant.key.publicKey.verifyRS256(message, signature: signature))
            #expect(!TestKeys.rotation.key.publicKey.verifyRS256(Array("header.payloaD".utf8), signature: signature))
        }

        @Test("the attacker's certificate is DER of a self-signed v3 certificate of its key, signed sha256WithRSAEncryption by it")
        func certificate() async {
            let der = await OffPool.run("test-sign") { AttackerHost.certificate.der }
            #expect(der.prefix(2) == [0x30, 0x82] && Int(der[2]) << 8 | Int(der[3]) == der.count - 4)
            let sha256WithRSA: [UInt8] = [0x06, 0x09, 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x01, 0x0b]
            #expect(DER.objectIdentifier([1, 2, 840, 113549, 1, 1, 11]) == sha256WithRSA)
            // The TBSCertificate is the first element; the signature is the last 256 bytes.
            let tbsLength = Int(der[6]) << 8 | Int(der[7])
            let tbs = Array(der[4..<(8 + tbsLength)])
            #expect(tbs.prefix(5) == [0x30, 0x82, der[6], der[7], 0xa0])
            #expect(AttackerHost.key.key.publicKey.verifyRS256(tbs, signature: Array(der.suffix(256))))
            let spki = DER.subjectPublicKeyInfo(n: AttackerHost.key.key.publicKey.n, e: AttackerHost.key.key.publicKey.e)
            #expect(tbs.indices.contains { tbs[$0...].starts(with: spki) })
            #expect(
                AttackerHost.certificate.pem.hasPrefix("-----BEGIN CERTIFICATE-----\n") && AttackerHost.certificate.pem.hasSuffix("-----END CERTIFICATE-----\n")
            )
        }

        @Test("every embedded key is consistent and has a distinct kid")
        func embeddedKeys() async {
            // Loading the keys checks each one (a signature each): off the cooperative pool.
            let keys = await OffPool.run("test-keys") { [TestKeys.tenant, TestKeys.rotation, TestKeys.foreign, TestKeys.stranger] }
            #expect(Set(keys.map(\.kid)).count == 4)
            #expect(keys.allSatisfy { $0.key.publicKey.n.bitWidth == 2048 && $0.key.publicKey.jwkE == "AQAB" })
        }

        @Test("the PEM is byte for byte what OpenSSL writes for the same public key")
        func pem() {
            let pem = TestKeys.tenant.key.publicKey.pem
            #expect(pem.hasPrefix("-----BEGIN PUBLIC KEY-----\nMIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA"))
            #expect(SHA256.hexDigest(Array(pem.utf8)) == "b46e866c1b996ec061a50af2fd7ed9ae69ef929bb80d97ce466dc4b2de87a3fa")
        }

        @Test("big integers: hex round trip, products, and modular powers against small numbers")
        func bigIntegers() throws {
            let x = try #require(BigUInt(hex: "123456789abcdef0fedcba9876543210ff"))
            #expect(x.description == "123456789abcdef0fedcba9876543210ff")
            #expect((x * BigUInt(1)) == x && (x + BigUInt(1)) - BigUInt(1) == x)
            #expect(MontgomeryModulus(BigUInt(1_000_003)).power(BigUInt(2), BigUInt(1_000_002)) == BigUInt(1))
            #expect(MontgomeryModulus(BigUInt(97)).power(BigUInt(5), BigUInt(3)) == BigUInt(125 % 97))
            #expect(Base64URL.decode(Base64URL.encode([0xfb, 0xff, 0xfe])) == [0xfb, 0xff, 0xfe])
            #expect(Base64URL.encode([0xfb, 0xff]) == "-_8")
        }
    }
}
