import SingleLoginEvents

extension HTMLReport {
    /// The sections of test cases that did not pass, each kind under its own heading, in the
    /// order a reader deals with them.
    func caseSections(into out: inout String) {
        var byStatus: [Status: [(Int, TestCaseResult)]] = [:]
        for (index, status) in statuses.enumerated() where status != .passed {
            byStatus[status, default: []].append((index, results[index]))
        }
        let sections: [(Status, String, String)] = [
            (
                .failed, "Failures",
                "Each failed check with its step, where the spec states it, what was expected against what was observed, and the broker transcript."
            ),
            (
                .notJudged, "Not judged",
                "A precondition failed: the app did not do what the requirement presumes, a behaviour another requirement owns, so the requirement could not be judged. Neither passed nor failed: where the requirement each names (blocked by) fails too, fix it first."
            ),
            (.warned, "Warnings", "SHOULD requirements that failed; under --level must they do not fail the run."),
            (.errored, "Errors", "The adapter or the harness broke: nothing is known about these requirements."),
        ]
        for (status, title, intro) in sections {
            guard let cases = byStatus[status], !cases.isEmpty else { continue }
            out +=
                "<section class=\"cases\" aria-labelledby=\"\(status.rawValue)-heading\">\n<h2 id=\"\(status.rawValue)-heading\">\(title) (\(cases.count))</h2>\n<p>\(HTMLText.escape(intro))</p>\n"
            for (index, result) in cases { article(result, index: index, status: status, into: &out) }
            out += "</section>\n"
        }
        retriedTable(into: &out)
        notRunTable(
            .waived, title: "Waived", intro: "Failures a waiver on record accepts for now, each with its reason, where the fix is tracked and its last day.",
            byStatus[.waived] ?? [], into: &out)
        notRunTable(
            .untested, title: "Untested",
            intro:
                "Not played: the adapter does not declare a capability the scenario needs, so its requirement is not fully tested. Declare concurrentCalls only once the adapter serves requests concurrently (docs/wire-protocol.md); sl-conformance doctor checks it.",
            byStatus[.untested] ?? [], into: &out)
        notRunTable(.skipped, title: "Skipped", intro: "Not run by choice: the selection, another shard, or --fail-fast.", byStatus[.skipped] ?? [], into: &out)
        notRunTable(.notRun, title: "Not run", intro: "Not run because the run ended early.", byStatus[.notRun] ?? [], into: &out)
    }

    /// One test case that did not pass, with all of its evidence.
    func article(_ result: TestCaseResult, index: Int, status: Status, into out: inout String) {
        let requirement = result.requirement
        let steps = self.steps[result.id] ?? [:]
        out += "<article class=\"case\" id=\"case-\(index + 1)\" data-status=\"\(status.rawValue)\" data-level=\"\(requirement.level.rawValue)\">\n"
        out += "<h3><span class=\"status status-\(status.rawValue)\">\(status.label)</span> <code>"
        HTMLText.escape(requirement.id, into: &out)
        out += "</code> "
        HTMLText.escape(result.id.scenarioName, into: &out)
        out += "</h3>\n<p class=\"detail\">\(requirement.level.rawValue): "
        HTMLText.escape(requirement.title, into: &out)
        out += String(format: " · %.3f s", result.duration)
        out += "</p>\n"
        if case .notJudged(let blocker) = result.outcome {
            out += "<p class=\"blocked\">Not judged: blocked by <code>"
            HTMLText.escape(blocker.requirementID, into: &out)
            out += "</code>, which owns the behaviour that failed"
            if let standing = ownerStandings[blocker.requirementID] {
                out += ". "
                HTMLText.escape(blocker.note(standing), into: &out)
            }
            out += ".</p>\n"
        }
        for (number, issue) in result.issues.enumerated() {
            let heading = issue.kind == .preconditionUnmet ? "Failed precondition" : issue.severity == .failure ? "Failure" : "Error"
            out += "<div class=\"issue\">\n<h4>\(heading) \(number + 1) of \(result.issues.count): "
            HTMLText.escape(issue.message, into: &out)
            out += "</h4>\n<dl class=\"evidence\">\n"
            if issue.severity == .failure || issue.stepIndex != nil {
                out += "<dt>Step</dt><dd>"
                HTMLText.escape(issue.stepIndex.map { Evidence.stepLabel($0, steps: steps) } ?? issue.placeWithoutStep, into: &out)
                out += "</dd>\n"
            }
            if let location = issue.location {
                out += "<dt>Spec line</dt><dd><code>"
                HTMLText.escape(location.description, into: &out)
                out += "</code></dd>\n"
            }
            out += "<dt>Check</dt><dd><code>"
            HTMLText.escape(issue.type, into: &out)
            out += "</code></dd>\n</dl>\n"
            if !issue.expected.isEmpty || !issue.observed.isEmpty {
                comparison(expected: issue.expected, observed: issue.observed, into: &out)
            }
            out += "</div>\n"
        }
        transcript(result, steps: steps, into: &out)
        if !result.adapterLog.isEmpty {
            out += "<h4>"
            HTMLText.escape(context.subject.outputName.prefix(1).uppercased() + context.subject.outputName.dropFirst(), into: &out)
            out += " (last lines)</h4>\n<pre class=\"log\">"
            HTMLText.escape(Evidence.tail(result.adapterLog, maxBytes: Self.maxLogBytes), into: &out)
            out += "</pre>\n"
        }
        out += "</article>\n"
    }

