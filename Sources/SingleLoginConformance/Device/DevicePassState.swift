import Foundation

/// The state file of a device pass: every confirmation the tester gave, in order (JSON, versioned).
/// A pass interrupted at any step resumes from it; the judge reads it with the trace.
public struct DevicePassState: Codable, Sendable {
    /// The format's version.
    public static let currentVersion = 1

    /// The format's version.
    public var version: Int
    /// The confirmations, in the order given.
    public var confirmations: [DeviceConfirmation]

    /// A state holding `confirmations`.
    public init(confirmations: [DeviceConfirmation]) {
        version = Self.currentVersion
        self.confirmations = confirmations
    }

    /// Reads a state file; a newer version is an error naming it.
    public static func read(from url: URL) throws -> DevicePassState {
        let state = try JSONDecoder().decode(DevicePassState.self, from: try Data(contentsOf: url))
        guard state.version <= currentVersion else {
            throw CocoaError(
                .fileReadCorruptFile,
                userInfo: [NSLocalizedDescriptionKey: "state version \(state.version) is newer than this harness reads (\(currentVersion))"])
        }
        return state
    }

    /// Writes the state atomically (an interrupted write leaves the previous state).
    public func write(to url: URL) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        try encoder.encode(self).write(to: url, options: .atomic)
    }
}
