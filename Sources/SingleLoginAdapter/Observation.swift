/// What the app shows and stores, reported by the adapter after each event has settled.
///
/// The harness decides "no data of user X" by scanning every string here for X's markers,
/// so an adapter must report everything: all visible text, and every stored item's key and value.
public struct Observation: Hashable, Codable, Sendable {
    /// Whether the app process is alive. False after ``AppEvent/terminate``, or when it crashed.
    public var running: Bool
    /// Whether the app ended abnormally (a crash, a failed force unwrap) since the last reset.
    public var crashed: Bool
    /// The identifier (`oid.tid`) or username of the account the app considers signed in, or nil.
    public var signedInAccount: String?
    /// Everything visible on screen, including alerts and the sign-in sheet.
    public var screen: [ScreenElement]
    /// Everything the app keeps: keychain, files, defaults, caches and memory.
    public var storage: [StoredItem]

    /// Creates an observation.
    public init(running: Bool, crashed: Bool = false, signedInAccount: String?, screen: [ScreenElement], storage: [StoredItem]) {
        self.running = running
        self.crashed = crashed
        self.signedInAccount = signedInAccount
        self.screen = screen
        self.storage = storage
    }
}

/// One visible element.
public struct ScreenElement: Hashable, Codable, Sendable {
    /// What kind of element it is.
    public var kind: Kind
    /// Its text (label, title, message).
    public var text: String

    /// Creates an element.
    public init(_ kind: Kind, _ text: String) {
        self.kind = kind
        self.text = text
    }

    /// The kinds of element the harness distinguishes.
    public enum Kind: String, Codable, Sendable, CaseIterable {
        /// Static text, labels, list rows.
        case text
        /// A button or other tappable affordance.
        case button
        /// A modal alert.
        case alert
        /// An error message shown to the user (banner, inline error, error alert).
        case error
        /// Microsoft's sign-in sheet, while presented.
        case signInSheet
    }
}

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
