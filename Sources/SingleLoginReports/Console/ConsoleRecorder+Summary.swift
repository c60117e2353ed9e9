import SingleLoginEvents
import SingleLoginSpec

extension ConsoleRecorder {
    /// The end of a run: each failure, warning and error with its evidence (its steps from
    /// `steps`, by test case), why the run gave up on its adapter (`unavailable`, with how many
    /// test cases it left not run), the device surfaces passed on nothing observed (`surfaces`),
    /// then the totals and the exit status.
    func summary(
        results: [TestCaseResult], summary: RunSummary, gate: Gate, context: RunContext, steps: [TestCaseID: [Int: String]] = [:],
        unavailable: (AdapterUnavailability, notRun: Int)? = nil, surfaces: [SurfaceFinding] = []
    ) -> String {
        let subject = context.subject
        var out = ""
        let problems = results.filter { $0.outcome == .failed || $0.outcome == .errored }
        let failures = problems.filter { Verdict(of: $0, gate: gate) != .warned }
        let warnings = problems.filter { Verdict(of: $0, gate: gate) == .warned }
        if !failures.isEmpty {
            out += "\n" + style.paint("Failures:", "1") + "\n"
            // Errors that are one and the same (a backend that cannot start: every case after the
            // first points at it) are printed once, then named.
            var repeats: [(key: String, more: [TestCaseID])] = []
            for result in failures {
                if let key = Self.sameErrorKey(result) {
                    if let index = repeats.firstIndex(where: { $0.key == key }) {
                        repeats[index].more.append(result.id)
                        continue
                    }
                    repeats.append((key, []))
                }
                // The failed starts of an adapter the run gave up on: their stderr is printed once, below.
                let failedStart = unavailable != nil && result.outcome == .errored && result.transcript.isEmpty
                out += evidence(of: result, gate: gate, subject: subject, steps: steps[result.id] ?? [:], showsOutput: !failedStart)
            }
            for repeated in repeats where !repeated.more.isEmpty {
                let count = repeated.more.count
                out += "\n\(Verdict.errored.painted(style)) the same error for \(count) more test case\(count == 1 ? "" : "s"): "
                let scenarios = Set(repeated.more.map(\.scenarioName))
                out +=
                    scenarios.count == 1
                    ? repeated.more.map { PlainText.clean($0.requirementID) }.joined(separator: ", ") + " (each '\(PlainText.clean(scenarios.first!))')\n"
                    : repeated.more.map { PlainText.clean($0.description) }.joined(separator: ", ") + "\n"
            }
        }
        if !warnings.isEmpty {
            out += "\n" + style.paint("Warnings (SHOULD, not gating: the run gates on MUST only):", "1") + "\n"
            for result in warnings { out += evidence(of: result, gate: gate, subject: subject, steps: steps[result.id] ?? [:]) }
        }
        let notJudged = results.filter { if case .notJudged = $0.outcome { true } else { false } }
        if !notJudged.isEmpty {
            out += "\n" + style.paint("Not judged (a precondition failed; the requirement named owns it: where it fails too, fix it first):", "1") + "\n"
            let standings = results.blockingOwnerStandings(in: context)
            for result in notJudged {
                out +=
                    "  \(PlainText.clean(result.id.requirementID)) / \(PlainText.clean(result.id.scenarioName)) — \(PlainText.clean(Verdict(of: result, gate: gate).reason ?? ""))\n"
                if case .notJudged(let blocker) = result.outcome, let standing = standings[blocker.requirementID] {
                    out += "    (\(PlainText.clean(blocker.note(standing))))\n"
                    // Its evidence is then the place to look, so it is here, as a failure's would be.
                    if standing == .passed { out += evidence(of: result, gate: gate, subject: subject, steps: steps[result.id] ?? [:]) }
                }
            }
        }
        if let (unavailability, notRun) = unavailable {
            out += "\n" + Self.unavailable(unavailability, notRun: notRun, subject: subject, style: style)
        }
        let notRun = results.filter { if case .notRun = $0.outcome { true } else { false } }
        if !notRun.isEmpty, summary.interrupted {
            out += "\nInterrupted: \(notRun.count) test case\(notRun.count == 1 ? "" : "s") not run.\n"
        }
        if !surfaces.isEmpty {
            out += "\n" + style.paint("Device surfaces:", "1") + "\n"
            for finding in surfaces { out += "  \(finding)\n" }
        }
        if !summary.lateCalls.isEmpty {
            out += "\n" + style.paint("Late calls (warnings of the run: they change no verdict):", "1") + "\n"
            for warning in summary.lateCalls { out += "  \(PlainText.clean(warning))\n" }
        }
        let totals = summary.totals(under: gate)
        out += "\n\(summary.total) test case\(summary.total == 1 ? "" : "s") in \(Self.seconds(summary.duration)): \(totals)\n"
        if style.printsResult {
            let status = ExitStatus(summary: summary, gate: gate)
            out += Self.resultLine(
                status, context: context, style: style, skipped: summary.skipped,
                meaning: status == .requirementFailures ? Self.notJudgedOnly(summary, gate: gate) : nil, untested: results.untestedRequirementIDs)
        }
        return out
    }

