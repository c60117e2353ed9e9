/// One item the app keeps.
public struct StoredItem: Hashable, Codable, Sendable {
    /// Where it lives.
    public var area: Area
    /// Its key, file path or name.
    public var key: String
    /// Its content, as text (binary content base64-encoded).
    public var value: String
    /// Who found it: nil when the adapter reported it, ``Source/container`` when the harness read
    /// it from the app's data container itself. Absent on the wire from an adapter.
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
