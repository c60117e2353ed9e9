import Foundation
import SingleLoginCrypto
import Testing
@testable import SingleLoginBackend
@testable import SingleLoginSpec

extension BackendProfileTests {
    @Suite("Tokens are Entra v2 ID tokens, and each forgery changes only what its case names")
    struct TokenTests {
        let identity = TenantIdentity(mode: .multi)
        var mint: TokenMint { TokenMint(identity: identity, now: { 1_800_000_000 }) }
        var factory: ShotFactory { ShotFactory(mint: mint, shape: SessionRequestShape(), defaultTimeLimit: .seconds(10)) }

        func decode(_ part: Substring) throws -> [String: Any] {
            let bytes = try #require(Base64URL.decode(part))
            return try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
        }

        @Test("a valid token: RS256 with the tenant kid, every claim Entra writes, one hour of validity, verifiable")
        func valid() async throws {
            let mint = self.mint
            let token = await OffPool.run("test-tokens") { mint.validToken() }
            let parts = token.compact.split(separator: ".", omittingEmptySubsequences: false)
            #expect(parts.count == 3)
            let header = try decode(parts[0])
            #expect(header as NSDictionary == ["typ": "JWT", "alg": "RS256", "kid": TestKeys.tenant.kid] as NSDictionary)
            let claims = try decode(parts[1])
            #expect(Set(claims.keys) == ["aud", "iss", "iat", "nbf", "exp", "name", "nonce", "oid", "preferred_username", "sub", "tid", "ver"])
            #expect(claims["aud"] as? String == identity.clientID)
            #expect(claims["iss"] as? String == "https://login.microsoftonline.com/\(identity.homeTenantID)/v2.0")
            #expect(claims["tid"] as? String == identity.homeTenantID)
            #expect(claims["ver"] as? String == "2.0")
            #expect((claims["exp"] as? Int).map { $0 - 1_800_000_000 } == 3600)
            let signature = try #require(Base64URL.decode(parts[2]))
            #expect(TestKeys.tenant.key.publicKey.verifyRS256(Array((parts[0] + "." + parts[1]).utf8), signature: signature))
        }

        /// The probe's shots, signed off Swift's cooperative pool (RS256 in a debug build is slow
        /// enough to starve timing-sensitive suites running beside this one).
        func shots(_ probe: BackendProbe, expect: BackendExpectation = .rejected) async -> [Shot] {
            let factory = self.factory
            let backendCase = self.backendCase(probe, expect: expect)
            return await OffPool.run("test-tokens") { factory.shots(for: backendCase) }
        }