    /// Expected and observed side by side; the lines only one side has are marked.
    func comparison(expected: String, observed: String, into out: inout String) {
        let expectedLines = PlainText.clean(expected).split(separator: "\n", omittingEmptySubsequences: false)
        let observedLines = PlainText.clean(observed).split(separator: "\n", omittingEmptySubsequences: false)
        let expectedSet = Set(expectedLines)
        let observedSet = Set(observedLines)
        out += "<div class=\"comparison\">\n"
        for (title, lines, other, css) in [("Expected", expectedLines, observedSet, "removed"), ("Observed", observedLines, expectedSet, "added")] {
            out += "<figure class=\"side side-\(css)\"><figcaption>\(title)</figcaption><pre>"
            for (number, line) in lines.enumerated() {
                if number > 0 { out += "\n" }
                let differs = !other.contains(line)
                if differs {
                    out += "<span class=\"\(css)\"><span class=\"visually-hidden\">\(css == "removed" ? "only expected: " : "only observed: ")</span>"
                }
                HTMLText.escape(String(line), into: &out)
                if differs { out += "</span>" }
            }
            out += "</pre></figure>\n"
        }
        out += "</div>\n"
    }

    /// The broker transcript as a table: sequence, step, call, answer.
    func transcript(_ result: TestCaseResult, steps: [Int: String], into out: inout String) {
        guard context.subject.hasBrokerTranscript || !result.transcript.isEmpty else { return }
        guard !result.transcript.isEmpty else {
            out += "<h4>Broker transcript</h4>\n<p>No broker calls.</p>\n"
            return
        }
        out += "<h4>Broker transcript (\(result.transcript.count) call\(result.transcript.count == 1 ? "" : "s"))</h4>\n"
        out +=
            "<table class=\"transcript\"><thead><tr><th scope=\"col\">#</th><th scope=\"col\">Step</th><th scope=\"col\">Call</th><th scope=\"col\">Answer</th></tr></thead><tbody>\n"
        for call in result.transcript {
            out += "<tr\(call.failed ? " class=\"failed-call\"" : "")><td>\(call.sequence)</td><td>"
            HTMLText.escape(call.stepIndex.map { Evidence.stepLabel($0, steps: steps) } ?? "reset", into: &out)
            if call.phase == .broadcasts { out += " <span class=\"detail\">(broadcast)</span>" }
            for mark in call.timingMarks { out += " <span class=\"detail\">(\(HTMLText.escape(mark)))</span>" }
            out += "</td><td><code>"
            HTMLText.escape(call.callText, into: &out)
            out += "</code></td><td><code>"
            HTMLText.escape(call.answerText, into: &out)
            out += "</code>\(call.failed ? " <span class=\"detail\">(error)</span>" : "")</td></tr>\n"
        }
        out += "</tbody></table>\n"
    }

    /// The test cases that ran more than once (`--retry`, `--rerun`): flaky ones and those that
    /// failed every attempt, with their attempts.
    func retriedTable(into out: inout String) {
        let retried = results.enumerated().filter { !$0.element.earlierAttempts.isEmpty }
        guard !retried.isEmpty else { return }
        let flaky = retried.filter(\.element.isFlaky).count
        out += "<section class=\"cases\" aria-labelledby=\"retried-heading\">\n<h2 id=\"retried-heading\">Retried (\(retried.count), \(flaky) flaky)</h2>\n"
        out += "<p>Test cases that ran more than once. A flaky one failed, then passed: it counts as failed unless --accept-flaky was given.</p>\n"
        out +=
            "<table class=\"reasons\"><thead><tr><th scope=\"col\">Requirement</th><th scope=\"col\">Scenario</th><th scope=\"col\">Result</th><th scope=\"col\">Attempts</th></tr></thead><tbody>\n"
        for (index, result) in retried {
            out += "<tr data-case=\"case-\(index + 1)\"><th scope=\"row\"><code>"
            HTMLText.escape(result.id.requirementID, into: &out)
            out += "</code></th><td>"
            HTMLText.escape(result.id.scenarioName, into: &out)
            out +=
                "</td><td>" + (result.isFlaky ? (result.outcome == .passed ? "Flaky (accepted)" : "Flaky (counted as failed)") : "Failed every attempt")
                + "</td><td>"
            HTMLText.escape(result.attemptsLine, into: &out)
            out += "</td></tr>\n"
        }
        out += "</tbody></table>\n</section>\n"
    }

    /// Waived, skipped or not-run test cases as one table with their reasons.
    func notRunTable(_ status: Status, title: String, intro: String, _ cases: [(Int, TestCaseResult)], into out: inout String) {
        guard !cases.isEmpty else { return }
        out +=
            "<section class=\"cases\" aria-labelledby=\"\(status.rawValue)-heading\">\n<h2 id=\"\(status.rawValue)-heading\">\(title) (\(cases.count))</h2>\n<p>\(HTMLText.escape(intro))</p>\n"
        out +=
            "<table class=\"reasons\"><thead><tr><th scope=\"col\">Requirement</th><th scope=\"col\">Level</th><th scope=\"col\">Scenario</th><th scope=\"col\">Reason</th></tr></thead><tbody>\n"
        for (index, result) in cases {
            out +=
                "<tr id=\"case-\(index + 1)\" data-status=\"\(status.rawValue)\" data-level=\"\(result.requirement.level.rawValue)\"><th scope=\"row\"><code>"
            HTMLText.escape(result.id.requirementID, into: &out)
            out += "</code></th><td>\(result.requirement.level.rawValue)</td><td>"
            HTMLText.escape(result.id.scenarioName, into: &out)
            out += "</td><td>"
            HTMLText.escape(Verdict(of: result, gate: context.gate).reason ?? "", into: &out)
            out += "</td></tr>\n"
        }
        out += "</tbody></table>\n</section>\n"
    }
}
