/// An observation as the adapter contract defines it (`Observation` in `SingleLoginAdapter`, whose
/// JSON this is, key for key), with every token replaced by its keyed digest.
public struct RecordedObservation: Codable, Sendable, Hashable {
    /// Whether the app's process runs.
    public var running: Bool
    /// Whether it crashed.
    public var crashed: Bool
    /// The account the app considers signed in (its identifier or username), nil when none.
    public var signedInAccount: String?
    /// What is on screen.
    public var screen: [Element]
    /// What the app stores, and what it left on the device's surfaces.
    public var storage: [Item]

    /// Creates an observation.
    public init(running: Bool, crashed: Bool = false, signedInAccount: String?, screen: [Element], storage: [Item]) {
        self.running = running
        self.crashed = crashed
        self.signedInAccount = signedInAccount
        self.screen = screen
        self.storage = storage
    }

    /// One element on screen: its kind (`text`, `button`, `alert`, `error`, `signInSheet`) and its text.
    public struct Element: Codable, Sendable, Hashable {
        /// The element's kind, as the adapter contract names it.
        public var kind: String
        /// What it shows.
        public var text: String

        /// Creates an element.
        public init(_ kind: String, _ text: String) {
            self.kind = kind
            self.text = text
        }
    }

    /// One stored item: where (`keychain`, `file`, `defaults`, `cache`, `memory`, or a surface such
    /// as `notification` or `pasteboard`), under which key, and its value.
    public struct Item: Codable, Sendable, Hashable {
        /// Where it is, as the adapter contract names the area.
        public var area: String
        /// Its key (a path, a defaults key, an account).
        public var key: String
        /// Its value, as text.
        public var value: String

        /// Creates an item.
        public init(_ area: String, _ key: String, _ value: String) {
            self.area = area
            self.key = key
            self.value = value
        }
    }
}
