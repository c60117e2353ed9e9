import CommandLineKit
import Foundation
import SingleLoginConformance
import SingleLoginEvents
import SingleLoginReports
import SingleLoginSpec
import SingleLoginTransport

/// The soak: many scenarios against sl-fake-adapter in random-fault mode, to show that the
/// harness never crashes, never loses a result and never leaves a process behind.
///   swift run -c release sl-soak --scenarios 1000 --seed 1
struct SoakCommand: Command {
    struct Options: OptionGroup {
        static let scenarios = Option("--scenarios", value: "n", default: "1000", help: "How many scenarios to run.", parser: .positiveInteger)
        static let seed = Option("--seed", value: "n", default: "1", help: "The seed of the adapter's random faults.", parser: .unsignedInteger)
        static let faultRate = Option(
            "--fault-rate", value: "p", default: "0.1", help: "The chance that a scenario misbehaves, from 0 to 1.", parser: .fraction)
        static let jobs = Option("--jobs", value: "n", default: "1", help: "How many adapter instances run scenarios at once.", parser: .positiveInteger)
        static let adapter = Option("--adapter", value: "path", help: "The sl-fake-adapter executable (default: the one next to sl-soak).")
        static let stepTimeout = Option("--step-timeout", value: "seconds", default: "0.5", help: "How long one step may take.", parser: .positiveSeconds)
        static let handshakeTimeout = Option(
            "--handshake-timeout", value: "seconds", default: "1", help: "How long the handshake may take.", parser: .positiveSeconds)

        static var signature: CommandSignature { CommandSignature([scenarios, seed, faultRate, jobs, adapter, stepTimeout, handshakeTimeout]) }

        var scenarios: Int
        var seed: UInt64
        var faultRate: Double
        var jobs: Int
        var adapterPath: String
        var timeouts: AdapterTimeouts

        init(parsing arguments: ParsedArguments) throws(UsageError) {
            scenarios = try arguments.value(Self.scenarios) ?? 1000
            seed = try arguments.value(Self.seed) ?? 1
            faultRate = try arguments.value(Self.faultRate) ?? 0.1
            jobs = try arguments.value(Self.jobs) ?? 1
            adapterPath =
                try arguments.value(Self.adapter)
                ?? URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("sl-fake-adapter").path
            timeouts = AdapterTimeouts(
                handshake: try arguments.value(Self.handshakeTimeout) ?? .seconds(1), step: try arguments.value(Self.stepTimeout) ?? .milliseconds(500),
                scenario: .seconds(30))
        }
    }

    let name = "sl-soak"
    let abstract = "Soak the harness: many scenarios against sl-fake-adapter with random faults."
    let discussion = """
        Runs N scenarios of an in-memory spec against sl-fake-adapter with --random-faults, writes a
        JUnit report to a temporary directory, and prints: planned, recorded, passed/failed/errored,
        harness crashes, lost results, leftover processes, wall time.
        Exit status 0 when recorded == planned and the three zeros hold, 1 otherwise, 64 usage error.
        """

    func run(_ options: Options, output: TextOutput) async throws(UsageError) -> Int32 {
        guard FileManager.default.isExecutableFile(atPath: options.adapterPath) else {
            throw UsageError("No sl-fake-adapter at '\(options.adapterPath)'", suggestion: "Build it, or name one with '--adapter <path>'.")
        }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sl-soak-\(getpid())")
        do { try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true) } catch {
            output.err("error: cannot create \(directory.path): \(error.localizedDescription)")
            return 1
        }
        defer { try? FileManager.default.removeItem(at: directory) }
        let pidLog = directory.appendingPathComponent("pids").path
        let junit = directory.appendingPathComponent("junit.xml")
        let (scenarios, seed, rate, jobs) = (options.scenarios, options.seed, options.faultRate, options.jobs)
        let command =
            "\(options.adapterPath) --random-faults --seed \(seed) --fault-rate \(rate) --counter \(directory.appendingPathComponent("counter").path) --pid-log \(pidLog)"

        let loaded = ExerciseSpec.load(scenarios: scenarios)
        let timeouts = options.timeouts
        let runner = Runner(
            spec: loaded.spec, specSHA256: loaded.sha256Hex,
            options: Runner.Options(jobs: jobs),
            // Faults are drawn at random: two failed starts in a row must not end the soak early.
            makeProvider: { StdioAdapterProvider(command: command, timeouts: timeouts, giveUpAfter: nil) })
        let tally = SoakTally()
        let recorder = JUnitXMLRecorder(url: junit)
        output.out("sl-soak: \(scenarios) scenarios, seed \(seed), fault rate \(rate), jobs \(jobs)")
        output.out("adapter: \(command)")
        let started = ContinuousClock.now
        let summary = await runner.run { event in
            recorder.record(event)
            tally.record(event)
        }
        let wall = ContinuousClock.now - started

        let counts = tally.counts()
        let junitCases = JUnitCaseCount.count(in: junit)
        let pids = ((try? String(contentsOfFile: pidLog, encoding: .utf8)) ?? "").split(separator: "\n").compactMap { Int32($0) }
        let leftovers = pids.flatMap { ProcessGroup.livingMembers(of: $0) }
        let lost = scenarios - counts.recorded + counts.duplicates
        let crashes = counts.runEnded == 1 ? counts.harnessErrors : 1 + counts.harnessErrors

        output.out(
            """
            scenarios planned:    \(counts.planned)
            results recorded:     \(counts.recorded) (JUnit test cases: \(junitCases.map(String.init) ?? "unreadable report"))
            passed:               \(summary.passed)
            failed:               \(summary.failedMust + summary.failedShould)
            errored:              \(summary.errored)   by kind: \(counts.errorKinds.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))
            adapter processes:    \(pids.count) started
            harness crashes:      \(crashes)
            lost results:         \(lost)
            leftover processes:   \(leftovers.count)\(leftovers.isEmpty ? "" : " " + leftovers.map(String.init).joined(separator: ","))
            wall time:            \(String(format: "%.1f s", wall.inSeconds))
            """)
        let ok = counts.planned == scenarios && counts.recorded == scenarios && junitCases == scenarios && crashes == 0 && lost == 0 && leftovers.isEmpty
        output.out(ok ? "soak: OK" : "soak: FAILED")
        return ok ? 0 : 1
    }
}
