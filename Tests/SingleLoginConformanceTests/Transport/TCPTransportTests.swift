import Foundation
@testable import SingleLoginTransport
import Synchronization
import Testing
import ReferenceApp
import SingleLoginAdapter
@testable import SingleLoginConformance
import SingleLoginEvents
import SingleLoginSpec
import SingleLoginTestSupport

@Suite("Adapters that connect over TCP: the same lines, dropped and taken back after an error")
struct TCPTransportTests {
    /// Runs `spec` against adapters that connect to a fresh loopback listener; `client` is started once the listener exists.
    static func run(_ spec: LoadedSpec, token: String? = nil, wireLog: WireLog? = nil, client: @escaping @Sendable (UInt16) async throws -> Void) async throws
        -> [TestCaseResult]
    {
        let listener = try TCPListener(host: "127.0.0.1", port: 0)
        #expect(listener.port != 0, "port 0 asks the system for a free port, and the listener knows which")
        // Generous: these clients run in the test process, where the other suites' CPU-bound tests can
        // keep them from being scheduled for a minute on a loaded 2-core machine (seen twice in
        // .ci/run's loaded pass); nothing here measures time.
        let timeouts = AdapterTimeouts(handshake: .seconds(300), step: .seconds(300), scenario: .seconds(600))
        // The clients run on a thread of their own: on Swift's cooperative pool, the CPU-bound tests
        // beside them can keep them from running for minutes (see `onOwnThread`).
        let serving = taskOnOwnThread("sl-test-client") { try await client(listener.port) }
        defer { serving.cancel() }
        let run = await TestSupport.run(spec) {
            ListeningAdapterProvider(listener: listener, timeouts: timeouts, connectTimeout: .seconds(300), token: token, wireLog: wireLog)
        }
        // After shutdown the client returns by itself.
        try await serving.value
        return run.results
    }

    @Test("the reference adapter on TCPAdapterClient passes every requirement, as over stdio")
    func referencePasses() async throws {
        let results = try await Self.run(try TestSupport.shippedSpec()) { port in
            try await TCPAdapterClient.serve(ReferenceAppAdapter(adapterName: "reference-tcp"), host: "127.0.0.1", port: port)
        }
        #expect(!results.isEmpty)
        #expect(results.allSatisfy { $0.outcome == .passed }, "\(results.filter { $0.outcome != .passed }.map { "\($0.id): \($0.issues.map(\.message))" })")
    }

    @Test("after an error the harness drops the connection; the client connects again and the next test cases pass")
    func reconnectsAfterAnError() async throws {
        let directory = try TemporaryDirectory()
        let log = try WireLog(url: directory.url.appendingPathComponent("wire.log"))
        let adapter = FailsFirstResetAdapter()
        let results = try await Self.run(ExerciseSpec.load(scenarios: 3), wireLog: log) { port in
            try await TCPAdapterClient.serve(adapter, host: "127.0.0.1", port: port)
        }
        #expect(results.count == 3)
        let first = try #require(results.first)
        #expect(first.outcome == .errored)
        #expect(first.issues.first?.type == "adapter.error")
        #expect(first.issues.first?.message.contains("the simulator went away") == true, "\(first.issues.map(\.message))")
        #expect(results.dropFirst().allSatisfy { $0.outcome == .passed }, "\(results.map(\.outcome))")
        let wire = try String(contentsOf: directory.url.appendingPathComponent("wire.log"), encoding: .utf8)
        #expect(wire.components(separatedBy: "adapter connected from 127.0.0.1:").count - 1 == 2, "one connection, dropped after the error, then one more")
        #expect(wire.contains("the harness dropped the connection"))
    }

    @Test("with a token, a connection that does not present it is refused and the run's own adapter is served")
    func tokenGuardsTheRun() async throws {
        let directory = try TemporaryDirectory()
        let logURL = directory.url.appendingPathComponent("wire.log")
        let log = try WireLog(url: logURL)
        let results = try await Self.run(ExerciseSpec.load(scenarios: 2), token: "run-token-1234", wireLog: log) { port in
            // An intruder connects first; only once the harness has refused it does the run's adapter connect.
            let intruder = taskOnOwnThread("sl-test-intruder") {
                try await TCPAdapterClient.serve(
                    ReferenceAppAdapter(adapterName: "intruder"), host: "127.0.0.1", port: port, token: "guessed", reconnectTimeout: .seconds(300))
            }
            defer { intruder.cancel() }
            let deadline = ContinuousClock.now + .seconds(300)
            while !((try? String(contentsOf: logURL, encoding: .utf8)) ?? "").contains("refused the connection"), ContinuousClock.now < deadline {
                try await Task.sleep(for: .milliseconds(10))
            }
            try await TCPAdapterClient.serve(ReferenceAppAdapter(adapterName: "reference-tcp"), host: "127.0.0.1", port: port, token: "run-token-1234")
        }
        let wire = try String(contentsOf: logURL, encoding: .utf8)
        #expect(wire.contains("refused the connection: the adapter presented a token that is not this run's"), "\(wire.prefix(2000))")
        #expect(results.count == 2)
        #expect(results.allSatisfy { $0.outcome == .passed }, "\(results.map { ($0.outcome, $0.issues.map(\.message)) })\n\(wire.prefix(4000))")
    }

