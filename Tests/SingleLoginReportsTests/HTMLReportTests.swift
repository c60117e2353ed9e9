import Foundation
import Testing
@testable import SingleLoginReports
import SingleLoginAdapter
import SingleLoginEvents
import SingleLoginSpec
import SingleLoginTestSupport

/// The HTML report: its golden files, and what a reader relies on whatever the styling.
@Suite("The HTML report")
struct HTMLReportTests {
    /// The page the recorder writes for `events`.
    static func page(_ events: [Event]) throws -> String {
        let directory = try TemporaryDirectory()
        let recorder = HTMLReportRecorder(url: directory.url.appendingPathComponent("reports/report.html"))
        for event in events { recorder.record(event) }
        return try String(contentsOf: recorder.url, encoding: .utf8)
    }

    @Test("The page matches its golden file", arguments: SyntheticRun.allCases)
    func golden(_ run: SyntheticRun) throws {
        try Golden.check(Data(try Self.page(run.events).utf8), named: "\(run.rawValue).report.html")
    }

    @Test("Every requirement has a row with its verdict and level, for the filters")
    func rows() throws {
        let html = try Self.page(SyntheticRun.failures.events)
        #expect(
            html.contains(
                "<tr data-status=\"passed\" data-level=\"MUST\"><td><span class=\"status status-passed\">✓ Passed</span></td><th scope=\"row\"><code>SL-LOGIN-1</code>"
            ))
        #expect(
            html.contains(
                "<tr data-status=\"failed\" data-level=\"MUST\"><td><span class=\"status status-failed\">✗ Failed</span></td><th scope=\"row\"><code>SL-LOGOUT-1</code>"
            ))
        #expect(html.contains("<tr data-status=\"failed\" data-level=\"SHOULD\">"))
        #expect(html.contains("<p class=\"verdict verdict-failed\"><strong>FAILED</strong>"))
    }

    @Test("A failing run's page opens on what did not pass: those rows first, and the filters start there")
    func opensOnFailures() throws {
        let html = try Self.page(SyntheticRun.failures.events)
        let statuses = html.components(separatedBy: "<tr data-status=\"").dropFirst().map { String($0.prefix { $0 != "\"" }) }
        let firstPassed = try #require(statuses.firstIndex(of: "passed"))
        #expect(statuses.lastIndex(of: "failed").map { $0 < firstPassed } == true, "\(statuses)")
        #expect(html.contains("<form id=\"filters\" class=\"filters\" hidden data-opening-status=\"failed\">"))
        #expect(html.contains(", the 2 that did not pass first</p>"))
        let passing = try Self.page(SyntheticRun.allPass.events)
        #expect(
            !passing.contains("hidden data-opening-status") && !passing.contains("did not pass first"),
            "a passing run's page opens on everything, in plan order")
    }

    @Test("A failure shows its step, spec line, expected against observed, and the transcript")
    func failureEvidence() throws {
        let html = try Self.page(SyntheticRun.failures.events)
        #expect(html.contains("<h4>Failure 1 of 2: alice&#39;s display name is still on screen</h4>"))
        #expect(html.contains("<dt>Step</dt><dd>2 (globalSignOut)</dd>"))
        #expect(html.contains("<dt>Spec line</dt><dd><code>specs/single-login.json:120:9</code></dd>"))
        #expect(html.contains("<figcaption>Expected</figcaption>"))
        #expect(html.contains("memory: session for alice"))
        #expect(html.contains("<h4>Broker transcript (3 calls)</h4>"))
    }

    @Test("Under --level must a SHOULD failure is a warning, in its own section")
    func warnings() throws {
        let html = try Self.page(SyntheticRun.failures.events(gate: .mustOnly))
        #expect(html.contains("<tr data-status=\"warned\" data-level=\"SHOULD\">"))
        #expect(html.contains("<h2 id=\"warned-heading\">Warnings (1)</h2>"))
        #expect(html.contains("MUST only (--level must)"))
    }

    @Test("Skipped and not-run test cases are listed as themselves, with their reasons")
    func skippedAndNotRun() throws {
        let html = try Self.page(SyntheticRun.skippedAndNotRun.events)
        #expect(html.contains("<h2 id=\"skipped-heading\">Skipped (1)</h2>"))
        #expect(html.contains("not selected (only: login, logout)"))
        #expect(html.contains("<h2 id=\"notRun-heading\">Not run (2)</h2>"))
        #expect(html.contains("<strong>INCOMPLETE</strong>"))
    }

    @Test("A test case whose precondition failed shows as not judged, blocked by its owner, not as a failure")
    func notJudged() throws {
        let requirement = SyntheticRun.logout
        let id = TestCaseID(requirementID: requirement.id, scenarioName: "after a user switch")
        let issue = Issue(
            severity: .failure, kind: .preconditionUnmet, message: "at step 2 'switchUser bob': the app does not consider bob signed in", stepIndex: 1,
            expected: "signed in: bob", observed: "signed in: nobody")
        let blocker = Blocker(requirementID: "SL-SWITCH-1", reason: issue.message)
        let result = TestCaseResult(id: id, requirement: requirement, outcome: .notJudged(blocker), duration: 0.5, issues: [issue])
        let context = SyntheticRun.context
        let events = [
            Event(.runStarted(context, plan: [PlannedTestCase(id: id, requirement: requirement)]), date: SyntheticRun.start),
            Event(.testCaseStarted(id), date: SyntheticRun.start),
            Event(.testCaseEnded(result), date: SyntheticRun.start),
            Event(.requirementEnded(RequirementResult(requirement: requirement, results: [result], gate: .mustAndShould)), date: SyntheticRun.start),
            Event(.runEnded(RunSummary(results: [result], duration: 0.5, interrupted: false)), date: SyntheticRun.start),
        ]
        let html = try Self.page(events)
        #expect(html.contains("<tr data-status=\"notJudged\" data-level=\"MUST\">"))
        #expect(html.contains("<h2 id=\"notJudged-heading\">Not judged (1)</h2>"))
        #expect(html.contains("blocked by SL-SWITCH-1: at step 2 &#39;switchUser bob&#39;: the app does not consider bob signed in"))
        #expect(html.contains("Not judged: blocked by <code>SL-SWITCH-1</code>"))
        #expect(!html.contains("id=\"failed-heading\""))
    }

    @Test("Everything from the app, the adapter or the spec is escaped; control characters and ANSI escapes are dropped")
    func escaping() throws {
        let html = try Self.page(SyntheticRun.errored.events)
        #expect(!html.contains("\u{1B}"))
        #expect(!html.contains("<gone>"))
        #expect(html.contains("broker &lt;gone&gt; &amp; &quot;quotes&quot; &#39;apos&#39;"))
        #expect(HTMLText.escape("<script>alert('x')</script>") == "&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;")
        #expect(HTMLText.escape("tab\there\u{0}\u{7}é\u{FFFE}") == "tab\there" + "é")
        // A 10 MB stderr shows only its tail.
        #expect(html.utf8.count < 200_000)
        // The UI requirement's title holds markup characters.
        let failures = try Self.page(SyntheticRun.failures.events)
        #expect(failures.contains("Hides &quot;Sign up&quot; &amp; &lt;other&gt; self-service in shared mode"))
    }

    @Test("A reference whose address is not a web link is shown as text, never as a link")
    func unsafeReference() {
        let requirement = RequirementSummary(id: "X-1", level: .must, title: "t", tags: [], references: [Reference(title: "click", url: "javascript:alert(1)")])
        var out = ""
        let report = HTMLReport(results: [], requirements: [], context: SyntheticRun.context, summary: RunSummary())
        report.row(RequirementResult(requirement: requirement, verdict: .passed, duration: 0), status: .passed, tally: "0 of 0 passed", into: &out)
        #expect(!out.contains("href=\"javascript"))
        #expect(out.contains("click (javascript:alert(1))"))
    }

    @Test("The page loads nothing: no external script, style, image or font, and a policy that forbids them")
    func selfContained() throws {
        let html = try Self.page(SyntheticRun.failures.events)
        #expect(html.contains("Content-Security-Policy\" content=\"default-src 'none';"))
        for forbidden in ["<link", " src=", "@import", "url(", "<img", "<iframe"] {
            #expect(!html.contains(forbidden), "the page holds \(forbidden)")
        }
    }

    @Test("A page written again states the command's exit status in its title and header; every other byte stays")
    func restated() throws {
        let directory = try TemporaryDirectory()
        let recorder = HTMLReportRecorder(url: directory.url.appendingPathComponent("report.html"))
        for event in SyntheticRun.failures.events { recorder.record(event) }
        let before = try String(contentsOf: recorder.url, encoding: .utf8)
        try recorder.rewrite(unwritten: [], status: .passed, reason: "--fail-on regressions: no regressions against the baseline")
        let regressions = try String(contentsOf: recorder.url, encoding: .utf8)
        #expect(regressions.contains("<strong>PASSED</strong> <span>exit status 0 (--fail-on regressions: no regressions against the baseline)</span>"))
        #expect(!regressions.contains("FAILED"), "the title says PASSED too")
        let body = before.range(of: "</header>\n").map { before[$0.upperBound...] }
        #expect(body.map { regressions.hasSuffix($0) } == true, "the requirements and test cases are as they were")
        try recorder.rewrite(unwritten: ["reports/junit.xml"], status: .passed, reason: "--fail-on regressions: no regressions against the baseline")
        let unwritten = try String(contentsOf: recorder.url, encoding: .utf8)
        #expect(unwritten.contains("<strong>INCOMPLETE</strong> <span>exit status 2: reports not written (reports/junit.xml)"))
        #expect(body.map { unwritten.hasSuffix($0) } == true)
    }

    @Test("A page that went to /dev/null is not read back to be written again")
    func restatedNowhere() throws {
        let recorder = HTMLReportRecorder(url: URL(fileURLWithPath: "/dev/null"))
        for event in SyntheticRun.failures.events { recorder.record(event) }
        try recorder.rewrite(unwritten: ["reports/junit.xml"])
    }
}
