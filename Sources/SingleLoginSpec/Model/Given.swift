/// The starting state of a scenario. The app itself always starts as a fresh install, not running.
public struct Given: Hashable, Sendable {
    /// The device mode the broker reports (`"shared"` unless stated).
    public var deviceMode: DeviceModeName
    /// The account signed in on the device, by name, or nil for none.
    public var signedIn: String?
    /// The state of that account's token.
    public var token: TokenState
    /// The person holding the device: who completes Microsoft's sign-in sheet when it is shown.
    public var userAtDevice: String?

    /// Creates a starting state.
    public init(deviceMode: DeviceModeName = .shared, signedIn: String? = nil, token: TokenState = .valid, userAtDevice: String? = nil) {
        self.deviceMode = deviceMode
        self.signedIn = signedIn
        self.token = token
        self.userAtDevice = userAtDevice
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