        func claims(of shot: Shot) throws -> [String: Any] {
            try decode(try #require(shot.token).compact.split(separator: ".", omittingEmptySubsequences: false)[1])
        }

        func backendCase(_ probe: BackendProbe, expect: BackendExpectation = .rejected) -> BackendCase {
            BackendCase(
                id: "BE-T-1", level: .must, title: "t", rationale: "r", references: [], tags: [], modes: [.single, .multi], probe: probe, expect: expect,
                forges: "", timeLimit: nil, location: .init(file: "x", line: 1, column: 1))
        }

        @Test(
            "claims forgeries differ from the valid claims in exactly the named claims",
            arguments: [
                (BackendProbe.wrongAudience, ["aud"]), (.clockSkew, ["iat", "nbf", "exp", "nonce"]), (.expired, ["iat", "nbf", "exp", "nonce"]),
                (.notYetValid, ["nbf"]), (.otherTenant, ["iss", "tid", "oid", "sub", "name", "preferred_username"]), (.payloadChanged, ["oid"]),
            ] as [(BackendProbe, [String])])
        func onlyNamedClaimsChange(probe: BackendProbe, changed: [String]) async throws {
            let factory = self.factory
            let valid = try claims(of: await OffPool.run("test-tokens") { factory.valid() })
            let shot = try #require(await shots(probe).first)
            let forged = try claims(of: shot)
            let differing = Set(valid.keys).union(forged.keys).filter { "\(valid[$0] ?? "-")" != "\(forged[$0] ?? "-")" }
            #expect(differing == Set(changed))
        }

        @Test("times: skew 60 s ahead, expired 10 minutes ago, nbf 10 minutes ahead")
        func times() async throws {
            let skew = try claims(of: (await shots(.clockSkew))[0])
            #expect(skew["nbf"] as? Int == 1_800_000_060 && skew["iat"] as? Int == 1_800_000_060)
            let expired = try claims(of: (await shots(.expired))[0])
            #expect(expired["exp"] as? Int == 1_800_000_000 - 600)
            let early = try claims(of: (await shots(.notYetValid))[0])
            #expect(early["nbf"] as? Int == 1_800_000_600)
        }

        @Test("BE-ISS-2 sends three tokens whose iss and tid disagree in the three named ways")
        func issuerMismatch() async throws {
            let issued = await shots(.issuerTenantMismatch)
            let pairs = try issued.map { shot -> [String] in
                let claims = try claims(of: shot)
                return [claims["iss"] as? String ?? "", claims["tid"] as? String ?? ""]
            }
            let a = identity.otherTenantID, b = identity.thirdTenantID, home = identity.homeTenantID
            #expect(pairs == [[TenantIdentity.issuer(of: a), b], [TenantIdentity.issuer(of: home), a], [TenantIdentity.issuer(of: a), home]])
        }

        @Test("BE-SIG-3's two tokens are HS256 MACs keyed with the PEM and with n, over the kept header")
        func publicKeyHMAC() async throws {
            let issued = await shots(.publicKeyHMAC)
            #expect(issued.count == 2)
            let secrets = [Array(TestKeys.tenant.key.publicKey.pem.utf8), Array(TestKeys.tenant.key.publicKey.jwkN.utf8)]
            #expect(TestKeys.tenant.key.publicKey.pem.hasSuffix("-----END PUBLIC KEY-----\n"))
            for (shot, secret) in zip(issued, secrets) {
                let parts = try #require(shot.token).compact.split(separator: ".")
                #expect(try decode(parts[0]) as NSDictionary == ["typ": "JWT", "alg": "HS256", "kid": TestKeys.tenant.kid] as NSDictionary)
                #expect(Base64URL.decode(parts[2]) == HMACSHA256.mac(key: secret, message: Array((parts[0] + "." + parts[1]).utf8)))
            }
        }

        @Test("the oversized token is exactly 1 MiB, names the tenant kid and carries no identity claims")
        func oversized() async throws {
            let shot = try #require((await shots(.oversizedToken, expect: .clientError)).first)
            let compact = try #require(shot.token).compact
            #expect(compact.utf8.count == 1 << 20)
            let parts = compact.split(separator: ".")
            #expect(try decode(parts[0])["kid"] as? String == TestKeys.tenant.kid)
            #expect(Set(try decode(parts[1]).keys) == ["pad"])
        }

        @Test(
            "BE-HEADER-1: four tokens under the tenant kid, signed by the attacker's key, each offering it one way (jwk, jku, x5u, x5c); the claims are the valid ones"
        )
        func embeddedKey() async throws {
            let issued = await shots(.embeddedKey)
            #expect(issued.count == 4)
            let valid = try claims(of: await OffPool.run("test-tokens") { [factory] in factory.valid() })
            var offered: [String] = []
            for shot in issued {
                let token = try #require(shot.token)
                let parts = token.compact.split(separator: ".")
                let header = try decode(parts[0])
                #expect(header["kid"] as? String == TestKeys.tenant.kid && header["alg"] as? String == "RS256")
                offered += ["jwk", "jku", "x5u", "x5c"].filter { header[$0] != nil }
                let signature = try #require(Base64URL.decode(parts[2]))
                let input = Array((parts[0] + "." + parts[1]).utf8)
                #expect(AttackerHost.key.key.publicKey.verifyRS256(input, signature: signature))
                #expect(!TestKeys.tenant.key.publicKey.verifyRS256(input, signature: signature))
                #expect(NSDictionary(dictionary: try claims(of: shot)) == NSDictionary(dictionary: valid))
            }
            #expect(offered == ["jwk", "jku", "x5u", "x5c"])
            let jwk = try #require(try decode(issued[0].token!.compact.split(separator: ".")[0])["jwk"] as? [String: String])
            #expect(jwk["n"] == AttackerHost.key.key.publicKey.jwkN && jwk["kid"] == TestKeys.tenant.kid)
            #expect(try decode(issued[1].token!.compact.split(separator: ".")[0])["jku"] as? String == AttackerURLs.unserved.jwks)
            #expect(try decode(issued[3].token!.compact.split(separator: ".")[0])["x5c"] as? [String] == [AttackerHost.certificate.base64])
        }

        @Test("alg none keeps the kid and has an empty signature; BE-KID-1's kid is in no view")
        func headers() async throws {
            let none = try #require((await shots(.algNone)).first?.token)
            #expect(none.compact.hasSuffix("."))
            #expect(none.header["kid"] == .string(TestKeys.tenant.kid) && none.header["alg"] == "none")
            let unknown = try #require((await shots(.unknownKid)).first?.token)
            #expect(unknown.header["kid"] == .string(TestKeys.stranger.kid))
            #expect(![TestKeys.tenant.kid, TestKeys.rotation.kid].contains(TestKeys.stranger.kid))
        }

        @Test("BE-SIG-5's tokens keep the tenant key's RS256 header and carry no signature: empty, then 256 zero bytes")
        func missingSignature() async throws {
            let tokens = (await shots(.missingSignature)).compactMap(\.token)
            #expect(tokens.count == 2)
            for token in tokens {
                #expect(token.header["kid"] == .string(TestKeys.tenant.kid) && token.header["alg"] == "RS256")
            }
            #expect(tokens[0].compact.hasSuffix("."))
            let zeros = try #require(tokens[1].compact.split(separator: ".", omittingEmptySubsequences: false).last)
            #expect(Base64URL.decode(String(zeros)) == Array(repeating: 0, count: 256))
        }
    }
}
