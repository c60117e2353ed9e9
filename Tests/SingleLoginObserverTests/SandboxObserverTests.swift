import Foundation
import SingleLoginAdapter
import SingleLoginObserver
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite("SandboxObserver reports what the app keeps, from inside its process")
struct SandboxObserverTests {
    /// A container and an app group in a temporary directory, removed afterwards.
    static func directories() throws -> (container: URL, group: URL) {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("sandbox-observer-\(UUID().uuidString)")
        let container = root.appendingPathComponent("container"), group = root.appendingPathComponent("group")
        try FileManager.default.createDirectory(at: container.appendingPathComponent("Library/Caches"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: group.appendingPathComponent("Library/Preferences"), withIntermediateDirectories: true)
        return (container, group)
    }

    @Test("the container's and the app group's files are decoded and reported in their areas, as the adapter's own")
    func files() async throws {
        let (container, group) = try Self.directories()
        defer { try? FileManager.default.removeItem(at: container.deletingLastPathComponent()) }
        try Data(#"{"user":"alice.adams@contoso.example"}"#.utf8).write(to: container.appendingPathComponent("Library/Caches/feed.json"))
        let plist = try PropertyListSerialization.data(fromPropertyList: ["lastUser": "Alice Adams"], format: .binary, options: 0)
        try plist.write(to: group.appendingPathComponent("Library/Preferences/group.com.contoso.shifts.plist"))
        let observer = SandboxObserver(.init(container: container, appGroups: ["group.com.contoso.shifts": group], cookies: false))
        let items = await observer.storage()
        let cache = try #require(items.first { $0.key.hasPrefix("Library/Caches/feed.json") })
        #expect(cache.area == .cache && cache.value.contains("alice.adams@contoso.example") && cache.source == nil)
        let defaults = try #require(items.first { $0.key.hasPrefix("AppGroup/group.com.contoso.shifts/Library/Preferences/") })
        #expect(defaults.area == .defaults && defaults.value.contains("Alice Adams"))
    }

    @Test("a defaults domain, a cookie and a cached response are reported")
    func foundationStores() async throws {
        let domain = "com.contoso.observer-test-\(UUID().uuidString)"
        UserDefaults.standard.setPersistentDomain(["lastUsername": "alice.adams@contoso.example"], forName: domain)
        defer { UserDefaults.standard.removePersistentDomain(forName: domain) }
        let url = try #require(URL(string: "https://shifts.contoso.example/api/me"))
        let cache = URLCache(memoryCapacity: 1 << 20, diskCapacity: 0, diskPath: nil)
        let response = try #require(HTTPURLResponse(url: url, statusCode: 200, httpVersion: "HTTP/1.1", headerFields: [:]))
        cache.storeCachedResponse(CachedURLResponse(response: response, data: Data(#"{"name":"Alice Adams"}"#.utf8)), for: URLRequest(url: url))
        // Apple's URLCache may finish a store after the call returns; this test is about the observer,
        // so it starts once the cache itself gives the response back.
        #expect(await Self.eventually { cache.cachedResponse(for: URLRequest(url: url)) != nil }, "URLCache never returned the stored response")
        let cookie = try #require(
            HTTPCookie(properties: [.domain: "shifts.contoso.example", .path: "/", .name: "observer-test-session", .value: "alice-session-1"]))
        HTTPCookieStorage.shared.setCookie(cookie)
        defer { HTTPCookieStorage.shared.deleteCookie(cookie) }
        let observer = SandboxObserver(.init(defaultsDomains: [domain], cachedURLs: [url], urlCache: cache))
        let items = await observer.storage()
        #expect(items.contains(StoredItem(.defaults, "\(domain)/lastUsername", "alice.adams@contoso.example")))
        #expect(items.contains { $0.area == .cache && $0.key == "URLCache/\(url.absoluteString)" && $0.value.contains("Alice Adams") })
        #expect(
            items.contains {
                $0.area == .cache && $0.key == "HTTPCookieStorage/shifts.contoso.example/observer-test-session" && $0.value.hasPrefix("alice-session-1")
            })
    }

    /// Whether `condition` holds within about ten seconds, asked at once and then every 10 ms.
    static func eventually(_ condition: () -> Bool) async -> Bool {
        for _ in 0..<1000 {
            if condition() { return true }
            try? await Task.sleep(for: .milliseconds(10))
        }
        return condition()
    }

    @Test("a directory the app never wrote to holds nothing, and nothing Apple-only is reported off Apple platforms")
    func missingDirectory() async {
        let observer = SandboxObserver(.init(container: URL(fileURLWithPath: "/nonexistent-\(UUID().uuidString)"), cookies: false))
        let items = await observer.storage()
        #if canImport(Security) || canImport(UserNotifications)
        #expect(items.allSatisfy { $0.area == .keychain || $0.area == .notification })
        #else
        #expect(items.isEmpty)
        #endif
    }
}
