import Foundation
@testable import SingleLoginTransport
import Synchronization
import Testing
@testable import SingleLoginConformance
import SingleLoginEvents
import SingleLoginSpec
import SingleLoginTestSupport

@Suite("A broken adapter costs one clear error, not a run")
struct BrokenAdapterTests {
    /// Runs a probe spec of `scenarios` test cases against `command`.
    static func run(_ command: String, scenarios: Int = 6, handshake: Duration = .seconds(60), jobs: Int = 1) async -> (
        results: [TestCaseResult], summary: RunSummary, unavailable: [AdapterUnavailability]
    ) {
        let timeouts = AdapterTimeouts(handshake: handshake, step: .seconds(60), scenario: .seconds(120))
        let run = await TestSupport.run(ExerciseSpec.load(scenarios: scenarios), options: .init(jobs: jobs)) {
            StdioAdapterProvider(command: command, timeouts: timeouts)
        }
        let unavailable = run.events.compactMap { event -> AdapterUnavailability? in
            if case .adapterUnavailable(let unavailability) = event.kind { return unavailability }
            return nil
        }
        return (run.results, run.summary, unavailable)
    }

    /// Checks the shape every broken start must have: two errors of `kind` with the stderr tail, the rest not run.
    static func expectGaveUp(
        _ results: [TestCaseResult], summary: RunSummary, unavailable: [AdapterUnavailability], kind: AdapterFailure.Kind, stderr: String, planned: Int,
        errored: Int = 2
    ) {
        #expect(results.count == planned, "every planned test case has a result")
        let errors = results.filter { $0.outcome == .errored }
        #expect(errors.count == errored, "\(results.map(\.outcome))")
        for result in errors {
            let issue = result.issues.first { $0.severity == .error }
            #expect(issue?.type == kind.rawValue, "\(result.issues)")
            #expect(issue?.observed.contains(stderr) == true, "every errored case carries the stderr tail: \(issue?.observed ?? "")")
        }
        let notRun = results.filter { if case .notRun = $0.outcome { true } else { false } }
        #expect(notRun.count == planned - errored)
        for result in notRun {
            guard case .notRun(let reason) = result.outcome else { continue }
            #expect(reason.contains("the adapter failed to start 2 times in a row"), "\(reason)")
            #expect(reason.contains(kind.rawValue))
            #expect(result.adapterLog.isEmpty, "the cause's stderr tail is said once, not with every case not run")
        }
        #expect(unavailable.count == 1, "the run says once that it gave up on the adapter")
        #expect(unavailable.first?.type == kind.rawValue)
        #expect(unavailable.first?.stderrTail.contains(stderr) == true, "\(unavailable)")
        #expect(unavailable.first?.fix.isEmpty == false)
        #expect(ExitStatus(summary: summary, gate: .mustAndShould) == .adapterOrHarnessError)
    }

    @Test("a command that is not found: two errors naming it, the rest not run with the same cause")
    func notFound() async {
        let name = "no-such-adapter-\(UUID().uuidString)"
        let (results, summary, unavailable) = await Self.run("./\(name)")
        Self.expectGaveUp(results, summary: summary, unavailable: unavailable, kind: .exited, stderr: name, planned: 6)
        // In the shell's words, which differ: dash (Debian's /bin/sh) says `exec: ./NAME: not found`,
        // bash (macOS's /bin/sh) `/DIRECTORY/NAME: No such file or directory`.
        let tail = unavailable.first?.stderrTail ?? ""
        #expect(tail.contains("not found") || tail.contains(String(cString: strerror(ENOENT))), "\(tail)")
        #expect(results.first?.issues.first?.message.contains("exited with exit code 127 during 'initialize'") == true)
    }

    @Test("an adapter that exits at once: its stderr is in every errored case, drained before the exit is reported", arguments: 1...5)
    func exitsAtOnce(attempt: Int) async {
        let (results, summary, unavailable) = await Self.run(#"sh -c "echo 'adapter: missing configuration file' >&2; exit 3""#, scenarios: 4)
        Self.expectGaveUp(results, summary: summary, unavailable: unavailable, kind: .exited, stderr: "adapter: missing configuration file", planned: 4)
        #expect(results.first?.issues.first?.message.contains("exited with exit code 3") == true, "\(results.first?.issues ?? [])")
    }

    @Test("no handshake in time (an injected short timeout): two timeouts, then the rest not run")
    func noHandshake() async {
        let (results, summary, unavailable) = await Self.run(#"sh -c "echo 'waiting for a simulator' >&2; exec sleep 100""#, handshake: .seconds(2))
        Self.expectGaveUp(results, summary: summary, unavailable: unavailable, kind: .timeout, stderr: "waiting for a simulator", planned: 6)
    }

    @Test("with several jobs, one job giving up stops the others too")
    func severalJobs() async {
        let (results, summary, unavailable) = await Self.run("exit 9", scenarios: 8, jobs: 2)
        #expect(results.count == 8)
        let notRun = results.filter { if case .notRun = $0.outcome { true } else { false } }
        #expect(notRun.count >= 4, "\(results.map(\.outcome))")
        #expect(results.filter { $0.outcome == .errored }.count + notRun.count == 8, "nothing else ran: \(results.map(\.outcome))")
        #expect(unavailable.count == 1, "the first job to give up says so, once: \(unavailable)")
        #expect(ExitStatus(summary: summary, gate: .mustAndShould) == .adapterOrHarnessError)
    }

    @Test(
        "an empty adapter command is a usage error, and so are --adapter with --listen and a non-loopback --listen",
        arguments: [
            (["--adapter", ""], "The value '' is invalid for '--adapter <command>'"),
            (["--adapter", "   "], "is invalid for '--adapter <command>'"),
            (["--adapter", "x", "--listen", "127.0.0.1:0"], "'--adapter' and '--listen' cannot be combined"),
            (["--listen", "0.0.0.0:0"], "'0.0.0.0' is not a loopback address"),
            (["--listen", "127.0.0.1"], "is invalid for '--listen <host:port>'"),
        ])
    func usageErrors(arguments: [String], message: String) async throws {
        let tool = try #require(BuiltProducts.path("sl-conformance"), Comment(rawValue: BuiltProducts.missing("sl-conformance")))
        let directory = try TemporaryDirectory()
        let process = try ToolProcess(tool, ["run", "--quiet", "--reports", directory.path("reports")] + arguments)
        #expect(await process.exitStatus() == 64)
        #expect(process.stderr.contains("Error: " + message) || process.stderr.contains(message), "\(process.stderr)")
    }
}
