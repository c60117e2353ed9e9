import CommandLineKit
import Foundation
import ReferenceApp
import SingleLoginAdapter
import SingleLoginConformance
import SingleLoginEvents
import SingleLoginRecorder
import SingleLoginReports
import SingleLoginSpec
import SingleLoginTransport

/// `device-pass`'s reports: `device-junit.xml`, `device-pass.md` and `device-pass.html`.
package enum DevicePassReportFiles: ReportFiles {
    package static let junit = "device-junit.xml"
    package static let markdown = "device-pass.md"
    package static let html = "device-pass.html"
    package static let verboseHelp = "Print every test case with the calls the device recorded, step by step."
}

/// `sl-conformance device-pass`: the catalogue's device-drivable scenarios done by a person on a
/// real device, recorded in the app's debug build (`SingleLoginRecorder`), and judged from the trace
/// by the checks that judge a simulated run.
package struct DevicePassCommand: Command {
    /// `device-pass`'s options.
    package struct Options: OptionGroup {
        /// `--stand-in`.
        package static let standIn = Flag(
            "--stand-in", help: "Run the whole pass here: the bundled reference app with the recorder, over the simulated broker, a scripted tester.")
        /// `--agreement`.
        package static let agreement = Flag(
            "--agreement", help: "With --stand-in: also run the same app with 'run' and print, per requirement, whether the two verdicts agree.")
        /// `--list`.
        package static let list = Flag("--list", help: "Print the plan (procedures, steps, instructions, what is not on a device) and exit.")
        /// `--trace <file>`.
        package static let trace = Option(
            "--trace", value: "file",
            help: "The pass's trace (JSON Lines, specs/device-trace-v1.schema.json); with --stand-in, where to keep it (default: a temporary file).")
        /// `--state <file>`.
        package static let state = Option(
            "--state", value: "file", help: "The tester's confirmations (JSON); with --stand-in, where to write them.")
        /// `--bundle <file>`.
        package static let bundle = Option(
            "--bundle", value: "file",
            help: "Also write an evidence bundle: the raw trace and the confirmations sealed with the spec and the reports (SHA256SUMS); 'verify' re-judges it."
        )
        /// `--listen <host:port>`.
        package static let listen = Option(
            "--listen", value: "host:port",
            help: "Run the pass with a tester: wait for the app's recorder to connect (TraceStream), show each step, and record the confirmations in --state.")
        /// `--tester <name>`.
        package static let tester = Option("--tester", value: "name", help: "With --listen: the tester's name, recorded with each confirmation.")
        /// `--first-user <upn=name>`.
        package static let firstUser = Option(
            "--first-user", value: "upn=name", help: "The first test user (stands for the catalogue's alice), e.g. 'ana.diaz@contoso.com=Ana Díaz'.",
            parser: Self.userParser)
        /// `--second-user <upn=name>`.
        package static let secondUser = Option(
            "--second-user", value: "upn=name", help: "The second test user (stands for bob).", parser: Self.userParser)

        static let userParser = ValueParser<DeviceUser>(expectation: "Please give the user as UPN=Display Name, e.g. ana.diaz@contoso.com=Ana Díaz.") { text in
            let parts = text.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard parts.count == 2, parts[0].contains("@"), !parts[1].isEmpty else { return nil }
            return DeviceUser(username: parts[0], displayName: parts[1])
        }

        package static var signature: CommandSignature {
            CommandSignature([
                RunCommand.Options.spec, standIn, RunCommand.Options.referenceFlaw, agreement, list, trace, state, firstUser, secondUser, bundle, listen,
                tester,
            ])
            .including(ReportOptions<DevicePassReportFiles>.signature)
        }

        /// The spec.
        package var spec: SpecSource
        /// Whether the pass runs on the stand-in.
        package var standIn: Bool
        /// The stand-in's flaws.
        package var flaws: Set<ReferenceAppFlaw>
        /// Whether to print the agreement table.
        package var agreement: Bool
        /// Print the plan and exit.
        package var listOnly: Bool
        /// The trace file.
        package var trace: String?
        /// The state file.
        package var state: String?
        /// The two test users.
        package var users: (first: DeviceUser, second: DeviceUser)?
        /// The reports and the gate.
        package var reports: ReportOptions<DevicePassReportFiles>
        /// Where the evidence bundle goes, if anywhere.
        package var bundle: String?
        /// Where to listen for the recorder, for a pass with a tester.
        package var listen: (host: String, port: UInt16)?
        /// The tester's name.
        package var tester: String

        package init(parsing arguments: ParsedArguments) throws(UsageError) {
            spec = SpecSource(path: try arguments.value(RunCommand.Options.spec), default: DefaultSpecs.catalogue)
            standIn = arguments.flag(Self.standIn)
            flaws = Set(try arguments.values(RunCommand.Options.referenceFlaw))
            agreement = arguments.flag(Self.agreement)
            listOnly = arguments.flag(Self.list)
            trace = try arguments.value(Self.trace)
            state = try arguments.value(Self.state)
            reports = try ReportOptions(parsing: arguments)
            bundle = try arguments.value(Self.bundle)
            tester = try arguments.value(Self.tester) ?? ProcessInfo.processInfo.environment["USER"] ?? "tester"
            if let address = try arguments.value(Self.listen) {
                guard let parsed = TCPListener.parse(address) else {
                    throw UsageError("'--listen' takes host:port, e.g. 0.0.0.0:7361 (a device reaches the Mac over the network)")
                }
                listen = parsed
                if standIn { throw UsageError("'--listen' runs a pass with a tester on a device; '--stand-in' runs it here: give one") }
            }
            if !flaws.isEmpty, !standIn { throw UsageError("'--reference-flaw' applies to '--stand-in'") }
            if agreement, !standIn {
                throw UsageError("'--agreement' applies to '--stand-in'", suggestion: "It compares the stand-in's verdicts with 'run''s.")
            }
            let first = try arguments.value(Self.firstUser)
            let second = try arguments.value(Self.secondUser)
            if let first, let second {
                guard first.username.lowercased() != second.username.lowercased() else {
                    throw UsageError(
                        "'--first-user' and '--second-user' name the same user: the scenarios change users, so the pass signed in two",
                        suggestion: "Give the test user the pass signed in first, then the other one.")
                }
                users = (first, second)
            } else if first != nil || second != nil {
                throw UsageError("give both '--first-user' and '--second-user'", suggestion: "A pass needs two test users: the scenarios change users.")
            }
            if standIn, users != nil {
                throw UsageError(
                    "'--first-user' and '--second-user' name the test users of a pass on a device; the stand-in signs in the catalogue's own users",
                    suggestion: "Leave them out with '--stand-in', or use them with '--listen' or '--trace'.")
            }
            if !standIn, !listOnly {
                guard trace != nil, state != nil else {
                    throw UsageError(
                        "a pass on a device is judged from its trace and the tester's confirmations: give '--trace <file>' and '--state <file>', or '--stand-in'",
                        suggestion: "See docs/device-pass.md: the app's debug build records the trace; the state file holds the confirmations.")
                }
                guard users != nil else {
                    throw UsageError(
                        "give '--first-user' and '--second-user': the test users the pass signed in",
                        suggestion: "e.g. --first-user 'ana.diaz@contoso.com=Ana Díaz'")
                }
            }
        }
    }

    package let name = "device-pass"
    package let abstract = "Judge a pass on a real device, recorded in the app's debug build, with the checks that judge a simulated run."
    package let discussion = """
        The plan is the catalogue's scenarios a person can produce on a device (Jamf Setup, Jamf Reset,
        sign in and out, user changes, the Home Screen, the app switcher) with two test users; what no
        person can produce (scripted broker answers, the clock, a broadcast with no change) is listed
        and reported as not judged on a device, never as passed:
          sl-conformance device-pass --list
        A recorded pass is judged from its trace (the recorder's file from the app's container) and
        the tester's confirmations:
          sl-conformance device-pass --trace pass.jsonl --state pass-state.json \\
            --first-user 'ana.diaz@contoso.com=Ana Díaz' --second-user 'ben.ode@contoso.com=Ben Ode'
        --stand-in runs the whole pass here, the bundled reference app with the recorder over the
        simulated broker and a scripted tester; --agreement then runs 'run' on the same app and prints,
        per requirement, whether the verdicts agree:
          sl-conformance device-pass --stand-in --reference-flaw ignoresBroadcast --agreement
        Reports go to reports/ (device-junit.xml, device-pass.md, device-pass.html), marked as a device
        pass with the device, its system, MSAL, the broker's device information and the tester.

        Exit status: 0 passed; 1 requirement failures (or a test case it covers left not judged);
        2 the pass did not finish (stopped with 'q': resume it) or could not run (the listener, the
        stand-in, a report, the bundle, the trace or the state it writes: each is checked before the
        pass starts); 64 usage error (a directory given for a file); 65 a trace or state
        file that is not valid, or a trace that ends before the confirmations do; 66 a missing file.
        """

    package init() {}

    package func run(_ options: Options, output: TextOutput) async throws(UsageError) -> Int32 {
        let loaded: LoadedSpec
        do { loaded = try SpecInput.catalogue(options.spec) } catch { return error.report(to: output) }
        let plan = DevicePlan(spec: loaded.spec)
        let users =
            options.users.map { DeviceUsers(first: ($0.first.username, $0.first.displayName), second: ($0.second.username, $0.second.displayName)) }
            ?? DeviceUsers.catalogue(loaded.spec)
        if options.listOnly {
            DevicePassListing.print(plan, users: users, to: output)
            return ExitStatus.passed.rawValue
        }
        // Every file the pass writes is checked before the pass starts or the listener binds, as `run` does.
        do { try Self.prepareOutputs(options) } catch { return error.report(to: output) }
        let startDate = Date()
        let trace: DeviceTrace
        let traceData: Data
        let confirmations: [DeviceConfirmation]
        if options.standIn {
            let traceURL = URL(
                fileURLWithPath: options.trace
                    ?? FileManager.default.temporaryDirectory.appendingPathComponent("sl-device-pass-\(UUID().uuidString).jsonl").path)
            do {
                let record = try await StandInPass(spec: loaded.spec, plan: plan).run(
                    base: ReferenceAppAdapter(flaws: options.flaws), traceURL: traceURL, msalVersion: "2.13.0")
                traceData = try Data(contentsOf: traceURL)
                trace = try DeviceTrace(text: String(decoding: traceData, as: UTF8.self), file: traceURL.path)
                confirmations = record.confirmations
                if options.trace == nil { try? FileManager.default.removeItem(at: traceURL) }
                if let state = options.state { try DevicePassState(confirmations: confirmations).write(to: URL(fileURLWithPath: state)) }
            } catch {
                output.err("error: the stand-in pass failed: \(error)")
                return ExitStatus.adapterOrHarnessError.rawValue
            }
        } else {
            guard let tracePath = options.trace, let statePath = options.state else { return ExitStatus.usage.rawValue }
            if let address = options.listen {
                // A pass resumes from its state file: one that cannot be read is an error here, before
                // listening, never taken for an empty pass and written over.
                if FileManager.default.fileExists(atPath: statePath) {
                    do {
                        let bytes = try Self.read(statePath, option: Options.state.definition.name, wanted: Self.stateWanted)
                        _ = try DevicePassState.read(bytes: bytes, file: statePath)
                    } catch { return Self.report(recordedFileProblem: error, to: output) }
                }
                guard let pass = await Self.interactive(options, address: address, plan: plan, users: users, spec: loaded.spec, output: output) else {
                    return ExitStatus.adapterOrHarnessError.rawValue
                }
                if !pass { return ExitStatus.adapterOrHarnessError.rawValue }
            }
            do {
                let traceBytes = try Self.read(tracePath, option: Options.trace.definition.name, wanted: Self.traceWanted)
                let stateBytes = try Self.read(statePath, option: Options.state.definition.name, wanted: Self.stateWanted)
                traceData = Data(traceBytes)
                trace = try DeviceTrace(text: String(decoding: traceBytes, as: UTF8.self), file: tracePath)
                confirmations = try DevicePassState.read(bytes: stateBytes, file: statePath).confirmations
                try trace.checkHolds(confirmations, file: tracePath, stateFile: statePath)
                try trace.checkUsers(users, file: tracePath)
            } catch { return Self.report(recordedFileProblem: error, to: output) }
        }
        let judgement = DeviceJudge(spec: loaded.spec, users: users).judge(plan: plan, trace: trace, confirmations: confirmations)
        for problem in judgement.problems { output.err("warning: \(problem)") }
        let gate = options.reports.gate
        // A stand-in's trace judged again with --trace is still the stand-in's: its header says so.
        let standIn = options.standIn || trace.header?.passID == StandInPass.passID
        let description = DevicePassEvents.describe(trace: trace, confirmations: confirmations, standIn: standIn)
        let session: ReportSession
        var bundleRecorder: DevicePassBundleRecorder?
        do {
            session = try options.reports.session(output: output, naming: Self.fileOptions(options)) { onError, _ in
                guard let bundle = options.bundle else { return [] }
                let manifest = DevicePassBundle.Manifest(
                    standIn: standIn, device: description, mustOnly: gate == .mustOnly,
                    users: ["first": [users.first.username, users.first.displayName], "second": [users.second.username, users.second.displayName]],
                    specSHA256: loaded.sha256Hex, judgedAt: startDate, hostname: RunContext.localHostName,
                    specName: options.spec.displayPath)
                let recorder = DevicePassBundleRecorder(
                    url: URL(fileURLWithPath: bundle),
                    contents: { [reports = options.reports, spec = options.spec] in
                        let files: [(String, Data)] = [
                            ("spec.json", Data(try SpecInput.bytes(spec))), ("trace.jsonl", traceData),
                            ("state.json", try JSONEncoder.sorted.encode(DevicePassState(confirmations: confirmations))),
                            ("device-junit.xml", try Data(contentsOf: reports.junitFile)), ("device-pass.md", try Data(contentsOf: reports.markdownFile)),
                            ("device-pass.html", try Data(contentsOf: reports.htmlFile)),
                        ]
                        return try DevicePassBundle.make(manifest: manifest, files: files)
                    }, onError: onError)
                bundleRecorder = recorder
                return [recorder]
            }
        } catch { return error.report(to: output) }
        DevicePassEvents.emit(
            judgement, spec: loaded, description: description, gate: gate, standIn: standIn, startDate: startDate, hostname: RunContext.localHostName,
            handler: session.record)
        // The bundle is sealed as the pass ends; said before the Result line, which stays the last.
        if let path = options.bundle, bundleRecorder?.isWritten == true {
            output.out("Evidence bundle: \(path) (verify it with: sl-conformance verify \(path))")
        }
        let status = session.finish(ExitStatus(judged: judgement.results, gate: gate))
        if options.agreement {
            let runner = Runner(spec: loaded.spec, specSHA256: loaded.sha256Hex, options: Runner.Options(gate: gate, referenceApp: true)) {
                [flaws = options.flaws] in
                InProcessAdapterProvider { ReferenceAppAdapter(flaws: flaws) }
            }
            let results = Locked<[TestCaseResult]>([])
            _ = await runner.run { event in if case .testCaseEnded(let result) = event.kind { results.withLock { $0.append(result) } } }
            let agreement = DevicePassAgreement(plan: plan, run: results.withLock { $0 }, device: judgement.results, gate: gate)
            DevicePassListing.print(agreement, flaws: options.flaws, to: output)
        }
        return status
    }

    /// The files this pass writes besides its reports, each with the option that names it:
    /// `--bundle`, and the trace and the state with `--stand-in` or `--listen` (otherwise they are
    /// read, not written).
    static func writtenFiles(_ options: Options) -> [(option: String, path: String?)] {
        let writesPass = options.standIn || options.listen != nil
        return [(Options.bundle.definition.name, options.bundle)]
            + (writesPass ? [(Options.trace.definition.name, options.trace), (Options.state.definition.name, options.state)] : [])
    }

    /// The options naming the files this pass writes besides its reports.
    static func fileOptions(_ options: Options) -> [String] { writtenFiles(options).map(\.option) }

    /// Checks that every file the pass writes can be written (the reports, `--bundle`, and the trace
    /// and the state it records), before the pass starts, as `run` checks its own
    /// (``ReportOptions/prepare(more:naming:)``).
    static func prepareOutputs(_ options: Options) throws(CommandFailure) {
        let written = writtenFiles(options)
        try options.reports.prepare(more: written.compactMap { $0.path.map { URL(fileURLWithPath: $0) } }, naming: written.map(\.option))
    }

    /// The pass with a tester, on its own thread: nil when the listener cannot start; whether the pass was completed.
    static func interactive(
        _ options: Options, address: (host: String, port: UInt16), plan: DevicePlan, users: DeviceUsers, spec: Spec, output: TextOutput
    ) async -> Bool? {
        guard let tracePath = options.trace, let statePath = options.state else { return nil }
        let listener: TCPListener
        let link: DeviceLink
        let token: String
        let resumed: Bool
        do { (token, resumed) = try passToken(keptIn: URL(fileURLWithPath: statePath)) } catch {
            output.err("error: cannot write \(statePath): \(error.localizedDescription)")
            return nil
        }
        do {
            listener = try TCPListener(host: address.host, port: address.port)
            link = try DeviceLink(listener: listener, token: token, traceURL: URL(fileURLWithPath: tracePath)) { reason in
                output.err("sl-conformance: refused: \(reason)")
            }
        } catch {
            output.err("error: cannot listen on \(address.host):\(address.port): \(error)")
            return nil
        }
        output.err(
            "sl-conformance: listening on \(listener.address) for the app's recorder; its TraceStream must present this pass's token: \(token)"
                + (resumed ? " (the pass's own, kept in its state file: an app running a stream started with it connects again by itself)" : ""))
        output.out(
            "\(plan.procedures.count) procedures, \(plan.stepCount) steps, about \(plan.estimatedMinutes) minutes. Not on a device: \(plan.uncovered.count) test cases (see --list)."
        )
        let session = DevicePassSession(
            plan: plan, users: users, link: link, tester: options.tester, stateURL: URL(fileURLWithPath: statePath),
            judge: DeviceJudge(spec: spec, users: users), output: output, input: TesterInput { readLine() }, token: token)
        let complete: Bool = await withCheckedContinuation { continuation in
            let thread = Thread {
                do {
                    continuation.resume(returning: try session.run().complete)
                } catch {
                    output.err("error: \(error)")
                    continuation.resume(returning: false)
                }
            }
            thread.name = "sl-conformance device pass"
            thread.start()
        }
        link.stop()
        if !complete { output.out("Stopped: resume with the same command (the confirmations are in \(statePath)).") }
        return complete
    }

    /// What `--trace` takes, for the fix of a file that is not there.
    static let traceWanted = "the trace the app's debug build recorded: \(DeviceTrace.whereRecorded)"
    /// What `--state` takes, for the fix of a file that is not there.
    static let stateWanted = "the state file 'device-pass --listen' wrote for the same pass (the tester's confirmations)"

    /// The pass's token: the one the state file at `stateURL` keeps (`resumed`), or a new one, written
    /// there at once (with the confirmations it holds, if any), so that a pass stopped even before
    /// its first step resumes with the same token and an app still running connects again by itself.
    static func passToken(keptIn stateURL: URL) throws -> (token: String, resumed: Bool) {
        let existing = try? DevicePassState.read(from: stateURL)
        if let kept = existing?.token { return (kept, true) }
        let token = passToken()
        try DevicePassState(confirmations: existing?.confirmations ?? [], token: token).write(to: stateURL)
        return (token, false)
    }

    /// A new pass's token: 32 hexadecimal digits.
    static func passToken() -> String {
        (0..<16).map { _ in
            let byte = String(UInt8.random(in: 0...255), radix: 16)
            return byte.count == 1 ? "0" + byte : byte
        }.joined()
    }

    /// Prints why a recorded trace or state file cannot be used and returns its exit status: the
    /// reader's own for a file it could not read, 65 for one that does not decode or hold.
    private static func report(recordedFileProblem error: any Error, to output: TextOutput) -> Int32 {
        if let failure = error as? CommandFailure { return failure.report(to: output) }
        output.err("\(error)")
        return ExitStatus.invalidSpec.rawValue
    }

    /// The bytes of the file `path`, given as `option`: a missing or unreadable file exits 66, a
    /// directory or anything that is no file 64, each with the fix (``SpecInput/file(_:option:wanted:unreadable:)``).
    static func read(_ path: String, option: String, wanted: String) throws(CommandFailure) -> [UInt8] {
        [UInt8](try SpecInput.file(path, option: option, wanted: wanted))
    }
}

/// A test user: UPN and display name.
package struct DeviceUser: Sendable, Hashable {
    /// The UPN.
    package var username: String
    /// The display name.
    package var displayName: String
}
