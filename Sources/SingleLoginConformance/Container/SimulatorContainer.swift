import Foundation

/// Finds an app's data container on the iOS Simulator, as Xcode's tools tell it:
/// `xcrun simctl get_app_container <device> <bundle id> data`.
public enum SimulatorContainer {
    /// What running a command gave: its exit status, standard output and standard error.
    public struct CommandResult: Sendable {
        /// The exit status.
        public var status: Int32
        /// Standard output.
        public var output: String
        /// Standard error.
        public var error: String
    }

    /// Why the container cannot be found: what went wrong and how to put it right.
    public struct Failure: Error, CustomStringConvertible {
        /// What went wrong.
        public var message: String
        /// What to do about it.
        public var fix: String
        public var description: String { message }
    }

    /// The arguments given to `xcrun`.
    public static func arguments(bundleId: String, device: String) -> [String] {
        ["simctl", "get_app_container", device, bundleId, "data"]
    }

    /// The container's directory of `bundleId` on `device` (a UDID, or `booted`), found by `run`
    /// (which runs `xcrun` with the arguments, or says nil when there is no `xcrun` to run).
    public static func locate(bundleId: String, device: String, run: ([String]) throws -> CommandResult?) throws(Failure) -> String {
        let arguments = arguments(bundleId: bundleId, device: device)
        let command = "xcrun " + arguments.joined(separator: " ")
        let result: CommandResult?
        do { result = try run(arguments) } catch {
            throw Failure(
                message: "'\(command)' could not be run: \(error)", fix: "Run on a Mac with Xcode (xcode-select --install installs its command-line tools).")
        }
        guard let result else {
            throw Failure(
                message: "xcrun is not on PATH, so the Simulator's container of \(bundleId) cannot be found",
                fix:
                    "--simulator needs a Mac with Xcode (xcode-select --install); elsewhere let the adapter name its container in its handshake (dataContainer)."
            )
        }
        guard result.status == 0 else {
            let said = result.error.trimmingCharacters(in: .whitespacesAndNewlines)
            throw Failure(
                message: "'\(command)' failed (exit \(result.status))" + (said.isEmpty ? "" : ": \(said)"),
                fix:
                    "Check that the app is installed on that Simulator (xcrun simctl listapps \(device)), that its bundle id is \(bundleId), and that the device is booted (xcrun simctl boot <udid>; '--device' takes a UDID from xcrun simctl list devices)."
            )
        }
        let path = result.output.trimmingCharacters(in: .whitespacesAndNewlines)
        var isDirectory: ObjCBool = false
        guard !path.isEmpty, !path.contains("\n"), FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw Failure(
                message: "'\(command)' printed \(path.isEmpty ? "nothing" : "'\(path)'"), which is no directory",
                fix: "Install and launch the app on the Simulator once, so that it has a data container, and run again.")
        }
        return path
    }

    /// Runs `xcrun` with `arguments` from `PATH`, or says nil when no `xcrun` is on it (and always
    /// nil on iOS, where no process can be started: the kit in a Simulator's test bundle takes the
    /// container the adapter names in its handshake instead).
    public static func runXcrun(_ arguments: [String], environment: [String: String] = ProcessInfo.processInfo.environment) throws -> CommandResult? {
        #if os(macOS) || os(Linux)
        let directories = (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").map(String.init)
        guard let xcrun = directories.map({ $0 + "/xcrun" }).first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else { return nil }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: xcrun)
        process.arguments = arguments
        process.environment = environment
        let output = Pipe(), error = Pipe()
        process.standardOutput = output
        process.standardError = error
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // Read both before waiting: a child that fills a pipe would never exit.
        final class Collected: @unchecked Sendable { var data = Data() }
        let errorData = Collected()
        let group = DispatchGroup()
        // The handle, not the pipe, crosses to the other thread: FileHandle is Sendable in every
        // Foundation, Pipe only in some SDKs.
        let errorHandle = error.fileHandleForReading
        DispatchQueue.global().async(group: group) { errorData.data = errorHandle.readDataToEndOfFile() }
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        group.wait()  // the write above happens before this returns
        process.waitUntilExit()
        return CommandResult(
            status: process.terminationStatus, output: String(decoding: outputData, as: UTF8.self), error: String(decoding: errorData.data, as: UTF8.self))
        #else
        return nil
        #endif
    }
}
