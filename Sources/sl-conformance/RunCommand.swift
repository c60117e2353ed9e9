import Foundation
import ReferenceApp
import SingleLoginAdapter
import SingleLoginConformance
import SingleLoginEvents
import SingleLoginReports
import SingleLoginSpec

/// `sl-conformance run`: runs a spec against an adapter and writes the reports.
struct RunCommand: Command {
    let name = "run"
    let abstract = "Run a spec against an app's adapter and write JUnit XML and Markdown reports."
    let discussion = """
        With no options, runs specs/single-login.json against the bundled reference app, in process.
        --adapter runs any adapter over stdio instead (see docs/wire-protocol.md), e.g.
          sl-conformance run --adapter 'python3 Examples/python-adapter/adapter.py'
        Reports go to reports/ (junit.xml, summary.md) unless --reports, --junit or --markdown say otherwise.

        Exit status: 0 passed; 1 requirement failures; 2 adapter or harness errors (or interrupted);
        64 usage error; 65 invalid spec. With --level must, SHOULD failures warn and do not fail.
        Ctrl-C or SIGTERM ends the adapter, marks the rest as not run and still writes every report.
        """
    let signature = CommandSignature(options: [
        .option("--spec", value: "file", default: ListCommand.defaultSpec, help: "The spec to run."),
        .option("--adapter", value: "command", help: "An adapter command line, run with /bin/sh -c; default: the bundled reference app in process."),
        .option("--reference-flaw", value: "flaw", allowed: ReferenceAppFlaw.allCases.map(\.rawValue), repeatable: true, help: "Run the bundled reference app with this flaw (a faulty variant, for demos)."),
        .option("--only", value: "id-or-tag", repeatable: true, help: "Run only requirements with this ID or tag (repeatable)."),
        .option("--skip", value: "id-or-tag", repeatable: true, help: "Skip requirements with this ID or tag (repeatable)."),
        .option("--level", value: "level", allowed: ["must", "should"], default: "should", help: "Gate on MUST only (SHOULD failures warn), or on both."),
        .option("--shard", value: "i/n", help: "Run shard i of n (by sorted test case ID); merge reports with 'sl-conformance merge'."),
        .option("--jobs", short: "-j", value: "n", default: "1", help: "Run test cases on n adapter instances at once; reports keep plan order."),
        .flag("--fail-fast", help: "Skip the remaining test cases after the first failure or error."),
        .flag("--list", help: "Print the plan (what would run or be skipped) and exit."),
        .option("--reports", value: "dir", default: "reports", help: "Directory for junit.xml and summary.md."),
        .option("--junit", value: "file", help: "Where to write JUnit XML (default: <reports>/junit.xml)."),
        .option("--markdown", value: "file", help: "Where to write the Markdown checklist (default: <reports>/summary.md)."),
        .option("--events", value: "file", help: "Also write the JSON Lines event stream to this file."),
        .option("--wire-log", value: "file", help: "With --adapter: record every line on the wire ('> ' sent, '< ' received)."),
        .flag("--junit-strict", help: "Write JUnit XML that also passes the strict Ant schema."),
        .flag("--quiet", short: "-q", help: "Print only failures and the totals."),
        .flag("--verbose", short: "-v", help: "Print every scenario with its broker transcript."),
        .option("--handshake-timeout", value: "seconds", default: "10", help: "How long an adapter may take to answer the handshake."),
        .option("--step-timeout", value: "seconds", default: "10", help: "How long one step (with its broker calls) may take."),
        .option("--scenario-timeout", value: "seconds", default: "60", help: "How long one test case may take."),
    ])

