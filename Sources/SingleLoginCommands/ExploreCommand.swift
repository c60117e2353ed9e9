import CommandLineKit
import Foundation
import ReferenceApp
import SingleLoginAdapter
import SingleLoginConformance
import SingleLoginEvents
import SingleLoginExplore
import SingleLoginReports
import SingleLoginSpec
import SingleLoginTransport

/// `sl-conformance explore`: random device histories against an app, judged by the oracle's
/// rules; the first violation shrunk to a minimal counterexample spec.
package struct ExploreCommand: Command {
    /// `explore`'s options. The adapter, reference-flaw, wire-log and scenario-timeout options are `run`'s own.
    package struct Options: OptionGroup {
        /// `--seed <n>`.
        package static let seed = Option(
            "--seed", value: "n", help: "The seed: the same seed and app play the same histories (default: a random seed, printed).", parser: .unsignedInteger)
        /// `--runs <n>`.
        package static let runs = Option("--runs", value: "n", default: "1000", help: "Play at most n histories.", parser: .positiveInteger)
        /// `--time-budget <seconds>`.
        package static let timeBudget = Option(
            "--time-budget", value: "seconds", help: "Stop playing new histories after this long (shrinking comes after).", parser: .positiveSeconds)
        /// `--max-steps <n>`.
        package static let maxSteps = Option("--max-steps", value: "n", default: "12", help: "The most steps a history has.", parser: .positiveInteger)
        /// `--jobs <n>`, `-j`.
        package static let jobs = Option(
            "--jobs", short: "-j", value: "n", default: "1", help: "Play histories on n adapter instances at once; results do not depend on it.",
            parser: .positiveInteger)
        /// `--counterexample <file>`.
        /// `--shard <i/n>`.
        package static let shard = Option(
            "--shard", value: "i/n",
            help:
                "Play part i of n of the seed's histories (i, i+n, i+2n, ..., --runs of them); 'merge' joins the shards' explore-junit.xml, keeping the first violation, as one exploration of n x --runs histories finds it.",
            parser: RunCommand.Options.shardParser)
        package static let counterexample = Option(
            "--counterexample", value: "file", help: "Write the shrunk counterexample here, as a complete spec (format v1).")

        package static var signature: CommandSignature {
            CommandSignature([
                RunCommand.Options.adapter, RunCommand.Options.referenceFlaw, seed, runs, timeBudget, maxSteps, jobs, shard, counterexample,
                RunCommand.Options.wireLog,
            ])
            .including(ListenOptions.signature)
            .including(SimulatorOptions.signature)
            .including(ReportOptions<ExploreReportFiles>.signature)
            .including(AdapterTimeoutOptions.signature)
            .including(CommandSignature([RunCommand.Options.scenarioTimeout]))
        }

        /// The app.
        package var target: RunCommand.Options.Target
        /// Whether the harness reads the app's container on the Simulator.
        package var simulator: SimulatorOptions
        /// The seed, if given.
        package var seed: UInt64?
        /// How many histories at most.
        package var runs: Int
        /// How long to play new histories, if limited.
        package var timeBudget: Duration?
        /// The most steps a history has.
        package var maxSteps: Int
        /// Adapter instances at once.
        package var jobs: Int
        /// Where to write the counterexample.
        package var counterexample: String?
        /// The part of the seed's histories to play (`--shard`), if not all.
        package var part: RunContext.Shard?
        /// Where to record the wire.
        package var wireLog: String?
        /// The reports and the gate.
        package var reports: ReportOptions<ExploreReportFiles>
        /// The adapter's time limits.
        package var timeouts: AdapterTimeouts

        package init(parsing arguments: ParsedArguments) throws(UsageError) {
            target = try RunCommand.Options.Target(parsing: arguments)
            simulator = try SimulatorOptions(parsing: arguments)
            seed = try arguments.value(Self.seed)
            runs = try arguments.value(Self.runs) ?? 1000
            timeBudget = try arguments.value(Self.timeBudget)
            maxSteps = try arguments.value(Self.maxSteps) ?? 12
            jobs = try arguments.value(Self.jobs) ?? 1
            try simulator.check(jobs: jobs)
            counterexample = try arguments.value(Self.counterexample)
            part = try arguments.value(Self.shard)
            wireLog = try arguments.value(RunCommand.Options.wireLog)
            reports = try ReportOptions(parsing: arguments)
            timeouts = try AdapterTimeoutOptions(parsing: arguments).timeouts(scenario: try arguments.value(RunCommand.Options.scenarioTimeout) ?? .seconds(60))
        }
    }

    package let name = "explore"
    package let abstract = "Play random shared-device histories against an app and shrink the first violation to a counterexample spec."
    package let discussion = """
        Generates histories a real shared device allows (launches, suspends, Jamf Setup and Reset,
        user changes, broadcast bursts, taps, scripted broker failures), plays each against the app
        from a fresh install, and judges every step by rules that generalise the catalogue's
        requirements (docs/explore.md lists them). The first violating history is shrunk to a
        minimal one, replayed to confirm it, and printed with its broker transcript;
        --counterexample FILE writes it as a spec that 'validate' accepts, that 'run --spec FILE'
        fails on this app, and that passes on the reference app.
          sl-conformance explore --adapter 'python3 Examples/python-adapter/adapter.py' --runs 2000
          sl-conformance explore --reference-flaw ignoresBroadcast --seed 7 --counterexample ce.json
        --listen waits for an adapter that connects over TCP, as 'run --listen' does (one connection
        per job).
        Reports go to reports/ (explore-junit.xml with one testcase per rule, explore.md,
        explore-events.jsonl) unless --reports, --junit, --markdown or --events say otherwise.

        --shard i/n plays part i of n of the seed's histories, so n CI jobs explore n times as many;
        'merge' joins their explore-junit.xml and keeps the lowest-numbered violation:
          sl-conformance explore --adapter './my-adapter' --seed 7 --shard 2/4 --reports shard-2
          sl-conformance merge explore-junit.xml shard-*/explore-junit.xml

        Exit status: 0 no rule violated within the runs and the budget; 1 a rule was violated;
        2 the adapter or the harness broke, the violation did not reproduce, or interrupted;
        64 usage error. With --level must, only the rules of MUST standing are judged.
        """

    /// Creates the command.
    package init() {}

    package func run(_ options: Options, output: TextOutput) async throws(UsageError) -> Int32 {
        // Every destination is checked before anything is started or bound, as `run` does: the
        // reports (the event stream goes beside them unless --events names a file) and the counterexample.
        var reports = options.reports
        if reports.eventsFile == nil {
            reports.eventsFile = reports.junitFile.deletingLastPathComponent().appendingPathComponent(ExploreReportFiles.events)
        }
        let session: ReportSession
        do {
            session = try reports.session(
                output: output, more: options.wireLog.map { [URL(fileURLWithPath: $0)] } ?? [], naming: [RunCommand.Options.wireLog.definition.name])
        } catch {
            return error.report(to: output)
        }
        if let path = options.counterexample {
            do { try AtomicFileWriter.prepare(URL(fileURLWithPath: path)) } catch {
                output.err("error: \(error)\n  fix: give '--counterexample' a file that can be written; nothing was run")
                return ExitStatus.adapterOrHarnessError.rawValue
            }
        }
        let timeouts = options.timeouts
        let container: String?
        let wireLog: WireLog?
        do {
            container = try options.simulator.container()
            wireLog = try RunCommand.Options.Target.wireLog(options.wireLog)
        } catch { return error.report(to: output) }
        let providers = try options.target.providers(timeouts: timeouts, wireLog: wireLog, container: container, output: output)
        let gate = options.reports.gate
        let seed = options.seed ?? UInt64.random(in: 1...999_999)
        let rules = Set(Rule.allCases.filter { gate.gates($0.level) })
        var exploreOptions = ExploreOptions(
            seed: seed, runs: options.runs, timeBudget: options.timeBudget, maxSteps: options.maxSteps,
            jobs: options.jobs, rules: rules)
        exploreOptions.shard = options.part
        let quiet = options.reports.verbosity == .quiet
        if !quiet {
            let budget = options.timeBudget.map { " or \(Self.seconds($0.inSeconds))" } ?? ""
            let part = options.part.map { " (\($0), histories \($0.index), \($0.index + $0.count), \($0.index + 2 * $0.count), ...)" } ?? ""
            output.out(
                "Exploring \(providers.appName) with seed \(seed)\(part): up to \(options.runs) histories\(budget) of at most \(options.maxSteps) steps, \(rules.count) rules, \(options.jobs) job\(options.jobs == 1 ? "" : "s")"
            )
        }
        let progress = ProgressLine(output: output, enabled: output.isTerminal && !quiet)
        let explorer = Explorer(options: exploreOptions, makeProvider: providers.make)
        let startDate = Date()
        let result = await InterruptibleRun.run(onInterrupt: {
            output.err("\nInterrupted: ending the adapter and writing reports.")
        }) {
            await explorer.explore { progress.update($0) }
        }
        progress.clear()
        if !quiet { output.out(Self.statistics(of: result, verbose: options.reports.verbosity == .verbose)) }

        for event in ExploreEvents.events(for: result, options: exploreOptions, gate: gate, startDate: startDate, referenceApp: options.target.isReferenceApp) {
            session.record(event)
        }
        var status = Self.status(of: result, gate: gate)
        if let counterexample = result.counterexample {
            output.out("\nCounterexample \(counterexample.requirementID) (\(counterexample.rule.level.rawValue)): \(counterexample.rule.title)")
            output.out(Self.indented(ExploreEvents.describe(counterexample.scenario)))
            if let path = options.counterexample {
                do {
                    try AtomicFileWriter.write(Data(counterexample.json.utf8), to: URL(fileURLWithPath: path))
                    output.out(Self.checkHint(counterexample: path, target: options.target))
                } catch {
                    output.err("error: \(error)")
                    status = .adapterOrHarnessError
                }
            } else {
                output.out("As a spec (write it to a file with --counterexample FILE):")
                output.out(counterexample.json)
            }
        }
        // The last line, after every report and the counterexample are written.
        return session.finish(status, wireLog: wireLog, path: options.wireLog)
    }

    /// What to run next on a counterexample written to `path`: `validate`, then `run --spec` on the
    /// same app (`--adapter`, `--listen` or the reference app's flaws repeated), since `run` without
    /// them tests the bundled reference app, where a counterexample passes.
    package static func checkHint(counterexample path: String, target: RunCommand.Options.Target) -> String {
        let file = GenerateTestsCommand.Options.shellQuoted(path)
        let run = (["sl-conformance", "run", "--spec", file] + target.commandLineWords).joined(separator: " ")
        return "Written to \(path). Check it with:\n  sl-conformance validate \(file)\n  \(run)"
    }

    /// The exit status: 2 when something broke or did not reproduce, 1 when a rule was violated, else 0.
    static func status(of result: ExploreResult, gate: Gate) -> ExitStatus {
        if result.failure != nil || result.interrupted || result.notReproducible != nil { return .adapterOrHarnessError }
        if result.counterexample != nil { return .requirementFailures }
        return .passed
    }

    /// What the exploration did, in a few lines.
    static func statistics(of result: ExploreResult, verbose: Bool) -> String {
        let rate = result.exploreSeconds > 0 ? Double(result.runs) / result.exploreSeconds : 0
        var lines = [
            "Played \(result.runs) histor\(result.runs == 1 ? "y" : "ies") in \(Self.seconds(result.exploreSeconds)) (\(Int(rate.rounded())) histories/s), \(result.judgements) rule judgements."
        ]
        if !result.setAside.isEmpty {
            let rules = Set(result.setAside.map(\.violation.rule)).sorted().map(\.rawValue).joined(separator: ", ")
            lines.append(
                "Set aside \(result.setAside.count) histor\(result.setAside.count == 1 ? "y" : "ies") that break \(rules) on the reference app too: the rules cannot tell there\(verbose ? ":" : " (--verbose lists them).")"
            )
        }
        if verbose {
            for finding in result.setAside {
                lines.append(
                    "  history \(finding.index + 1), \(finding.violation.rule.rawValue) after \(finding.violation.stepIndex.map { "step \($0 + 1)" } ?? "the last step"): \(finding.violation.issues.first?.message ?? "")"
                )
                lines.append(Self.indented(Self.indented(ExploreEvents.describe(finding.history))))
            }
        }
        if let finding = result.finding {
            lines.append(
                "History \(finding.index + 1) (of seed \(result.seed)) violates \(finding.violation.rule.rawValue) after \(Self.seconds(finding.seconds)).")
            if let counterexample = result.counterexample {
                lines.append(
                    "Shrunk from \(counterexample.originalSteps) to \(counterexample.history.steps.count) steps (\(result.shrinkReplays) replays, \(Self.seconds(result.shrinkSeconds))), the same on \(counterexample.confirmations) replays."
                )
            }
            if let unconfirmed = result.notReproducible { lines.append("Not reproducible: \(unconfirmed.reason).") }
        }
        if let failure = result.failure {
            lines.append("Stopped at history \(failure.index + 1): \(failure.issue.message)")
        }
        return lines.joined(separator: "\n")
    }

    /// `1.25s`.
    static func seconds(_ value: Double) -> String { String(format: "%.2fs", value) }

    static func indented(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 }.joined(separator: "\n")
    }
}
