/// `MSALDeviceInformation` (`MSAL/src/public/MSALDeviceInformation.h`).
public struct DeviceInformation: Hashable, Codable, Sendable {
    /// The device's mode.
    public var deviceMode: DeviceMode
    /// Whether the Enterprise SSO extension can perform authorization (true on every shared device).
    public var hasAADSSOExtension: Bool
    /// `extraDeviceInformation`: string keys and string values, e.g. `isSSOExtensionInFullMode: "Yes"`.
    public var extraDeviceInformation: [String: String]

    /// Creates device information.
    public init(deviceMode: DeviceMode, hasAADSSOExtension: Bool, extraDeviceInformation: [String: String] = [:]) {
        self.deviceMode = deviceMode
        self.hasAADSSOExtension = hasAADSSOExtension
        self.extraDeviceInformation = extraDeviceInformation
    }
}
