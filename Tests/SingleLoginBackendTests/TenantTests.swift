import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SingleLoginCrypto
import Testing
@testable import SingleLoginBackend

extension BackendProfileTests {
    @Suite("The loopback test tenant serves a view per backend process, bounded")
    struct TenantTests {
        func get(_ url: String) async -> HTTPExchange {
            let components = URLComponents(string: url)!
            return await HTTPClient.send(
                HTTPRequest(method: "GET", target: components.percentEncodedPath), port: UInt16(components.port!), timeout: .seconds(5))
        }

        func json(_ exchange: HTTPExchange) throws -> [String: Any] {
            let reply = try #require(exchange.reply)
            return try #require(try JSONSerialization.jsonObject(with: Data(reply.body)) as? [String: Any])
        }

        @Test("discovery documents carry the Entra issuer (the template in multi mode) and a loopback jwks_uri", arguments: TenantMode.allCases)
        func metadata(mode: TenantMode) async throws {
            let tenant = try TestTenant(identity: TenantIdentity(mode: mode))
            defer { tenant.stop() }
            let view = tenant.makeView(keys: [tenant.tenantJWK])
            let document = try json(await get(tenant.metadataURL(view: view)))
            let issuer =
                mode == .single ? "https://login.microsoftonline.com/\(tenant.identity.homeTenantID)/v2.0" : "https://login.microsoftonline.com/{tenantid}/v2.0"
            #expect(document["issuer"] as? String == issuer)
            #expect(document["jwks_uri"] as? String == tenant.jwksURL(view: view))
            #expect(tenant.jwksURL(view: view).hasPrefix("http://127.0.0.1:"))
            #expect(tenant.identity.authority == (mode == .single ? issuer : "https://login.microsoftonline.com/organizations/v2.0"))
        }

        @Test("a key appended to one view is seen by that view only, and each view's fetches are recorded")
        func views() async throws {
            let tenant = try TestTenant(identity: TenantIdentity(mode: .single))
            defer { tenant.stop() }
            let first = tenant.makeView(keys: [tenant.tenantJWK])
            let second = tenant.makeView(keys: JSONWebKey.decoys + [tenant.tenantJWK])
            tenant.append(tenant.rotationJWK, toView: first)
            let kids = { (view: Int) async throws -> [String] in
                ((try json(await get(tenant.jwksURL(view: view))))["keys"] as? [[String: Any]] ?? []).compactMap { $0["kid"] as? String }
            }
            #expect(try await kids(first) == [TestKeys.tenant.kid, TestKeys.rotation.kid])
            #expect(try await kids(second) == ["decoy-unknown-kty", "decoy-rs1024", "decoy-ec-p256", TestKeys.tenant.kid])
            #expect(tenant.fetches(ofView: first).map(\.document) == [.jwks])
            #expect(tenant.lastJWKSFetch(ofView: second) != nil)
            #expect(await get("http://127.0.0.1:\(tenant.port)/v/99/\(tenant.identity.homeTenantID)/discovery/v2.0/keys").status == 404)
        }

        @Test("the attacker's host serves its JWKS (its key under the tenant kid) and certificate on a port of its own, and counts fetches")
        func attacker() async throws {
            let tenant = try TestTenant(identity: TenantIdentity(mode: .multi))
            defer { tenant.stop() }
            let urls = tenant.attacker.urls
            #expect(!urls.jwks.hasPrefix("http://127.0.0.1:\(tenant.port)/") && urls.jwks.hasPrefix("http://127.0.0.1:"))
            let keys = try #require(try json(await get(urls.jwks))["keys"] as? [[String: Any]])
            #expect(keys.count == 1 && keys[0]["kid"] as? String == TestKeys.tenant.kid && keys[0]["n"] as? String == AttackerHost.key.key.publicKey.jwkN)
            #expect(keys[0]["issuer"] as? String == "https://login.microsoftonline.com/{tenantid}/v2.0")
            let pem = await get(urls.certificate)
            #expect(pem.status == 200 && pem.reply.map { String(decoding: $0.body, as: UTF8.self) } == AttackerHost.certificate.pem)
            #expect(tenant.attacker.fetchCount(.jwks) == 1 && tenant.attacker.fetchCount(.certificate) == 1)
        }

        @Test("the server refuses heads and bodies over its limits, and the client reads a reply its send could not finish")
        func limits() async throws {
            var limits = LoopbackHTTPServer.Limits()
            limits.bodyBytes = 1024
            limits.headBytes = 1024
            let server = try LoopbackHTTPServer(limits: limits) { _ in .text("ok\n", status: 200) }
            defer { server.stop() }
            let big = HTTPRequest(
                method: "POST", target: "/", headers: [HTTPHeader("Content-Type", "application/json")], body: [UInt8](repeating: 0x61, count: 8 << 20))
            let exchange = await HTTPClient.send(big, port: server.port, timeout: .seconds(10))
            #expect(exchange.status == 413)
            let longHead = HTTPRequest(method: "GET", target: "/", headers: [HTTPHeader("X-Long", String(repeating: "a", count: 4096))])
            #expect(await HTTPClient.send(longHead, port: server.port, timeout: .seconds(10)).status == 431)
            #expect(await HTTPClient.send(HTTPRequest(method: "GET", target: "/"), port: server.port, timeout: .seconds(10)).status == 200)
        }

        @Test("connections over the bound are answered 503 at once, and the server serves again once they end")
        func connectionBound() async throws {
            var limits = LoopbackHTTPServer.Limits()
            limits.connections = 1
            limits.readTimeout = .seconds(30)
            let server = try LoopbackHTTPServer(limits: limits) { _ in .text("ok\n", status: 200) }
            defer { server.stop() }
            // A client that connects and sends nothing holds the only connection.
            guard case .success(let idle) = Socket.connect(port: server.port, until: .now + .seconds(5)) else {
                Issue.record("could not connect")
                return
            }
            var refused: HTTPExchange?
            for _ in 0..<100 {
                let exchange = await HTTPClient.send(HTTPRequest(method: "GET", target: "/"), port: server.port, timeout: .seconds(5))
                if exchange.status == 503 { refused = exchange; break }
                try await Task.sleep(for: .milliseconds(10))
            }
            #expect(refused?.status == 503)
            #expect(server.counts.refused >= 1)
            close(idle)
            var served = false
            for _ in 0..<500 where !served {
                served = await HTTPClient.send(HTTPRequest(method: "GET", target: "/"), port: server.port, timeout: .seconds(5)).status == 200
                if !served { try await Task.sleep(for: .milliseconds(10)) }
            }
            #expect(served)
        }

        @Test("the server binds 127.0.0.1 only, and stops")
        func loopbackOnly() async throws {
            let server = try LoopbackHTTPServer { _ in .text("ok\n", status: 200) }
            let port = server.port
            #expect(server.baseURL == "http://127.0.0.1:\(port)")
            server.stop()
            let after = await HTTPClient.send(HTTPRequest(method: "GET", target: "/"), port: port, timeout: .seconds(2))
            #expect(after.reply == nil)
        }
    }
}
