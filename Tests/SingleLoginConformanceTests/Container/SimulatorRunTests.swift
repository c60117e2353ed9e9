import Foundation
import Testing
import SingleLoginAdapter
import SingleLoginConformance

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
        try """
        #!/bin/sh
        if [ "$*" != "simctl get_app_container booted com.example.container data" ]; then
            echo "stand-in xcrun: unexpected arguments: $*" >&2
            exit 2
        fi
        echo '\(container.path)'
        """.write(to: script, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
        return bin
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

            let harness = try ToolProcess(tool, ["run", "--listen", "127.0.0.1:0", "--simulator", "com.example.container", "--only", "SL-LOGOUT-3",
                                                 "--quiet", "--reports", directory.path("reports"), "--step-timeout", "60", "--connect-timeout", "120"], environment: environment)
            try #require(try await harness.waitForStderr(containing: "\n"), "the harness says where it listens: \(harness.stderr)")
            let firstLine = try #require(harness.stderr.split(separator: "\n").first.map(String.init))
            let port = try #require(Int(firstLine.split(separator: ":").last ?? ""), "\(firstLine)")
            // The adapter names no container: the harness has it from xcrun.
            try await TCPAdapterClient.serve(ContainerAppAdapter(build: .walRow, container: container, named: .some(nil)), host: "127.0.0.1", port: UInt16(port))
            #expect(await harness.exitStatus() == 1, "\(harness.stdout)\n\(harness.stderr)")
            let junit = try String(contentsOfFile: directory.path("reports/junit.xml"), encoding: .utf8)
            #expect(junit.contains("<failure message=\"data of alice remains"), "\(junit.prefix(3000))")
            #expect(junit.contains("file Library/Application Support/history.sqlite [SQLite] (read from the container) holds"), "\(junit.prefix(3000))")
            #expect(!junit.contains("<error"), "\(junit.prefix(3000))")
        }
    }
}
