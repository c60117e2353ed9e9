/// An observation on the wire.
public struct EncodedObservation: Codable, Hashable, Sendable {
    /// Whether the app is running.
    public var running: Bool
    /// Whether it crashed.
    public var crashed: Bool
    /// The account the app considers signed in.
    public var signedInAccount: String?
    /// What is on screen: `{"kind", "text"}`, and `"record": true` on an element that displays a backend record.
    public var screen: [Element]
    /// What is stored: `{"area", "key", "value"}`, and `"source": "container"` on what the harness read itself.
    public var storage: [Item]

    /// A visible element.
    public struct Element: Codable, Hashable, Sendable {
        /// `text`, `button`, `alert`, `error` or `signInSheet`.
        public var kind: String
        /// Its text.
        public var text: String
        /// True when it displays a backend record; absent otherwise.
        public var record: Bool? = nil
    }

    /// A stored item.
    public struct Item: Codable, Hashable, Sendable {
        /// `keychain`, `file`, `defaults`, `cache` or `memory`.
        public var area: String
        /// Its key or path.
        public var key: String
        /// Its value.
        public var value: String
        /// `container` when the harness read it from the app's data container; absent when the adapter reported it.
        public var source: String?
    }
}
