import Foundation
import SingleLoginJSON

/// The state file of a device pass: every confirmation the tester gave, in order (JSON, versioned).
/// A pass interrupted at any step resumes from it; the judge reads it with the trace.
public struct DevicePassState: Codable, Sendable {
    /// The format's version.
    public static let currentVersion = 1

    /// The format's version.
    public var version: Int
    /// The confirmations, in the order given.
    public var confirmations: [DeviceConfirmation]
    /// The token the recorder presents (`device-pass --listen` prints it), kept so that a resumed
    /// pass asks for the same one and an app still running connects again by itself. A bundle's
    /// copy of the state leaves it out.
    public var token: String?

    /// A state holding `confirmations`, and the pass's `token` where the harness listens.
    public init(confirmations: [DeviceConfirmation], token: String? = nil) {
        version = Self.currentVersion
        self.confirmations = confirmations
        self.token = token
    }

    /// Why a state file cannot be read: `file:line:column: error: ... (at $.path)` and the fix.
    public struct Problem: Error, CustomStringConvertible, Sendable {
        /// The lines for standard error.
        public var description: String
    }

    /// Reads a state file; a newer version is an error naming it.
    public static func read(from url: URL) throws -> DevicePassState {
        try read(bytes: [UInt8](try Data(contentsOf: url)), file: url.path)
    }

    /// Reads the state file `file` holding `bytes`: what does not decode is an error naming the
    /// file, the line and column, the JSON path, what was expected there and the fix.
    public static func read(bytes: [UInt8], file: String) throws(Problem) -> DevicePassState {
        let state: DevicePassState
        do { state = try JSONDecoder().decode(DevicePassState.self, from: Data(bytes)) } catch {
            let problem = JSONDecodingProblem(error, in: bytes)
            throw Problem(
                description: "\(file)\(problem.position.map { ":\($0)" } ?? ""): error: not a device-pass state file: \(problem.message) (at \(problem.path))\n"
                    + "  fix: \(problem.fix.map { "\($0); or " } ?? "")give the state file 'device-pass --listen' wrote for this pass, unedited"
                    + " (it is written by the harness, never by hand)")
        }
        guard state.version <= currentVersion else {
            throw Problem(
                description: "\(file): error: state version \(state.version) is newer than this harness reads (\(currentVersion))\n  fix: update sl-conformance"
            )
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
