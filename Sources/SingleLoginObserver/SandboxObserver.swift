import Foundation
import SingleLoginAdapter
import SingleLoginContainer
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Reads what an app keeps, from inside the app's process, so that its adapter reports storage
/// without listing it by hand: the container's and app groups' files (decoded as the harness
/// decodes a data container), the defaults domains, cookies, cached responses, and on Apple
/// platforms the keychain items of the app's access groups and the device surfaces an app may read
/// (its notifications, its pasteboard items, the user activities it tracks).
///
/// An in-process or TCP adapter calls ``storage()`` in `observe` and adds what no API lists (its
/// memory, its widget's timeline, its Live Activities, the switcher's snapshot).
public struct SandboxObserver: Sendable {
    /// What to read.
    public var configuration: Configuration
    private let container: ContainerReader?
    private let groups: [(identifier: String, reader: ContainerReader)]

    /// What an app keeps, and where.
    public struct Configuration: Sendable {
        /// The app's data container (`NSHomeDirectory()` on iOS); nil reads no container.
        public var container: URL?
        /// App-group containers by group identifier
        /// (`FileManager.containerURL(forSecurityApplicationGroupIdentifier:)`).
        public var appGroups: [String: URL]
        /// Defaults domains read with `UserDefaults.persistentDomain(forName:)`: the app's bundle
        /// identifier (the standard defaults) and its app groups' suite names.
        public var defaultsDomains: [String]
        /// Whether to report `HTTPCookieStorage.shared`'s cookies.
        public var cookies: Bool
        /// The URLs whose responses the app caches: `URLCache` lists no entries, so each is asked
        /// of ``urlCache`` (the on-disk cache is in the container and read with it as well).
        public var cachedURLs: [URL]
        /// The cache ``cachedURLs`` are asked of; nil for `URLCache.shared`.
        public var urlCache: URLCache?
        /// Keychain access groups to read (Apple platforms), e.g. `"ABCDE12345.com.contoso.shifts"`;
        /// empty reads the app's default group only.
        public var keychainAccessGroups: [String]
        /// Whether to read the keychain at all (Apple platforms).
        public var keychain: Bool
        /// Whether to read pending and delivered notifications (`UNUserNotificationCenter`).
        public var notifications: Bool
        /// Whether to read the general pasteboard's items (UIKit): read only when the app wrote them
        /// last, since reading another app's items shows the system's paste banner.
        public var pasteboard: Bool

        /// Reads `container` and everything else its arguments name.
        public init(
            container: URL? = nil, appGroups: [String: URL] = [:], defaultsDomains: [String] = [], cookies: Bool = true,
            cachedURLs: [URL] = [], urlCache: URLCache? = nil, keychainAccessGroups: [String] = [], keychain: Bool = true,
            notifications: Bool = true, pasteboard: Bool = false
        ) {
            self.container = container
            self.appGroups = appGroups
            self.defaultsDomains = defaultsDomains
            self.cookies = cookies
            self.cachedURLs = cachedURLs
            self.urlCache = urlCache
            self.keychainAccessGroups = keychainAccessGroups
            self.keychain = keychain
            self.notifications = notifications
            self.pasteboard = pasteboard
        }
    }

    /// An observer reading what `configuration` names. Its readers keep each file's decoding
    /// while the file is unchanged, so keep one observer for the app's life.
    public init(_ configuration: Configuration) {
        self.configuration = configuration
        container = configuration.container.map { ContainerReader(directory: $0) }
        groups = configuration.appGroups.sorted { $0.key < $1.key }.map { ($0.key, ContainerReader(directory: $0.value)) }
    }

    /// Everything the configuration names, as the adapter reports it: the container, each app
    /// group (`AppGroup/<identifier>/...`), defaults, cookies, cached responses, then the keychain,
    /// notifications and pasteboard where the platform has them. A directory that does not exist
    /// holds nothing (an app group the app never wrote to).
    public func storage() async -> [StoredItem] {
        var items: [StoredItem] = []
        if let container { items += Self.items(of: container, prefix: "") }
        for group in groups { items += Self.items(of: group.reader, prefix: "AppGroup/\(group.identifier)/") }
        items += defaults()
        if configuration.cookies { items += cookies(in: .shared) }
        items += cachedResponses(in: configuration.urlCache ?? .shared)
        items += await AppleSurfaceReader.storage(
            keychainGroups: configuration.keychain ? configuration.keychainAccessGroups : nil,
            notifications: configuration.notifications, pasteboard: configuration.pasteboard)
        return items
    }

    /// The files under a reader's directory, reported as the adapter's own (no `source`).
    static func items(of reader: ContainerReader, prefix: String) -> [StoredItem] {
        guard let snapshot = try? reader.read() else { return [] }
        return snapshot.items.map { StoredItem($0.area, prefix + $0.key, $0.value) }
    }
}
