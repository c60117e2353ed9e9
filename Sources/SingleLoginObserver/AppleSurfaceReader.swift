import Foundation
import SingleLoginAdapter
#if canImport(Security)
import Security
#endif
#if canImport(UserNotifications)
import UserNotifications
#endif
#if canImport(UIKit)
import UIKit
#endif

/// The parts of ``SandboxObserver`` only Apple platforms have: the keychain, the app's
/// notifications, its pasteboard items and the user activities it tracks. Elsewhere each part is
/// empty. This file depends on nothing but the adapter kit and the system, so that CI can
/// type-check it on Linux against stubs of the Apple frameworks it uses
/// (`.ci/checks/apple-observer.sh`).
public enum AppleSurfaceReader {
    /// The keychain of `keychainGroups` (nil reads none; empty, the app's default group), the
    /// notifications and the pasteboard, as far as the platform has them.
    public static func storage(keychainGroups: [String]?, notifications: Bool, pasteboard: Bool) async -> [StoredItem] {
        var items: [StoredItem] = []
        if let keychainGroups { items += keychainItems(accessGroups: keychainGroups) }
        if notifications { items += await notificationItems() }
        if pasteboard { items += await pasteboardItems() }
        return items
    }

    /// Bytes as text: UTF-8 when they are, else base64 (which the harness's scan decodes).
    static func text(of data: Data) -> String {
        String(data: data, encoding: .utf8) ?? data.base64EncodedString()
    }

    /// A value of a dictionary the system hands over, as text.
    static func text(ofValue value: Any) -> String {
        switch value {
        case let text as String: text
        case let data as Data: text(of: data)
        default: "\(value)"
        }
    }

    // MARK: Keychain

    /// Every item of each access group, with its attributes and data (`SecItemCopyMatching`,
    /// `kSecMatchLimitAll`): `<group>/<class>/<service or server>/<account>`, the data, then the label.
    public static func keychainItems(accessGroups: [String]) -> [StoredItem] {
        #if canImport(Security)
        let classes: [(CFString, String)] = [(kSecClassGenericPassword, "genericPassword"), (kSecClassInternetPassword, "internetPassword")]
        var items: [StoredItem] = []
        let groups: [String?] = accessGroups.isEmpty ? [nil] : accessGroups.map { $0 }
        for group in groups {
            for (secClass, name) in classes {
                // The data protection keychain, where an app's items are: on macOS a query without
                // kSecUseDataProtectionKeychain reads the file-based login keychain instead. iOS has
                // only the data protection keychain, and ignores the key.
                var query: [String: Any] = [
                    kSecClass as String: secClass, kSecMatchLimit as String: kSecMatchLimitAll,
                    kSecReturnAttributes as String: true, kSecReturnData as String: true,
                    kSecUseDataProtectionKeychain as String: true,
                ]
                if let group { query[kSecAttrAccessGroup as String] = group }
                var result: CFTypeRef?
                // errSecItemNotFound: the class holds nothing in that group.
                guard SecItemCopyMatching(query as CFDictionary, &result) == errSecSuccess, let found = result as? [[String: Any]] else { continue }
                for attributes in found {
                    let place = (attributes[kSecAttrService as String] ?? attributes[kSecAttrServer as String]).map(text(ofValue:)) ?? ""
                    let account = attributes[kSecAttrAccount as String].map(text(ofValue:)) ?? ""
                    let itemGroup = attributes[kSecAttrAccessGroup as String].map(text(ofValue:)) ?? group ?? "default"
                    let data = (attributes[kSecValueData as String] as? Data).map(text(of:)) ?? ""
                    let label = attributes[kSecAttrLabel as String].map(text(ofValue:)).map { "\nlabel: \($0)" } ?? ""
                    items.append(StoredItem(.keychain, "\(itemGroup)/\(name)/\(place)/\(account)", data + label))
                }
            }
        }
        return items
        #else
        return []
        #endif
    }

    // MARK: Notifications

    /// Pending and delivered local notifications: `pending/<identifier>`, `delivered/<identifier>`,
    /// their title, subtitle, body and user info. None in a process that is not an app (see
    /// ``canAskNotificationCenter(bundlePath:bundleIdentifier:)``).
    public static func notificationItems() async -> [StoredItem] {
        #if canImport(UserNotifications)
        guard canAskNotificationCenter(bundlePath: Bundle.main.bundlePath, bundleIdentifier: Bundle.main.bundleIdentifier) else { return [] }
        let center = UNUserNotificationCenter.current()
        let pending = await center.pendingNotificationRequests().map { StoredItem(.notification, "pending/\($0.identifier)", text(of: $0.content)) }
        let delivered = await center.deliveredNotifications().map {
            StoredItem(.notification, "delivered/\($0.request.identifier)", text(of: $0.request.content))
        }
        return pending + delivered
        #else
        return []
        #endif
    }

    /// Whether this process may ask `UNUserNotificationCenter.current()`, which raises an exception
    /// in a process that is not an app or app extension with a bundle identifier: `swift test`,
    /// `xctest` without a host app, a command-line tool. Such a process has no notifications.
    public static func canAskNotificationCenter(bundlePath: String, bundleIdentifier: String?) -> Bool {
        guard let bundleIdentifier, !bundleIdentifier.isEmpty else { return false }
        let bundle = bundlePath.hasSuffix("/") ? String(bundlePath.dropLast()) : bundlePath
        return bundle.hasSuffix(".app") || bundle.hasSuffix(".appex")
    }

    #if canImport(UserNotifications)
    static func text(of content: UNNotificationContent) -> String {
        let info = content.userInfo.map { "\($0.key): \(text(ofValue: $0.value))" }.sorted()
        return ([content.title, content.subtitle, content.body] + info).filter { !$0.isEmpty }.joined(separator: "\n")
    }
    #endif

    // MARK: Pasteboard and activities

    /// The general pasteboard's items: `general/<index>/<type>`, as text. Read it only when the app
    /// wrote the pasteboard last (its `changeCount` is the one it saw after writing): reading
    /// another app's items shows the system's paste banner.
    public static func pasteboardItems() async -> [StoredItem] {
        #if canImport(UIKit) && !os(watchOS)
        return await MainActor.run {
            UIPasteboard.general.items.enumerated().flatMap { index, item in
                item.sorted { $0.key < $1.key }.map { StoredItem(.pasteboard, "general/\(index)/\($0.key)", text(ofValue: $0.value)) }
            }
        }
        #else
        return []
        #endif
    }

    #if canImport(UIKit)
    /// The user activities the app made current or donated and still tracks (no API lists them):
    /// `userActivity/<type>/<persistent identifier>`, their title, keywords, user info and web page.
    @MainActor public static func activityItems(_ activities: [NSUserActivity]) -> [StoredItem] {
        activities.map { activity in
            let info = (activity.userInfo ?? [:]).map { "\($0.key): \(text(ofValue: $0.value))" }.sorted()
            let lines = [activity.title ?? "", activity.keywords.sorted().joined(separator: " "), activity.webpageURL?.absoluteString ?? ""] + info
            return StoredItem(
                .activity, "userActivity/\(activity.activityType)/\(activity.persistentIdentifier ?? "")", lines.filter { !$0.isEmpty }.joined(separator: "\n"))
        }
    }
    #endif
}