    @Test("a wait for the adapter that ran out after connections with another token says how many were refused and why, with the fix")
    func refusalsInTheTimeout() {
        #expect(ListeningAdapterProvider.refusalNote(count: 0, reason: nil).isEmpty)
        let note = ListeningAdapterProvider.refusalNote(count: 135, reason: "the adapter presented a token that is not this run's")
        #expect(
            note.hasPrefix("; 135 connections were refused meanwhile (the adapter presented a token that is not this run's): give the app this run's token"))
        #expect(note.contains("SL_CONFORMANCE_TOKEN"))
    }

    @Test("run --listen 127.0.0.1:0 prints the chosen port on stderr; an adapter connecting there passes; both exit 0")
    func commandLine() async throws {
        try await onOwnThread {
            let tool = try #require(BuiltProducts.path("sl-conformance"), Comment(rawValue: BuiltProducts.missing("sl-conformance")))
            let adapter = try #require(BuiltProducts.path("sl-reference-adapter"), Comment(rawValue: BuiltProducts.missing("sl-reference-adapter")))
            let directory = try TemporaryDirectory()
            let harness = try ToolProcess(
                tool, ["run", "--listen", "127.0.0.1:0", "--quiet", "--reports", directory.path("reports"), "--step-timeout", "60", "--connect-timeout", "120"])
            try #require(try await harness.waitForStderr(containing: "\n"), "the harness says where it listens: \(harness.stderr)")
            let firstLine = try #require(harness.stderr.split(separator: "\n").first.map(String.init))
            let port = try #require(
                firstLine.hasPrefix("sl-conformance: listening on 127.0.0.1:") ? Int(firstLine.split(separator: ":").last ?? "") : nil, "\(firstLine)")
            #expect(port > 0)
            let client = try ToolProcess(adapter, ["--connect", "127.0.0.1:\(port)"])
            #expect(await harness.exitStatus() == 0, "\(harness.stdout)\n\(harness.stderr)")
            #expect(await client.exitStatus() == 0, "after shutdown the adapter returns and exits 0: \(client.stderr)")
            // A listen run tests whatever connects, never the bundled reference app; the command prints
            // the last line after every report is written.
            let lastLine = harness.stdout.split(separator: "\n").last.map(String.init) ?? ""
            #expect(lastLine.hasPrefix("Result: PASSED (exit status 0"), "\(harness.stdout)")
            #expect(!harness.stdout.contains("reference app"), "\(harness.stdout)")
            let junit = try String(contentsOfFile: directory.path("reports/junit.xml"), encoding: .utf8)
            #expect(!junit.contains("name=\"run.app\"") && !junit.contains("reference app"), "no reference-app notice in the JUnit report")
            #expect(junit.contains("<property name=\"adapter.name\" value=\""), "the connected adapter is named in the run's properties")
        }
    }

    @Test("doctor --listen checks an adapter that connects, like one it starts")
    func doctorOverTCP() async throws {
        try await onOwnThread {
            let tool = try #require(BuiltProducts.path("sl-conformance"), Comment(rawValue: BuiltProducts.missing("sl-conformance")))
            let adapter = try #require(BuiltProducts.path("sl-reference-adapter"), Comment(rawValue: BuiltProducts.missing("sl-reference-adapter")))
            let doctor = try ToolProcess(
                tool, ["doctor", "--listen", "127.0.0.1:0", "--step-timeout", "60", "--handshake-timeout", "120", "--connect-timeout", "120"])
            try #require(try await doctor.waitForStderr(containing: "\n"))
            let firstLine = try #require(doctor.stderr.split(separator: "\n").first.map(String.init))
            let port = try #require(Int(firstLine.split(separator: ":").last ?? ""), "\(firstLine)")
            let client = try ToolProcess(adapter, ["--connect", "127.0.0.1:\(port)"])
            #expect(await doctor.exitStatus() == 0, "\(doctor.stdout)")
            #expect(doctor.stdout.contains("PASS shutdown is answered and the adapter closes the connection"), "\(doctor.stdout)")
            #expect(doctor.stdout.hasSuffix("checks passed.\n"), "\(doctor.stdout)")
            #expect(await client.exitStatus() == 0)
        }
    }

    @Test("a listener on 127.0.0.1 or ::1 is loopback; the address parser takes both forms")
    func addresses() {
        #expect(TCPListener.parse("127.0.0.1:0")! == ("127.0.0.1", 0))
        #expect(TCPListener.parse("[::1]:7000")! == ("::1", 7000))
        #expect(TCPListener.parse("localhost:80")! == ("localhost", 80))
        #expect(TCPListener.parse("127.0.0.1") == nil)
        #expect(TCPListener.parse("::1:7000") == nil)
        #expect(TCPListener.parse("127.0.0.1:99999") == nil)
        #expect(
            TCPListener.isLoopback("127.0.0.1") && TCPListener.isLoopback("127.1.2.3") && TCPListener.isLoopback("::1") && TCPListener.isLoopback("localhost"))
        #expect(!TCPListener.isLoopback("0.0.0.0") && !TCPListener.isLoopback("10.0.0.1") && !TCPListener.isLoopback("::"))
        #expect(throws: TCPListenerError.self) { try TCPListener(host: "not-an-address", port: 0) }
    }
}
