/// What the app shows and stores, reported by the adapter after each event has settled, and
/// recorded by the device-pass recorder at each checkpoint (the same JSON in a device trace).
///
/// The harness decides "no data of user X" by scanning every string here for X's markers,
/// so an adapter must report everything: all visible text, and every stored item's key and value.
public struct Observation: Hashable, Codable, Sendable {
    /// Whether the app process is alive. False after the `terminate` event, or when it crashed.
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
