import CommandLineKit
import DidYouMean
import Foundation
import ReferenceApp
import SingleLoginAdapter
import SingleLoginConformance
import SingleLoginCrypto
import SingleLoginEvents
import SingleLoginReports
import SingleLoginSpec
import SingleLoginTransport
import Synchronization

/// `sl-conformance run`: runs a spec against an adapter and writes the reports.
package struct RunCommand: Command {
    /// `run`'s options.
    package struct Options: OptionGroup {
        /// `--spec <file>`.
        package static let spec = Option("--spec", value: "file", help: "The spec to run (default: the embedded \(DefaultSpecs.catalogue.name) spec).")
        /// `--adapter <command>`.
        package static let adapter = Option(
            "--adapter", value: "command",
            help:
                "An adapter command line, one simple command that /bin/sh runs as exec COMMAND (env VAR=value cmd for variables); default: the bundled reference app in process."
        )
        /// `--reference-flaw <flaw>`, repeatable.
        package static let referenceFlaw = Option(
            "--reference-flaw", value: "flaw", repeatable: true, help: "Run the bundled reference app with this flaw (a faulty variant, for demos).",
            parser: ValueParser<ReferenceAppFlaw>.cases)
        /// `--only <id-or-tag>`, repeatable.
        package static let only = Option("--only", value: "id-or-tag", repeatable: true, help: "Run only requirements with this ID or tag (repeatable).")
        /// `--skip <id-or-tag>`, repeatable.
        package static let skip = Option("--skip", value: "id-or-tag", repeatable: true, help: "Skip requirements with this ID or tag (repeatable).")
        /// `--shard <i/n>`.
        package static let shard = Option(
            "--shard", value: "i/n", help: "Run shard i of n (by sorted test case ID); merge reports with 'sl-conformance merge'.", parser: Self.shardParser)
        /// `--jobs <n>`, `-j`.
        package static let jobs = Option(
            "--jobs", short: "-j", value: "n", default: "1", help: "Run test cases on n adapter instances at once; reports keep plan order.",
            parser: .positiveInteger)
        /// `--fail-fast`.
        package static let failFast = Flag("--fail-fast", help: "Skip the remaining test cases after the first failure or error.")
        /// `--list`.
        package static let list = Flag("--list", help: "Print the plan (what would run or be skipped) and exit.")
        /// `--wire-log <file>`.
        package static let wireLog = Option(
            "--wire-log", value: "file", help: "With --adapter or --listen: record every line on the wire ('> ' sent, '< ' received).")
        /// `--bundle <file>`.
        package static let bundle = Option(
            "--bundle", value: "file",
            help: "Also write an evidence bundle (a tar file: manifest, spec, reports, events, transcripts, SHA256SUMS) that 'sl-conformance verify' checks.")
        /// `--allow-incomplete`.
        package static let allowIncomplete = Flag(
            "--allow-incomplete", help: "With --bundle: write the bundle of an interrupted run or one with errors too, marked incomplete.")
        /// `--sign <key>`.
        package static let sign = Option(
            "--sign", value: "key",
            help:
                "With --bundle: sign it with this RSA private key (PEM, as 'openssl genpkey' writes it): RS256 over SHA256SUMS, in SHA256SUMS.sig; 'verify --trusted-key' checks it."
        )
        /// `--scenario-timeout <seconds>`.
        package static let scenarioTimeout = Option(
            "--scenario-timeout", value: "seconds", default: "60",
            help: "How long one test case may take, from the moment the adapter is ready (starting it or waiting for it to connect is not counted).",
            parser: .positiveSeconds)

        /// `i/n` with 1 <= i <= n.
        static let shardParser = ValueParser<RunContext.Shard>(expectation: "Please give the shard as i/n with 1 <= i <= n, e.g. 1/4.") {
            RunContext.Shard(fraction: $0)
        }

        package static var signature: CommandSignature {
            CommandSignature([spec, adapter, referenceFlaw, only, skip, shard, jobs, failFast, list, wireLog, bundle, allowIncomplete, sign])
                .including(ListenOptions.signature)
                .including(SimulatorOptions.signature)
                .including(ReportOptions<RunReportFiles>.signature)
                .including(GatingOptions.signature)
                .including(RetryOptions.signature)
                .including(AdapterTimeoutOptions.signature)
                .including(CommandSignature([scenarioTimeout]))
        }

        /// Which app the run drives.
        package enum Target: Sendable, Equatable {
            /// The bundled reference app in process, with these flaws.
            case referenceApp(flaws: Set<ReferenceAppFlaw>)
            /// An adapter over stdio, started with this command line.
            case adapter(command: String)
            /// An adapter that connects over TCP.
            case listen(ListenOptions)
        }

        /// The spec: the embedded catalogue unless a file is named.
        package var spec: SpecSource
        /// The app.
        package var target: Target
        /// Whether the harness reads the app's container on the Simulator.
        package var simulator: SimulatorOptions
        /// What runs, is skipped, or belongs to other shards.
        package var selection: RunSelection
        /// How many adapter instances run at once.
        package var jobs: Int
        /// Skip the rest after the first failure or error.
        package var failFast: Bool
        /// Print the plan and exit.
        package var listOnly: Bool
        /// Where to record the wire, if anywhere.
        package var wireLog: String?
        /// Where the evidence bundle goes, if anywhere.
        package var bundle: String?
        /// Whether an incomplete run's bundle is written too.
        package var allowIncomplete: Bool
        /// The private key that signs the bundle, as given, if any.
        package var sign: String?
        /// The reports and the gate.
        package var reports: ReportOptions<RunReportFiles>
        /// The adapter's time limits.
        package var timeouts: AdapterTimeouts
        /// The baseline and what sets the exit status.
        package var gating: GatingOptions
        /// Whether failing test cases run again, and whether a flaky one passes.
        package var retry: RetryOptions

        package init(parsing arguments: ParsedArguments) throws(UsageError) {
            spec = SpecSource(path: try arguments.value(Self.spec), default: DefaultSpecs.catalogue)
            target = try Target(parsing: arguments)
            simulator = try SimulatorOptions(parsing: arguments)
            selection = RunSelection(only: try arguments.values(Self.only), skip: try arguments.values(Self.skip), shard: try arguments.value(Self.shard))
            jobs = try arguments.value(Self.jobs) ?? 1
            try simulator.check(jobs: jobs)
            failFast = arguments.flag(Self.failFast)
            listOnly = arguments.flag(Self.list)
            wireLog = try arguments.value(Self.wireLog)
            bundle = try arguments.value(Self.bundle)
            allowIncomplete = arguments.flag(Self.allowIncomplete)
            if allowIncomplete, bundle == nil {
                throw UsageError(
                    "'--allow-incomplete' applies to '--bundle <file>'", suggestion: "Add --bundle evidence.tar: it writes the bundle of an incomplete run too."
                )
            }
            sign = try arguments.value(Self.sign)
            if sign != nil, bundle == nil {
                throw UsageError("'--sign' applies to '--bundle <file>'", suggestion: "Add --bundle evidence.tar: the key signs the evidence bundle.")
            }
            reports = try ReportOptions(parsing: arguments)
            gating = try GatingOptions(parsing: arguments)
            retry = try RetryOptions(parsing: arguments)
            if retry.retries > 0 || retry.rerun != nil, bundle != nil {
                // A bundle's events hold one attempt of every test case, and verify re-judges each from them.
                throw UsageError(
                    "'\(retry.retries > 0 ? "--retry" : "--rerun")' cannot be combined with '--bundle <file>'",
                    suggestion: "An evidence bundle certifies one complete attempt per test case: write it from a run without --retry or --rerun.")
            }
            timeouts = try AdapterTimeoutOptions(parsing: arguments).timeouts(scenario: try arguments.value(Self.scenarioTimeout) ?? .seconds(60))
        }
    }

    package let name = "run"
    package let abstract = "Run a spec against an app's adapter and write JUnit XML, Markdown and HTML reports."
    package let discussion = """
        With no options, runs the embedded single-login spec against the bundled reference app, in process.
        --adapter runs any adapter over stdio instead (see docs/wire-protocol.md), e.g.
          sl-conformance run --adapter 'python3 Examples/python-adapter/adapter.py'
        --listen waits for an adapter that connects over TCP (an app on the iOS Simulator or a
        device); the harness starts nothing, and after an error drops the connection and waits
        (--connect-timeout) for the adapter to connect again:
          sl-conformance run --listen 127.0.0.1:0      # stderr: sl-conformance: listening on 127.0.0.1:PORT
        Reports go to reports/ (junit.xml, summary.md, report.html) unless --reports, --junit, --markdown
        or --html say otherwise. --bundle writes them with the spec, the events and every transcript
        into one tar file with SHA256SUMS (only for a complete run, unless --allow-incomplete):
          sl-conformance run --adapter './my-adapter' --bundle evidence.tar
        --sign KEY signs the bundle with an RSA private key (RS256 over SHA256SUMS, which lists every
        file); 'sl-conformance verify --trusted-key PUB' then shows that the holder of KEY sealed it,
        not that the app named produced the transcripts:
          sl-conformance run --adapter './my-adapter' --bundle evidence.tar --sign signing-key.pem
        --baseline compares with an earlier run's junit.xml (newly failing, newly passing, added,
        removed); with --fail-on regressions only regressions fail the run ("no worse than main"):
          sl-conformance run --adapter './my-adapter' --baseline main/junit.xml --fail-on regressions
        --waivers keeps known failures on record (reason, link, expiry); a waived failure is skipped
        and the last line names it, e.g. "PASSED with 2 waivers (SL-LOGOUT-1, SL-SWITCH-3)":
          sl-conformance run --adapter './my-adapter' --waivers conformance/waivers.json

        Exit status: 0 passed; 1 requirement failures; 2 adapter or harness errors (or interrupted,
        or a report or the --wire-log not written); 64 usage error (or a directory or a socket
        given as an input file); 65 invalid spec (or waiver file, or a --sign file that is no usable
        RSA private key); 66 the --spec file is missing or unreadable (or the --baseline report, the
        --waivers or the --sign file). With --level must, SHOULD failures warn and do not fail.
        With --fail-on regressions: 0 no regressions, 1 regressions, 2 interrupted.
        --retry N runs a failed or errored test case up to N more times; one that then passes is
        flaky, reported with its attempts, and counted as failed unless --accept-flaky. --rerun FILE
        runs only what did not pass in that earlier junit.xml of the same spec (failed, errored, waived,
        not judged, skipped, not run) and keeps the rest:
          sl-conformance run --adapter './my-adapter' --rerun reports/junit.xml --reports rerun
        Ctrl-C or SIGTERM ends the adapter, marks the rest as not run and still writes every report.
        """

    /// What "today" is when waivers are judged (the wall clock; tests fix it).
    let clock: @Sendable () -> Date

    /// Creates the command; `clock` says what day it is for `--waivers` (the wall clock by default).
    package init(clock: @escaping @Sendable () -> Date = { Date() }) {
        self.clock = clock
    }

    package func run(_ options: Options, output: TextOutput) async throws(UsageError) -> Int32 {
        try await options.reports.replacingReportsIfNotStarted(command: name, unless: options.listOnly, output: output) { () async throws(UsageError) in
            try await start(options, output: output)
        }
    }

    /// The run itself, once the options parsed: its exit status.
    private func start(_ options: Options, output: TextOutput) async throws(UsageError) -> Int32 {
        let loaded: LoadedSpec
        do { loaded = try SpecInput.catalogue(options.spec) } catch { return error.report(to: output) }
        let selection = options.selection
        let unknown = selection.unknownNames(in: loaded.spec)
        if !unknown.isEmpty {
            let known = loaded.spec.requirements.flatMap { [$0.id] + $0.tags }
            throw UsageError(
                "No requirement ID or tag '\(unknown[0])' in \(options.spec.displayPath)",
                suggestion: Suggestion.closest(to: unknown[0], among: known).map { "Did you mean '\($0)'?" })
        }
        if selection.selectsNothing(in: loaded.spec) {
            throw UsageError(
                "\((selection.only.map { "--only \($0)" } + selection.skip.map { "--skip \($0)" }).joined(separator: " ")) leaves no test case to run",
                suggestion: "A run with nothing to run could only pass: drop a '--skip', or widen '--only'.")
        }
        if options.listOnly {
            for (planned, _) in selection.plan(for: loaded.spec) {
                output.out("\(planned.id)" + (planned.skipReason.map { "  (skip: \($0))" } ?? ""))
            }
            return ExitStatus.passed.rawValue
        }
        // Every report destination is checked before anything is started or bound: a run that
        // cannot write its reports ends here, before the adapter (or the listener) is involved.
        let gate = options.reports.gate
        let session: ReportSession
        var bundleRecorder: EvidenceBundleRecorder?
        let bundle = options.bundle.map { URL(fileURLWithPath: $0) }
        let specBytes: [UInt8]
        var signingKey: RSAPrivateKey?
        do {
            specBytes = bundle == nil ? [] : try SpecInput.bytes(options.spec)
            // Read before anything runs, as every other input is: a run whose bundle cannot be signed ends here.
            if let path = options.sign { signingKey = try KeyFile.privateKey(path, option: "--sign", unreadable: .noInput, invalid: .invalidSpec) }
        } catch { return error.report(to: output) }
        do {
            var gating = try options.gating.load(today: clock())
            try gating.checkWaivers(against: loaded.spec)
            if let note = gating.baseline?.specNote(against: loaded.spec) { output.out(note) }
            if selection.shard != nil { gating.otherShards = CaseVerdicts.otherShards(of: loaded.spec, planned: selection.plan(for: loaded.spec).map(\.0.id)) }
            let more = [bundle, options.wireLog.map { URL(fileURLWithPath: $0) }].compactMap { $0 }
            session = try options.reports.session(
                output: output, gating: gating, more: more, naming: [Options.bundle.definition.name, Options.wireLog.definition.name]
            ) { [signingKey] onError, markdownAppendix in
                guard let bundle else { return [] }
                var bundleOptions = EvidenceBundleRecorder.Options(
                    url: bundle, specBytes: specBytes, commandLine: Invocation.commandLine, jobs: options.jobs,
                    junit: JUnitReport.Options(strict: options.reports.junitStrict), allowIncomplete: options.allowIncomplete,
                    executable: Bundle.main.executableURL, wireLog: options.wireLog.map { URL(fileURLWithPath: $0) })
                bundleOptions.markdownAppendix = markdownAppendix
                bundleOptions.waiverLines = { [waivers = gating.waivers] in waivers?.lines ?? [] }
                bundleOptions.signingKey = signingKey
                bundleOptions.waivers = gating.waiversOnRecord
                bundleOptions.waiverBytes = gating.waiverBytes
                if let baseline = gating.baseline {
                    bundleOptions.baseline = BundleManifest.Baseline(file: baseline.name, sha256: SHA256.hexDigest(baseline.bytes))
                    bundleOptions.baselineBytes = baseline.bytes
                }
                let recorder = EvidenceBundleRecorder(options: bundleOptions, onError: onError)
                bundleRecorder = recorder
                return [recorder]
            }
        } catch { return error.report(to: output) }
        var rerun = RerunPlan()
        if let path = options.retry.rerun {
            do { rerun = try RerunPlan.load(path, spec: loaded.spec, sha256: loaded.sha256Hex, planned: selection.plan(for: loaded.spec).map(\.0)) } catch {
                return error.report(to: output)
            }
            output.out(rerun.line(path: path))
        }
        let timeouts = options.timeouts
        let container: String?
        let wireLog: WireLog?
        do {
            container = try options.simulator.container()
            wireLog = try Options.Target.wireLog(options.wireLog)
        } catch { return error.report(to: output) }
        let providers = try options.target.providers(timeouts: timeouts, wireLog: wireLog, container: container, output: output)
        let shard = selection.shard
        var runnerOptions = Runner.Options(
            selection: selection, failFast: options.failFast, jobs: options.jobs, gate: gate,
            specOrigin: options.spec.origin, referenceApp: options.target.isReferenceApp,
            retries: options.retry.retries, acceptFlaky: options.retry.acceptFlaky)
        runnerOptions.kept = rerun.kept
        runnerOptions.history = rerun.history
        let runner = Runner(spec: loaded.spec, specSHA256: loaded.sha256Hex, options: runnerOptions, makeProvider: providers.make)
        // Whether the adapter ever answered a handshake, and whether a test case errored.
        let start = Mutex((identified: false, errored: false))
        let summary = await InterruptibleRun.run(onInterrupt: {
            output.err("\nInterrupted: ending the adapter and writing reports (the rest is marked as not run).")
        }) {
            await runner.run { event in
                switch event.kind {
                case .adapterIdentified: start.withLock { $0.identified = true }
                case let .testCaseEnded(result) where result.outcome == .errored: start.withLock { $0.errored = true }
                default: break
                }
                session.record(Self.marking(event, shard: shard))
            }
        }
        // The bundle is written as the run ends; said before the Result line, which stays the last.
        if let path = options.bundle, bundleRecorder?.isWritten == true {
            // A signed bundle is checked against the signer's public key, or its signature is not checked at all.
            let key = signingKey == nil ? "" : " --trusted-key <the public key of \(options.sign ?? "the key")>"
            output.out("Evidence bundle: \(path) (verify it with: sl-conformance verify \(path)\(key))")
        }
        let status = session.finish(session.status(summary: summary, gate: gate), wireLog: wireLog, path: options.wireLog)
        // An adapter that never got through its start (it did not start, or failed every handshake):
        // doctor, given the same adapter, checks it alone and says what to fix.
        if start.withLock({ !$0.identified && $0.errored }), let doctor = options.target.doctorCommand {
            output.err("Run this to see what the adapter does wrong:\n  \(doctor)")
        }
        return status
    }

    /// `event`, with the run's context naming `shard` when it starts the run: the shard is this
    /// command's choice, and every report learns it from the context, so each says it covers one
    /// shard only.
    static func marking(_ event: Event, shard: RunContext.Shard?) -> Event {
        guard let shard, case .runStarted(var context, let plan) = event.kind else { return event }
        context.shard = shard
        return Event(.runStarted(context, plan: plan), date: event.date)
    }
}