    /// The one error of a run that gave up on its adapter: the cause, the fix as `doctor` words
    /// it, the stderr's last lines, and how many test cases were not run because of it.
    static func unavailable(_ unavailability: AdapterUnavailability, notRun: Int, subject: RunSubject, style: ConsoleStyle) -> String {
        var out =
            style.paint("error:", "1;31")
            + " the adapter did not start (\(unavailability.attempts) attempts in a row): \(PlainText.clean(unavailability.cause)) [\(PlainText.clean(unavailability.type))]\n"
        out += "  fix: \(PlainText.clean(unavailability.fix))\n"
        let lines = PlainText.clean(unavailability.stderrTail).split(separator: "\n").filter { !$0.allSatisfy(\.isWhitespace) }
        if !lines.isEmpty {
            out += "  \(subject.outputName) (last lines):\n"
            for line in lines.suffix(10) { out += "    \(line.prefix(300))\n" }
        }
        out += "  'sl-conformance doctor' with the same --adapter checks the adapter alone.\n"
        if notRun > 0 {
            out += "\(notRun) test case\(notRun == 1 ? " was" : "s were") not run because the adapter did not start.\n"
        }
        return out
    }

    /// The console's last line: `Result: PASSED (exit status 0: every gating requirement passed)`,
    /// naming the bundled reference app when that is what was tested, and the reports that could
    /// not be written (`unwritten`, which make the status 2 whatever the requirements did); a pass
    /// with `skipped` test cases says how many were not verified; `meaning`, when given, says what
    /// the status follows instead (`no regressions against the baseline`); `waivers` are the
    /// requirements whose failures were waived, always named: `PASSED with 2 waivers (SL-LOGOUT-1, SL-SWITCH-3)`;
    /// `untested` the requirements with test cases the adapter could not play, named too, so that a
    /// pass never reads as a full one: `PASSED with 1 requirement not fully tested (SL-INFLIGHT-1)`.
    public static func resultLine(
        _ status: ExitStatus, context: RunContext?, style: ConsoleStyle, unwritten: [String] = [], skipped: Int = 0, meaning given: String? = nil,
        waivers: [String] = [], untested: [String] = []
    ) -> String {
        let status = unwritten.isEmpty ? status : .adapterOrHarnessError
        let verdict: String
        switch status {
        case .passed: verdict = style.paint("PASSED", "1;32")
        case .requirementFailures: verdict = style.paint("FAILED", "1;31")
        default: verdict = style.paint("ERROR", "1;31")
        }
        let meaning =
            unwritten.isEmpty
            ? given ?? Self.meaning(of: status, skipped: skipped, waived: !waivers.isEmpty, subject: context?.subject)
            : "the report\(unwritten.count == 1 ? " was" : "s were") not written: \(unwritten.joined(separator: ", "))"
        let waived = waivers.isEmpty ? "" : " with \(waivers.count) waiver\(waivers.count == 1 ? "" : "s") (\(waivers.joined(separator: ", ")))"
        let untestedPart =
            untested.isEmpty
            ? "" : "\(waived.isEmpty ? " with" : " and") \(TestCaseResult.notFullyTested(untested.count)) (\(untested.joined(separator: ", ")))"
        var line = "Result: \(verdict)\(waived)\(untestedPart) (exit status \(status.rawValue): \(meaning))"
        if let context, context.referenceApp { line += " for " + context.referenceAppText }
        if let shard = context?.shard { line += " (\(shard) only)" }
        return line + "\n"
    }

