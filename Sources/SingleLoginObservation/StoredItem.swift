/// One item the app keeps.
public struct StoredItem: Hashable, Codable, Sendable {
    /// Where it lives.
    public var area: Area
    /// Its key, file path or name.
    public var key: String
    /// Its content, as text (binary content base64-encoded).
    public var value: String
    /// Who found it: nil when the adapter reported it, ``Source/container`` when the harness read
    /// it from the app's data container itself. Absent on the wire from an adapter, and in a device trace.
    public var source: Source?

    /// Creates a stored item.
    public init(_ area: Area, _ key: String, _ value: String, source: Source? = nil) {
        self.area = area
        self.key = key
        self.value = value
        self.source = source
    }

    /// Who found an item, when it was not the adapter.
    public enum Source: String, Codable, Sendable, CaseIterable {
        /// The harness, reading the app's data container (the handshake's `dataContainer`, or the
        /// Simulator's container of the app): the adapter's word is not needed for it.
        case container
    }

    /// `file Documents/records.json`, and `(read from the container)` after an item the harness found itself.
    public var placeDescription: String {
        "\(area.rawValue) \(key)" + (source == .container ? " (read from the container)" : "")
    }

    /// The storage areas the harness distinguishes.
    public enum Area: String, Codable, Sendable, CaseIterable {
        /// Decodes an area by its name; an unknown name is an error that lists them.
        public init(from decoder: any Decoder) throws { self = try Self.decodeCase(from: decoder, what: "area") }

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
        /// A local notification the app scheduled or delivered (`UNUserNotificationCenter`): delivered
        /// ones show on the lock screen to whoever holds the device next (protocol 1.4).
        case notification
        /// An item the app indexed in Spotlight (`CSSearchableIndex`), found by anyone searching the device (1.4).
        case spotlight
        /// What the app put on the general pasteboard, which any app on the device can paste (1.4).
        case pasteboard
        /// The timeline the app's widget extension last provided, shown on the home and lock screen (1.4).
        case widget
        /// A Live Activity or a Handoff or donated `NSUserActivity` the app started (1.4).
        case activity
        /// The app-switcher snapshot: what the app's screen showed when it moved to the background,
        /// which the switcher shows until the app runs again (1.4).
        case snapshot

        /// Whether the area is outside the app's sandbox: a surface of the device that outlives the
        /// app's process or shows to anyone. Checks name each such area by itself; `storage` is the
        /// sandbox's areas only.
        public var isDeviceSurface: Bool {
            switch self {
            case .keychain, .file, .defaults, .cache, .memory: false
            case .notification, .spotlight, .pasteboard, .widget, .activity, .snapshot: true
            }
        }
    }
}
