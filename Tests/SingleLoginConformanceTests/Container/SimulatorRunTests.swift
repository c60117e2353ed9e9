import Foundation
import Testing
import SingleLoginAdapter
import SingleLoginConformance
import SingleLoginTestSupport

/// `run --listen --simulator BUNDLE_ID` end to end, with a stand-in `xcrun` on `PATH` (there is no
/// Mac here): the harness asks it for the app's container, the app model connects over TCP and
/// writes into that directory, and the row its adapter leaves out fails as `<failure>`.
@Suite("run --simulator")
struct SimulatorRunTests {
    /// A stand-in for Xcode's `xcrun`: it answers only the question the harness must ask, and
    /// fails like `simctl` (exit 2, on stderr) for anything else.
    private static func standIn(answering container: URL, in directory: TemporaryDirectory) throws -> URL {
        let bin = directory.url.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let script = bin.appendingPathComponent("xcrun")
        try writeExecutable(
            """
            #!/bin/sh
            if [ "$*" != "simctl get_app_container booted com.example.container data" ]; then
                echo "stand-in xcrun: unexpected arguments: $*" >&2
                exit 2
            fi
            echo '\(container.path)'
            """, to: script)
        return bin
    }

    /// Writes an executable script from a shell of its own, so that no descriptor open for writing
    /// ever exists in this process: a child that another test forks while one is open would keep
    /// it, and every exec of the script would fail with ETXTBSY ("Text file busy") while that child lives.
    private static func writeExecutable(_ text: String, to url: URL) throws {
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/bin/sh")
        // printf is the shell's builtin: the file is opened and closed in the shell, which starts nothing meanwhile.
        shell.arguments = ["-c", #"printf '%s\n' "$2" > "$1" && chmod 755 "$1""#, "sh", url.path, text]
        try shell.run()
        shell.waitUntilExit()
        guard shell.terminationStatus == 0 else { throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path]) }
    }

    @Test("the harness reads the container xcrun names, and the app's row that only its -wal holds fails the requirement")
    func simulatorRun() async throws {
        try await onOwnThread {
            let tool = try #require(BuiltProducts.path("sl-conformance"), Comment(rawValue: BuiltProducts.missing("sl-conformance")))
            let directory = try TemporaryDirectory()
            let container = directory.url.appendingPathComponent("Containers/Data/Application/5A1E")
            try FileManager.default.createDirectory(at: container, withIntermediateDirectories: true)
            let bin = try Self.standIn(answering: container, in: directory)
            var environment = ProcessInfo.processInfo.environment
            environment["PATH"] = bin.path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")

            // The stand-in checks what it is asked: another bundle id fails as simctl does.
            let wrong = try SimulatorContainer.runXcrun(SimulatorContainer.arguments(bundleId: "com.example.other", device: "booted"), environment: environment)
            #expect(wrong?.status == 2 && wrong?.error.contains("unexpected arguments") == true)

            let harness = try ToolProcess(
                tool,
                [
                    "run", "--listen", "127.0.0.1:0", "--simulator", "com.example.container", "--only", "SL-LOGOUT-3",
                    "--quiet", "--reports", directory.path("reports"), "--step-timeout", "60", "--connect-timeout", "120",
                ], environment: environment)
            try #require(try await harness.waitForStderr(containing: "\n"), "the harness says where it listens: \(harness.stderr)")
            let firstLine = try #require(harness.stderr.split(separator: "\n").first.map(String.init))
            let port = try #require(Int(firstLine.split(separator: ":").last ?? ""), "\(firstLine)")
            // The adapter names no container: the harness has it from xcrun.
            try await TCPAdapterClient.serve(
                ContainerAppAdapter(build: .walRow, container: container, named: .some(nil)), host: "127.0.0.1", port: UInt16(port))
            #expect(await harness.exitStatus() == 1, "\(harness.stdout)\n\(harness.stderr)")
            let junit = try String(contentsOfFile: directory.path("reports/junit.xml"), encoding: .utf8)
            #expect(junit.contains("<failure message=\"data of alice remains"), "\(junit.prefix(3000))")
            #expect(junit.contains("file Library/Application Support/history.sqlite [SQLite] (read from the container) holds"), "\(junit.prefix(3000))")
            #expect(!junit.contains("<error"), "\(junit.prefix(3000))")
            // What iOS wrote into the container beside the app (ContainerApp writes it as iOS does,
            // naming the user) is never taken for the app's data.
            for systemWritten in ["SplashBoard", "Saved Application State", "SystemData", "com.apple.EmojiCache", "mobile_container_manager"] {
                #expect(!junit.contains(systemWritten), "\(junit.prefix(3000))")
            }
        }
    }
}