    /// The identity of an error that carries nothing of its own (one issue, no transcript, no
    /// output), by which repeats of it are told apart; nil for any other result.
    static func sameErrorKey(_ result: TestCaseResult) -> String? {
        guard result.outcome == .errored, result.issues.count == 1, let issue = result.issues.first, result.transcript.isEmpty,
            result.adapterLog.isEmpty, issue.observed.isEmpty
        else { return nil }
        return issue.type + "\u{0}" + issue.message
    }

    /// What an exit status means, in a few words; a pass with `skipped` test cases says how many
    /// (a skipped case verified nothing, so the pass covers only the cases that ran), and, when
    /// `waived` (the count then holds the waived failures too), that some were waived. Status 2
    /// names what was tested (`backend or harness errors`), the adapter when the run does not say.
    static func meaning(of status: ExitStatus, skipped: Int, waived: Bool = false, subject: RunSubject? = nil) -> String {
        if status == .adapterOrHarnessError { return errors(testing: subject ?? .adapter) }
        guard status == .passed, skipped > 0 else { return meaning(of: status) }
        let cases = "\(skipped) test case\(skipped == 1 ? " was" : "s were")"
        return waived
            ? "every gating requirement that ran passed or was waived; \(cases) waived or skipped, not verified"
            : "every gating requirement that ran passed; \(cases) skipped, not verified"
    }

    /// Status 2's words, naming what was tested: `backend or harness errors, or the run did not finish`.
    private static func errors(testing subject: RunSubject) -> String {
        "\(subject.label.map { "\($0.lowercased()) or " } ?? "")harness errors, or the run did not finish"
    }

    /// Status 1's words when no requirement failed and only cases not judged gate the run:
    /// `no requirement failed, but 1 test case could not be judged: a precondition failed`; nil
    /// otherwise (a failure's words are the status's own).
    public static func notJudgedOnly(_ summary: RunSummary, gate: Gate) -> String? {
        let count = summary.notJudged(under: gate)
        guard summary.failures(under: gate) == 0, count > 0 else { return nil }
        return "no requirement failed, but \(count) test case\(count == 1 ? "" : "s") could not be judged: a precondition failed"
    }

    /// What an exit status means, in a few words.
    static func meaning(of status: ExitStatus) -> String {
        switch status {
        case .passed: "every gating requirement passed"
        case .requirementFailures: "requirement failures"
        case .adapterOrHarnessError: errors(testing: .adapter)
        case .usage: "usage error"
        case .invalidSpec: "invalid spec"
        case .noInput: "an input file is missing or unreadable"
        }
    }

