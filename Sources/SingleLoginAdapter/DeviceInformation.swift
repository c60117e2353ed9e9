/// `MSALDeviceInformation`.
public struct DeviceInformation: Hashable, Codable, Sendable {
    /// The device's mode.
    public var deviceMode: DeviceMode
    /// Whether the Enterprise SSO extension is present.
    public var hasAADSSOExtension: Bool
    /// `extraDeviceInformation`.
    public var extraDeviceInformation: [String: String]

    /// Creates device information.
    public init(deviceMode: DeviceMode, hasAADSSOExtension: Bool, extraDeviceInformation: [String: String] = [:]) {
        self.deviceMode = deviceMode
        self.hasAADSSOExtension = hasAADSSOExtension
        self.extraDeviceInformation = extraDeviceInformation
    }
}
