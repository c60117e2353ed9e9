import Foundation
import SingleLoginAdapter
@testable import SingleLoginTransport
import Synchronization
import Testing
import SingleLoginEvents
@testable import SingleLoginConformance
import SingleLoginSpec
import SingleLoginTestSupport

/// One misbehaviour of the fake adapter and what the harness must make of it.
struct FaultCase: CustomTestStringConvertible, Sendable {
    /// Arguments for sl-fake-adapter.
    var arguments: String
    /// The error's type in the report, or nil when every scenario must pass.
    var kind: String?
    /// A fragment the error's message must contain.
    var fragment: String

    var testDescription: String { arguments }

    /// Short only where the fault needs a timeout to end it: a hang at the handshake, or in a
    /// step. Every other answer takes milliseconds, so the rest is generous and holds under load.
    var timeouts: AdapterTimeouts {
        let hangs = arguments.contains("hang") || arguments.contains("never-settle")
        return AdapterTimeouts(
            handshake: arguments.contains("hang@handshake") ? .seconds(8) : .seconds(120), step: hangs ? .seconds(4) : .seconds(60), scenario: .seconds(300))
    }

    static func fails(_ arguments: String, _ kind: AdapterFailure.Kind, _ fragment: String) -> FaultCase {
        FaultCase(arguments: arguments, kind: kind.rawValue, fragment: fragment)
    }

    static func passes(_ arguments: String) -> FaultCase { FaultCase(arguments: arguments, kind: nil, fragment: "") }

    /// A timeout while the app handles an event: the app's hang, a failure, with the transport's words as evidence.
    static func hangs(_ arguments: String, _ fragment: String) -> FaultCase { FaultCase(arguments: arguments, kind: "app.hung", fragment: fragment) }

    /// Whether the fault is the app's (a failure) rather than the adapter's (an error).
    var isAppFault: Bool { kind == "app.hung" }
}

@Suite("A misbehaving adapter costs one scenario, is named, and leaves nothing behind")
struct FaultTableTests {
    static let table: [FaultCase] = [
        .fails("--fault hang@handshake", .timeout, "handshake failed: no answer to 'initialize' within"),
        .fails("--fault exit:3@handshake", .exited, "exit code 3 during 'initialize'"),
        .fails("--fault signal:ABRT@handshake", .exited, "signal 6 (SIGABRT) during 'initialize'"),
        .fails("--fault protocol:2.0", .handshake, "the adapter speaks protocol 2.0; this harness speaks \(WireProtocol.version)"),
        .fails("--fault garbage@handshake", .protocolViolation, "not a JSON-RPC 2.0 message"),
        .fails("--fault hang@reset", .timeout, "no answer to 'reset' within"),
        .fails("--fault exit:4@reset", .exited, "exit code 4 during 'reset'"),
        .fails("--fault signal:SEGV@reset", .exited, "signal 11 (SIGSEGV) during 'reset'"),
        .hangs("--fault hang@event:launch", "the app did not settle within"),
        .hangs("--fault hang@request:4", "of 'tapSignOut' in step 2 'tapSignOut', and made no call meanwhile: a hang, which iOS's watchdog ends"),
        .hangs("--fault never-settle@event:launch", "of 'launch' in step 1 'launch': it kept calling"),
        .fails("--fault exit:5@event:tapSignOut", .exited, "exit code 5 during 'event tapSignOut'"),
        .fails("--fault signal:KILL@event:launch", .exited, "signal 9 (SIGKILL) during 'event launch'"),
        .fails("--fault exit:7@msal:2", .exited, "after the app's call 'msal.getCurrentAccount'"),
        .fails("--fault signal:SEGV@msal:1", .exited, "signal 11 (SIGSEGV) during 'event launch' (after the app's call 'msal.getDeviceInformation')"),
        .hangs("--fault hang@msal:3", "after its call 'msal.acquireTokenSilent' was answered (in step 1 'launch'): a hang"),
        .fails("--fault exit:0@event:launch", .exited, "exit code 0 during 'event launch'"),
        .fails("--fault garbage", .protocolViolation, "not a JSON-RPC 2.0 message to stdout during 'event launch'"),
        .fails("--fault partial-line", .exited, "in the middle of a line: '{\"jsonrpc\":\"2.0\",\"id\":'"),
        .fails("--fault huge-line:10", .protocolViolation, "(10485760 bytes)"),
        .fails("--fault huge-line:17", .protocolViolation, "over the 16 MiB limit"),
        .fails("--fault wrong-id", .protocolViolation, "answered request '1003', which the harness never sent"),
        .fails("--fault duplicate@event:launch", .protocolViolation, "answered request 3 twice"),
        .fails("--fault unsolicited", .protocolViolation, "answered request '999', which the harness never sent"),
        .fails("--fault stdout-log", .protocolViolation, "'[INFO] handling event launch'"),
        .fails("--fault unknown-method", .protocolViolation, "called 'msal.getAccounts' during 'event launch', which does not exist"),
        .fails("--fault bad-observation", .protocolViolation, "is not a valid Observation"),
        .fails("--fault error-answer", .adapterError, "the simulator is not booted"),
        .hangs("--fault stderr-flood:16 --fault hang@event:launch", "the app did not settle"),
        .hangs("--ignore-sigterm --fault hang@event:launch", "the app did not settle"),
        .passes("--fault slow:150"),
        // An adapter of protocol 1.0 (no msalConfiguration, no 1.1 methods) is served as it is.
        .passes("--fault protocol:1.0"),
        .passes("--fault stderr-flood:16"),
    ]

