/// The starting state of a scenario. The app itself always starts as a fresh install, not running.
public struct Given: Hashable, Sendable {
    /// The device mode the broker reports (`"shared"` unless stated).
    public var deviceMode: DeviceModeName
    /// The accounts signed in on the device, by name, in order; empty for none. More than one is a
    /// device in a state MSAL reports as ambiguous (getCurrentAccount fails with -50000/-42102).
    public var signedIn: [String]
    /// The state of the signed-in account's token.
    public var token: TokenState
    /// The person holding the device at the start: who completes Microsoft's sign-in sheet when it is
    /// shown. When absent, the first account signed in holds it; with nobody, a sheet is dismissed.
    public var userAtDevice: String?

    /// Creates a starting state.
    public init(deviceMode: DeviceModeName = .shared, signedIn: [String] = [], token: TokenState = .valid, userAtDevice: String? = nil) {
        self.deviceMode = deviceMode
        self.signedIn = signedIn
        self.token = token
        self.userAtDevice = userAtDevice
    }

    /// Creates a starting state with one account (or none) signed in on the device.
    public init(deviceMode: DeviceModeName = .shared, signedIn: String?, token: TokenState = .valid, userAtDevice: String? = nil) {
        self.init(deviceMode: deviceMode, signedIn: signedIn.map { [$0] } ?? [], token: token, userAtDevice: userAtDevice)
    }

    /// `"shared"` or `"default"`, as `MSALDeviceMode`.
    public enum DeviceModeName: String, Hashable, Sendable, CaseIterable {
        /// Shared Device Mode.
        case shared
        /// A personal device.
        case `default`
    }

    /// Whether a silent acquisition can succeed.
    public enum TokenState: String, Hashable, Sendable, CaseIterable {
        /// Silent acquisition succeeds.
        case valid
        /// Silent acquisition fails with InteractionRequired (-50002) until an interactive sign-in.
        case interactionRequired
    }
}
