import CommandLineKit
import Foundation
import SingleLoginConformance

/// `--simulator BUNDLE_ID` and `--device UDID`: the harness reads the app's data container on the
/// iOS Simulator itself (found with `xcrun simctl get_app_container`), after every step, beside
/// what the adapter reports.
package struct SimulatorOptions: OptionGroup, Equatable {
    /// `--simulator <bundle-id>`.
    package static let simulator = Option(
        "--simulator", value: "bundle-id",
        help:
            "Read the data container of the app with this bundle id on the iOS Simulator after every step (found with 'xcrun simctl get_app_container'; a Mac with Xcode), and scan its files beside what the adapter reports. With --listen or --adapter."
    )
    /// `--device <udid>`.
    package static let device = Option(
        "--device", value: "udid",
        help: "With --simulator: the Simulator device whose container is read, a UDID from 'xcrun simctl list devices' (default: booted, the booted one).")

    package static var signature: CommandSignature { CommandSignature([simulator, device]) }

    /// The app's bundle id, or nil when the Simulator's container is not read.
    package var bundleId: String?
    /// The device: a UDID, or `booted`.
    package var device: String

    package init(parsing arguments: ParsedArguments) throws(UsageError) {
        bundleId = try arguments.value(Self.simulator)
        let device = try arguments.value(Self.device)
        self.device = device ?? "booted"
        if let bundleId, bundleId.isEmpty || bundleId.contains(where: \.isWhitespace) {
            throw UsageError(
                "The value '\(bundleId)' is invalid for '--simulator <bundle-id>'",
                suggestion: "Please give the app's bundle identifier, e.g. --simulator com.contoso.shifts.")
        }
        if bundleId == nil, device != nil { throw UsageError("'--device' applies only with '--simulator <bundle-id>'") }
        if self.device.isEmpty {
            throw UsageError(
                "The value '' is invalid for '--device <udid>'",
                suggestion: "Please give a UDID from 'xcrun simctl list devices', or leave '--device' out for the booted one.")
        }
    }

    /// One app on one Simulator has one container: test cases on several adapters at once would
    /// read each other's files in it.
    func check(jobs: Int) throws(UsageError) {
        guard bundleId != nil, jobs > 1 else { return }
        throw UsageError(
            "'--simulator' reads one app's container on one Simulator, which '--jobs \(jobs)' adapters would share",
            suggestion: "Run with '--jobs 1' (the default).")
    }

    /// The container's directory, found with `xcrun` (nil without `--simulator`); an `xcrun` that
    /// is missing or fails, or a bundle id the Simulator does not know, stops the command with the fix.
    func container(run: ([String]) throws -> SimulatorContainer.CommandResult? = { try SimulatorContainer.runXcrun($0) }) throws(CommandFailure) -> String? {
        guard let bundleId else { return nil }
        do { return try SimulatorContainer.locate(bundleId: bundleId, device: device, run: run) } catch {
            throw CommandFailure(status: .adapterOrHarnessError, message: "error: \(error.message)\n  fix: \(error.fix)")
        }
    }
}
