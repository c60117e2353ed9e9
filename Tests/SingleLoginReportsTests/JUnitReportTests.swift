import Foundation
import Testing
@testable import SingleLoginReports
import SingleLoginEvents
@testable import SingleLoginSpec
import SingleLoginTestSupport

@Suite("JUnit XML reports")
struct JUnitReportTests {
    static let requirement = SyntheticRun.login

    static func result(_ scenario: String, _ outcome: TestCaseResult.Outcome, requirement: RequirementSummary = requirement, log: String = "") -> TestCaseResult
    {
        TestCaseResult(
            id: TestCaseID(requirementID: requirement.id, scenarioName: scenario), requirement: requirement, outcome: outcome, duration: 0.5,
            issues: outcome == .errored ? [Issue(severity: .error, kind: .other("adapter.crash"), message: "boom")] : [], adapterLog: log)
    }

    @Test("Names are unique, never empty, and classnames split at the requirement")
    func names() throws {
        let dotted = RequirementSummary(id: "SL.DOTTED.1", level: .must, title: "t", tags: [], references: [])
        let report = JUnitReport(
            results: [
                Self.result("same", .passed), Self.result("same", .passed), Self.result("  \n\u{1B}[1m ", .passed),
                Self.result("line\nbreak  and   spaces", .passed), Self.result("x", .passed, requirement: dotted),
            ], context: SyntheticRun.context)
        let cases = report.suites.flatMap(\.cases)
        #expect(
            report.suites.map(\.name) == ["single-login.SL-LOGIN-1", "single-login.SL_DOTTED_1"], "one suite per requirement, named as its cases' classname")
        #expect(cases.map(\.name) == ["same", "same [2]", "(unnamed scenario)", "line break and spaces", "x"])
        #expect(
            cases.map(\.classname) == [
                "single-login.SL-LOGIN-1", "single-login.SL-LOGIN-1", "single-login.SL-LOGIN-1", "single-login.SL-LOGIN-1", "single-login.SL_DOTTED_1",
            ])
    }

    @Test(
        "Rendered as it goes, the report is byte for byte the one rendered at the end: one suite per requirement, out of order, unplanned, unfinished, warned and spilled to disk",
        arguments: [false, true])
    func streamedEqualsRendered(strict: Bool) throws {
        let directory = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("sl-junit-stream-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        // 30,000 planned cases in 3,000 requirements, every third a SHOULD (over 1 MiB of XML, so
        // the spool spills to its file); case 5 comes after case 6, cases 100 and 101 never end,
        // case 7 is skipped; the adapter is identified only after the first results; two cases
        // that were not planned come last, one of them joining the first requirement's suite.
        // In the second form the gate is MUST only (SHOULD failures are warnings, their evidence,
        // with characters to escape, in their suite's <system-err>) and the reference app was tested.
        let gate: Gate = strict ? .mustOnly : .mustAndShould
        var context = SyntheticRun.context
        context.gate = gate
        context.referenceApp = strict
        let requirements = (0..<3_000).map { index in
            RequirementSummary(
                id: "SL-GEN-\(index)", level: index % 3 == 2 ? .should : .must, title: "Generated <\(index)> & more", tags: ["generated", "t\(index % 7)"],
                references: [],
                location: SourceLocation(file: "embedded:single-login.json", line: index + 1, column: 5))
        }
        func result(_ index: Int, _ scenario: String, requirement: RequirementSummary) -> TestCaseResult {
            let outcome: TestCaseResult.Outcome = index % 97 == 0 || index % 10 == 3 && index % 30 >= 20 ? .failed : index % 89 == 0 ? .errored : .passed
            let issues: [SingleLoginEvents.Issue] =
                switch outcome {
                case .failed:
                    [
                        SingleLoginEvents.Issue(
                            severity: .failure, kind: .expectation(.signedOut), message: "still signed in <\(index)>", stepIndex: 0, expected: "nobody",
                            observed: "alice \u{1B}[31m]]>\u{1B}[0m & \"bob\"\nline two\u{1B}")
                    ]
                case .errored: [SingleLoginEvents.Issue(severity: .error, kind: .other("adapter.crash"), message: "boom")]
                default: []
                }
            return TestCaseResult(
                id: TestCaseID(requirementID: requirement.id, scenarioName: scenario), requirement: requirement, outcome: outcome,
                duration: Double(index % 13) * 0.1,
                issues: issues, adapterLog: outcome == .errored ? SyntheticRun.nastyLog : "")
        }
        var plan: [PlannedTestCase] = []
        var results: [TestCaseResult] = []
        for index in 0..<30_000 {
            let result = result(index, "scenario \(index % 10)", requirement: requirements[index / 10])
            plan.append(PlannedTestCase(id: result.id, requirement: result.requirement, skipReason: index == 7 ? "skipped by --skip" : nil))
            if index != 100, index != 101, index != 7 { results.append(result) }
        }
        results.swapAt(5, 6)
        results.append(
            result(30_001, "not planned", requirement: RequirementSummary(id: "SL-EXTRA-1", level: .should, title: "Extra", tags: [], references: [])))
        results.append(result(23, "not planned, joins its suite", requirement: requirements[0]))
        var events = [Event(.runStarted(context, plan: plan), date: SyntheticRun.start)]
        events += results.prefix(25).map { Event(.testCaseEnded($0), date: SyntheticRun.start) }
        events.append(Event(.adapterIdentified(SyntheticRun.adapter), date: SyntheticRun.start))
        events += results.dropFirst(25).map { Event(.testCaseEnded($0), date: SyntheticRun.start) }
        events.append(Event(.runEnded(RunSummary(results: results, duration: 12.5, interrupted: true)), date: SyntheticRun.start))

        let url = directory.appendingPathComponent("junit.xml")
        let recorder = JUnitXMLRecorder(url: url, options: .init(strict: strict))
        for event in events { recorder.record(event) }
        var record = RunRecord()
        for event in events { record.take(event) }
        let expected = JUnitXMLRecorder.render(
            results: record.orderedResults, context: record.effectiveContext, duration: record.summary?.duration, steps: record.steps,
            options: .init(strict: strict))
        let written = try Data(contentsOf: url)
        #expect(written.count > 1 << 20)
        #expect(
            written == expected,
            "first difference at byte \(zip(written, expected).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(written.count, expected.count))"
        )
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["junit.xml"], "the spool leaves nothing behind")

        // Not vacuous: the report has the shapes the stream must get right.
        let report = try JUnitMerger.parse(written)
        #expect(report.suites.count == 3_001, "one suite per requirement, the unplanned one last")
        #expect(report.suites[0].cases.count == 11, "the unplanned case of the first requirement joined its suite")
        #expect(
            report.suites[0].property("adapter.name") == SyntheticRun.adapter.adapterName,
            "the run's properties, with the adapter identified late, on the first suite")
        #expect(report.suites[1].property("spec.id") == nil, "the run's properties only on the first suite")
        let warned = report.suites.filter { $0.property("requirement.verdict") == "warned" }
        #expect(strict ? warned.count > 100 : warned.isEmpty, "SHOULD failures under --level must are warnings: \(warned.count)")
        #expect(
            warned.allSatisfy { $0.cases.contains { if case .warning = $0.result { true } else { false } } },
            "a warned case's evidence comes back from its suite's <system-err>")
    }

    @Test("Counts are computed from the emitted cases; a case not run is an error, as an incomplete run's exit status 2 is")
    func counts() throws {
        let results = [
            Self.result("a", .passed), Self.result("b", .failed), Self.result("c", .errored), Self.result("d", .skipped(reason: "r")),
            Self.result("e", .notRun(reason: "sigint")),
        ]
        let xml = String(decoding: JUnitXMLRecorder.render(results: results, context: SyntheticRun.context), as: UTF8.self)
        #expect(xml.contains("<testsuites name=\"sl-conformance\" tests=\"5\" failures=\"1\" errors=\"2\" time=\"2.500\">"))
        #expect(xml.contains("tests=\"5\" failures=\"1\" errors=\"2\" skipped=\"1\""))
        #expect(xml.contains("<error message=\"not run: sigint\" type=\"notRun\">not run: sigint</error>"))
        // Read back (--baseline, --rerun, diff), it is the case not run, as the older <skipped> form is.
        let read = try JUnitMerger.parse(Data(xml.utf8))
        let notRun = try #require(read.suites.flatMap(\.cases).first { $0.name == "e" })
        #expect(notRun.result.verdict == .notRun(reason: "sigint"))
        #expect(JUnitReport.Result.skipped(message: "not run: sigint").verdict == .notRun(reason: "sigint"))
    }

    @Test("A huge adapter log is capped per case with a note of what was cut, keeping its tail")
    func capped() throws {
        let log = String(repeating: "x", count: 1_000_000) + "\nTHE END"
        let data = JUnitXMLRecorder.render(
            results: [Self.result("huge", .errored, log: log)], context: SyntheticRun.context, options: .init(maxBytesPerCase: 4096))
        let xml = String(decoding: data, as: UTF8.self)
        #expect(data.count < 6000)
        #expect(xml.contains("[truncated "))
        #expect(xml.contains("THE END</error>"))
    }

    @Test("Rendering, parsing and rendering again gives the same bytes", arguments: SyntheticRun.allCases)
    func roundTrip(_ run: SyntheticRun) throws {
        let record = run.events.reduce(into: RunRecord()) { $0.take($1) }
        let report = JUnitReport(results: record.orderedResults, context: record.effectiveContext, duration: record.summary?.duration, steps: record.steps)
        for strict in [false, true] {
            let data = report.render(strict: strict)
            let parsed = try JUnitMerger.parse(data)
            // A raw CR in element content is read back as LF, as XML requires; compare after that normalisation.
            #expect(
                String(decoding: parsed.render(strict: strict), as: UTF8.self)
                    == String(decoding: data, as: UTF8.self).replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n"))
        }
    }

    @Test("Merging keeps a shard's result over another shard's skip and recomputes counts")
    func merge() throws {
        let context = SyntheticRun.context
        let first = JUnitReport(results: [Self.result("a", .passed), Self.result("b", .skipped(reason: "in shard 2/2"))], context: context)
        let second = JUnitReport(results: [Self.result("a", .skipped(reason: "in shard 1/2")), Self.result("b", .failed)], context: context)
        let merged = try JUnitMerger.merge([("1.xml", first), ("2.xml", second)])
        let cases = try #require(merged.suites.first?.cases)
        #expect(cases.map(\.name) == ["a", "b"])
        #expect(cases[0].result == .passed)
        guard case .failure = cases[1].result else {
            Issue.record("expected the failure to win over the skip")
            return
        }
        #expect(String(decoding: merged.render(), as: UTF8.self).contains("tests=\"2\" failures=\"1\" errors=\"0\" skipped=\"0\""))
    }

    @Test("Merging reports of different specs is refused", arguments: [("spec.sha256", "0000"), ("spec.version", "9.9.9"), ("spec.id", "other")])
    func mergeRefusesOtherSpecs(_ property: String, _ value: String) throws {
        var other = SyntheticRun.context
        switch property {
        case "spec.sha256": other.specSHA256 = value
        case "spec.version": other.specVersion = value
        default: other.specID = value
        }
        let first = JUnitReport(results: [Self.result("a", .passed)], context: SyntheticRun.context)
        let second = JUnitReport(results: [Self.result("a", .passed)], context: other)
        let expectedValue: String
        switch property {
        case "spec.sha256": expectedValue = SyntheticRun.context.specSHA256
        case "spec.version": expectedValue = "1.2.0"
        default: expectedValue = "single-login"
        }
        let error = JUnitMerger.MergeError.differentSpec(path: "2.xml", property: property, expected: expectedValue, found: value)
        #expect(throws: error) {
            try JUnitMerger.merge([("1.xml", first), ("2.xml", second)])
        }
    }

    @Test("Parsing something that is not a JUnit report fails clearly", arguments: ["", "<html/>", "<testsuites><unclosed"])
    func parseRejects(_ text: String) {
        #expect(throws: JUnitMerger.MergeError.self) { try JUnitMerger.parse(Data(text.utf8), path: "x.xml") }
    }

    // Speed and memory for 100,000 cases are measured by `sl-conformance bench`, not asserted here.
    @Test("100,000 test cases render into one report with counts computed from the cases")
    func rendersManyCases() throws {
        let issue = SingleLoginEvents.Issue(
            severity: .failure, kind: .expectation(.signedIn), message: "not signed in", stepIndex: 0, expected: "alice", observed: "nobody")
        var results: [TestCaseResult] = []
        results.reserveCapacity(100_000)
        for index in 0..<100_000 {
            let id = TestCaseID(requirementID: "SL-REQ-\(index / 10)", scenarioName: "scenario \(index % 10)")
            let failed = index % 50 == 0
            results.append(
                TestCaseResult(
                    id: id, requirement: Self.requirement, outcome: failed ? .failed : .passed, duration: Double(index % 1000) / 1000,
                    issues: failed ? [issue] : []))
        }
        let data = JUnitXMLRecorder.render(results: results, context: SyntheticRun.context)
        let head = String(decoding: data.prefix(2_000), as: UTF8.self)
        #expect(head.contains(#"tests="100000""#))
        #expect(head.contains(#"failures="2000""#))
        #expect(String(decoding: data.suffix(100), as: UTF8.self).hasSuffix("</testsuites>\n"))
    }
}
