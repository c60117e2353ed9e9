/// `MSALDeviceMode`.
public enum DeviceMode: String, Codable, Sendable, CaseIterable {
    /// `.default` (0): a personal device.
    case `default`
    /// `.shared` (1): Shared Device Mode.
    case shared
}
