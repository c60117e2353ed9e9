/// One item the app keeps.
public struct StoredItem: Hashable, Codable, Sendable {
    /// Where it lives.
    public var area: Area
    /// Its key, file path or name.
    public var key: String
    /// Its content, as text (binary content base64-encoded).
    public var value: String

    /// Creates a stored item.
    public init(_ area: Area, _ key: String, _ value: String) {
        self.area = area
        self.key = key
        self.value = value
    }

    /// The storage areas the harness distinguishes.
    public enum Area: String, Codable, Sendable, CaseIterable {
        /// Keychain items.
        case keychain
        /// Files in the app's container.
        case file
        /// UserDefaults.
        case defaults
        /// HTTP, image and other caches.
        case cache
        /// In-memory state that survives a sign-out if the app forgets it.
        case memory
    }
}