    /// One failing test case: heading, its numbered steps (the step where an issue was found
    /// marked), each issue with its step and a -/+ diff, transcript with step markers, log tail.
    /// Without `showsOutput`, the tested process's output is left out (it is printed elsewhere).
    func evidence(of result: TestCaseResult, gate: Gate, subject: RunSubject, steps: [Int: String] = [:], showsOutput: Bool = true) -> String {
        let verdict = Verdict(of: result, gate: gate)
        var out = "\n\(verdict.painted(style)) \(PlainText.clean(result.id.description)) (\(result.requirement.level.rawValue))\n"
        out += "  \(PlainText.clean(result.requirement.title))\n"
        let outline = ScenarioSteps(descriptions: steps)
        out += outline.numberedBlock(marking: result.issues, heading: "  steps:\n") { "    \(PlainText.clean($0))" }
        for issue in result.issues {
            let step = issue.stepIndex.map { "after step \($0 + 1)" } ?? issue.placeWithoutStep
            out += "  \(step): \(PlainText.clean(issue.message)) [\(PlainText.clean(issue.type))]\n"
            if let location = issue.location { out += "    at \(PlainText.clean(location.description))\n" }
            if issue.severity == .error, issue.expected.isEmpty {
                // An error has nothing expected to diff against: what it carries is the tested process's output tail.
                if showsOutput, !issue.observed.isEmpty {
                    out += "    \(subject.outputName) (last lines):\n"
                    for line in PlainText.clean(issue.observed).split(separator: "\n", omittingEmptySubsequences: false).suffix(10) {
                        out += "      \(line.prefix(300))\n"
                    }
                }
            } else if !issue.expected.isEmpty || !issue.observed.isEmpty {
                for line in LineDiff.lines(expected: PlainText.clean(issue.expected), observed: PlainText.clean(issue.observed)) {
                    switch line {
                    case .removed: out += "    " + style.paint(line.text, "31") + "\n"
                    case .added: out += "    " + style.paint(line.text, "32") + "\n"
                    default: out += "    " + line.text + "\n"
                    }
                }
            }
        }
        if !result.transcript.isEmpty {
            out += "  transcript:\n"
            for line in outline.transcript(result.transcript) { out += String(repeating: "  ", count: line.depth + 2) + PlainText.clean(line.text) + "\n" }
        }
        let stderrShown = result.issues.contains { $0.severity == .error && $0.expected.isEmpty && !$0.observed.isEmpty }
        if showsOutput, result.outcome == .errored, !result.adapterLog.isEmpty, !stderrShown {
            let lines = PlainText.clean(result.adapterLog).split(separator: "\n", omittingEmptySubsequences: false)
            let tail = lines.suffix(10)
            out += "  \(subject.outputName) (last \(tail.count) of \(lines.count) lines):\n"
            for line in tail { out += "    \(line.prefix(300))\n" }
        }
        return out
    }
}

extension ConsoleRecorder {
    /// One failed or errored test case as the console's summary prints it, in plain text: its
    /// heading, each issue with its step, spec location and a -/+ diff of expected against
    /// observed, the broker transcript, and the adapter's stderr tail for errors; with `steps`
    /// (descriptions by 0-based step index), the numbered steps and step markers in the transcript.
    public static func evidence(of result: TestCaseResult, gate: Gate, subject: RunSubject = .adapter, steps: [Int: String] = [:]) -> String {
        ConsoleRecorder(style: ConsoleStyle(), write: { _ in }).evidence(of: result, gate: gate, subject: subject, steps: steps)
    }
}

extension RunSummary {
    /// `3 passed, 1 failed, 1 warning, 0 errors, 2 skipped (1 of them untested)`, then the test cases not judged, not run
    /// and those that do not apply when there are any: the totals the console and the Markdown checklist print.
    func totals(under gate: Gate) -> String {
        let warned = warnings(under: gate)
        var totals = "\(passed) passed, \(failures(under: gate)) failed"
        if warned > 0 { totals += ", \(warned) warning\(warned == 1 ? "" : "s")" }
        totals += ", \(errored) error\(errored == 1 ? "" : "s"), \(skipped) skipped"
        totals += untestedOfSkipped
        if notJudged > 0 { totals += ", \(notJudged) not judged" }
        if notRun > 0 { totals += ", \(notRun) not run" }
        if doesNotApply > 0 { totals += ", " + Self.doNotApply(doesNotApply) }
        return totals
    }
}