    @Test("the faulty scenario errors with its cause and stderr tail; the next ones pass; no process is left", arguments: table)
    func fault(_ fault: FaultCase) async throws {
        guard let adapter = BuiltProducts.path("sl-fake-adapter") else {
            Issue.record(Comment(rawValue: BuiltProducts.missing("sl-fake-adapter")))
            return
        }
        let directory = try TemporaryDirectory()
        let command = "\(adapter) --grandchild --pid-log \(directory.path("pids")) --once \(directory.path("once")) \(fault.arguments)"
        let (events, results) = await Self.run(command: command, scenarios: 3, timeouts: fault.timeouts)

        #expect(results.count == 3, "every planned test case has a result")
        #expect(TestCaseEventOrder.violations(in: events) == [], "a fault ends its test case's events in the documented order")
        if let kind = fault.kind {
            let first = try #require(results.first)
            let error = try #require(first.issues.first { $0.severity == (fault.isAppFault ? .failure : .error) })
            #expect(first.outcome == (fault.isAppFault ? .failed : .errored))
            #expect(error.type == kind)
            #expect(error.message.contains(fault.fragment), "\(error.message)")
            #expect(error.observed.contains("sl-fake-adapter["), "the stderr tail is shown: \(error.observed)")
            #expect(error.observed.utf8.count < 6_000, "the stderr tail stays short")
            if fault.isAppFault { #expect(error.observed.contains("no answer to 'event "), "the transport's words are the evidence: \(error.observed)") }
            #expect(results.dropFirst().allSatisfy { $0.outcome == .passed }, "the adapter restarts and the next scenarios pass: \(results.map(\.outcome))")
        } else {
            #expect(results.allSatisfy { $0.outcome == .passed }, "\(results.map { ($0.outcome, $0.issues.map(\.message)) })")
        }
        let pids = try String(contentsOfFile: directory.path("pids"), encoding: .utf8).split(separator: "\n").compactMap { Int32($0) }
        #expect(pids.count == (fault.kind == nil ? 1 : 2), "one restart after the fault: \(pids)")
        for pid in pids {
            #expect(ProcessGroup.livingMembers(of: pid).isEmpty, "process group \(pid) (adapter and its sleep 300) has ended")
        }
    }

    @Test("a signal is named by this system's number for it: SIGBUS is 7 on Linux and 10 on Darwin")
    func signalNames() {
        #expect(ChildProcess.Termination.signaled(SIGBUS).description == "signal \(SIGBUS) (SIGBUS)")
        #expect(ChildProcess.Termination.signaled(SIGSEGV).description == "signal \(SIGSEGV) (SIGSEGV)")
        #expect(ChildProcess.Termination.exited(3).description == "exit code 3")
    }

    /// Runs the exercise spec against `command` with `timeouts` and returns the results.
    static func run(command: String, scenarios: Int, timeouts: AdapterTimeouts) async -> (events: [Event], results: [TestCaseResult]) {
        let loaded = ExerciseSpec.load(scenarios: scenarios)
        let provider = StdioAdapterProvider(command: command, timeouts: timeouts)
        let runner = Runner(spec: loaded.spec, specSHA256: loaded.sha256Hex, provider: provider)
        let events = Mutex<[Event]>([])
        await runner.run { event in events.withLock { $0.append(event) } }
        let all = events.withLock { $0 }
        return (all, all.compactMap { if case .testCaseEnded(let result) = $0.kind { result } else { nil } })
    }
}