    func run(_ arguments: ParsedArguments) async throws(UsageError) -> Int32 {
        let specPath = arguments.value("--spec") ?? ListCommand.defaultSpec
        if arguments.optionValues["--spec"] == nil, !FileManager.default.fileExists(atPath: specPath) {
            throw UsageError(
                "The default spec '\(specPath)' is not in \(FileManager.default.currentDirectoryPath)",
                suggestion: "Run from the repository's root, or name a spec with '--spec <file>'.")
        }
        let loaded: LoadedSpec
        do { loaded = try SpecLoader.load(path: specPath) } catch {
            StandardStreams.err(error.description)
            return ExitStatus.invalidSpec.rawValue
        }
        let selection = RunSelection(only: arguments.values("--only"), skip: arguments.values("--skip"), shard: try Self.shard(arguments.value("--shard")))
        let unknown = selection.unknownNames(in: loaded.spec)
        if !unknown.isEmpty {
            let known = loaded.spec.requirements.flatMap { [$0.id] + $0.tags }
            throw UsageError("No requirement ID or tag '\(unknown[0])' in \(specPath)", suggestion: Suggestion.closest(to: unknown[0], among: known).map { "Did you mean '\($0)'?" })
        }
        if arguments.flag("--list") {
            for (planned, _) in selection.plan(for: loaded.spec) {
                StandardStreams.out("\(planned.id)" + (planned.skipReason.map { "  (skip: \($0))" } ?? ""))
            }
            return ExitStatus.passed.rawValue
        }
        let timeouts = AdapterTimeouts(
            handshake: try Self.seconds(arguments, "--handshake-timeout"), step: try Self.seconds(arguments, "--step-timeout"),
            scenario: try Self.seconds(arguments, "--scenario-timeout"))
        let makeProvider: @Sendable () -> any AdapterProvider
        if let command = arguments.value("--adapter") {
            guard arguments.values("--reference-flaw").isEmpty else { throw UsageError("'--reference-flaw' applies to the bundled reference app, not to '--adapter'") }
            var wireLog: WireLog?
            if let path = arguments.value("--wire-log") {
                do { wireLog = try WireLog(url: URL(fileURLWithPath: path)) } catch { throw UsageError("Cannot write the wire log '\(path)': \(error.localizedDescription)") }
            }
            makeProvider = { [wireLog] in StdioAdapterProvider(command: command, timeouts: timeouts, wireLog: wireLog) }
        } else {
            let flaws = Set(arguments.values("--reference-flaw").compactMap(ReferenceAppFlaw.init(rawValue:)))
            makeProvider = { InProcessAdapterProvider { ReferenceAppAdapter(flaws: flaws) } }
        }
        let gate: Gate = arguments.value("--level") == "must" ? .mustOnly : .mustAndShould
        let recorders = ReportRecorders.make(arguments, junitName: "junit.xml", markdownName: "summary.md")
        guard let jobs = Int(arguments.value("--jobs") ?? "1"), jobs >= 1 else {
            throw UsageError("The value '\(arguments.value("--jobs") ?? "")' is invalid for '--jobs <n>'", suggestion: "Please give a whole number of at least 1.")
        }
        let runner = Runner(
            spec: loaded.spec, specSHA256: loaded.sha256Hex,
            options: Runner.Options(selection: selection, failFast: arguments.flag("--fail-fast"), scenarioTimeout: timeouts.scenario, jobs: jobs, gate: gate),
            makeProvider: makeProvider)
        let summary = await InterruptibleRun.run {
            await runner.run { event in for recorder in recorders { recorder.record(event) } }
        }
        return ExitStatus(summary: summary, gate: gate).rawValue
    }

    static func shard(_ text: String?) throws(UsageError) -> (index: Int, count: Int)? {
        guard let text else { return nil }
        let parts = text.split(separator: "/")
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]), count >= 1, (1...count).contains(index) else {
            throw UsageError("The value '\(text)' is invalid for '--shard <i/n>'", suggestion: "Please give the shard as i/n with 1 <= i <= n, e.g. 1/4.")
        }
        return (index, count)
    }

    static func seconds(_ arguments: ParsedArguments, _ option: String) throws(UsageError) -> Duration {
        let text = arguments.value(option) ?? ""
        guard let value = Double(text), value > 0, value.isFinite else {
            throw UsageError("The value '\(text)' is invalid for '\(option) <seconds>'", suggestion: "Please give a positive number of seconds, e.g. 2.5.")
        }
        return .milliseconds(Int64(value * 1000))
    }
}
