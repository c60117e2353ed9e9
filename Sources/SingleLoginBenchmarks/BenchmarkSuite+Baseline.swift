import Foundation
import Synchronization
import SingleLoginEvents
import SingleLoginReports
import SingleLoginSpec

extension BenchmarkSuite {
    /// `diff` and `--baseline` on two synthetic reports of ``Configuration/junitCases`` test cases
    /// (the second with every 7th case's outcome turned over and 1 % of the cases renamed, so that
    /// every kind of change is listed), in process: `diff` parses both files and compares, a run
    /// with `--baseline` parses the baseline and compares it with its own results.
    func baselineSection() throws -> BenchmarkReport.Section {
        let count = configuration.junitCases
        var context: RunContext?
        SyntheticResults.forEachEvent(count: 0) { if case let .runStarted(started, _) = $0.kind { context = started } }
        guard let context else { throw BenchmarkProcess.Failure("the synthetic run has no context") }
        let old = Self.results(count: count, changed: false)
        let new = Self.results(count: count, changed: true)
        let oldXML = JUnitXMLRecorder.render(results: old, context: context, duration: nil)
        let newXML = JUnitXMLRecorder.render(results: new, context: context, duration: nil)
        var lines = 0
        let repetitions = max(3, configuration.repetitions)
        let diff = LatencySummary(
            samples: try (0..<repetitions).map { _ in
                let started = ContinuousClock.now
                // As `diff` reads them: both reports at once, each on a core of its own.
                let parsed = Mutex<[Result<CaseVerdicts, any Error>?]>([nil, nil])
                DispatchQueue.concurrentPerform(iterations: 2) { index in
                    let verdicts = Result { CaseVerdicts(junit: try JUnitMerger.parse(index == 0 ? oldXML : newXML)) }
                    parsed.withLock { $0[index] = verdicts }
                }
                let both = parsed.withLock { $0 }
                let comparison = BaselineComparison(baseline: try both[0]!.get(), current: try both[1]!.get())
                lines = comparison.consoleText(baselineName: "old.xml").count
                return (ContinuousClock.now - started).inSeconds
            })
        let baseline = LatencySummary(
            samples: try (0..<repetitions).map { _ in
                let started = ContinuousClock.now
                let comparison = BaselineComparison(
                    baseline: CaseVerdicts(junit: try JUnitMerger.parse(oldXML)), current: CaseVerdicts(results: new, gate: .mustAndShould))
                _ = comparison.markdown(baselineName: "old.xml")
                return (ContinuousClock.now - started).inSeconds
            })
        func range(_ summary: LatencySummary) -> String {
            "range \(BenchmarkFigure.format(summary.minimum, .seconds))–\(BenchmarkFigure.format(summary.maximum, .seconds)) over \(summary.count)"
        }
        return BenchmarkReport.Section(
            title: "baseline comparison: two reports of \(count) test cases (\(oldXML.count / 1_000_000) MB each), in process",
            figures: [
                BenchmarkFigure(
                    key: "diff.seconds.median", title: "diff OLD NEW: parse both, compare, print (median)", value: diff.median, unit: .seconds,
                    target: Targets.baselineSeconds, note: range(diff) + "; \(lines) characters printed"),
                BenchmarkFigure(key: "diff.seconds.max", title: "the same, slowest", value: diff.maximum, unit: .seconds, target: Targets.baselineSeconds),
                BenchmarkFigure(
                    key: "baseline.seconds.median", title: "run --baseline: parse the baseline, compare with the run's results, summary.md section (median)",
                    value: baseline.median, unit: .seconds, target: Targets.baselineSeconds, note: range(baseline)),
                BenchmarkFigure(
                    key: "baseline.seconds.max", title: "the same, slowest", value: baseline.maximum, unit: .seconds, target: Targets.baselineSeconds),
            ])
    }

    /// The results of ``SyntheticResults``; `changed` turns over every 7th outcome and renames every 100th case.
    static func results(count: Int, changed: Bool) -> [TestCaseResult] {
        var results: [TestCaseResult] = []
        results.reserveCapacity(count)
        SyntheticResults.forEachEvent(count: count) { event in
            guard case var .testCaseEnded(result) = event.kind else { return }
            if changed, results.count % 7 == 0 { result.outcome = result.outcome == .passed ? .failed : .passed }
            if changed, results.count % 100 == 1 { result.id.scenarioName += " (renamed)" }
            results.append(result)
        }
        return results
    }
}

extension BenchmarkSuite {
    /// `merge` of the explore reports of 10 shards (`explore --shard i/10`): one testcase per rule,
    /// the violating history of each shard's own, the counterexample's evidence in the failure;
    /// read from their bytes, merged and rendered, in process.
    func exploreMergeSection() throws -> BenchmarkReport.Section {
        let shards = 10
        let evidence = String(repeating: "step 2 globalSignOut: the app still considers alice signed in\n", count: 200)
        let files: [(String, Data)] = (1...shards).map { index in
            var context = RunContext(
                kind: .explore, specID: "explore", specVersion: HarnessVersion.current, specTitle: "Explored histories (seed 7)",
                specSHA256: String(repeating: "1", count: 64),
                harnessVersion: HarnessVersion.current, adapter: nil, hostname: "benchmark", startDate: Date(timeIntervalSince1970: 1_740_821_400),
                shard: RunContext.Shard(index: index, count: shards))
            context.violatingHistory = index * 37
            let results = (0..<14).map { rule in
                let requirement = RequirementSummary(id: "EX-RULE-\(rule)", level: .must, title: "Rule \(rule)", tags: ["explore"], references: [])
                let issues =
                    rule == index % 14
                    ? [
                        Issue(
                            severity: .failure, kind: .expectation(.signedOut), message: "the app still considers alice signed in", stepIndex: 1,
                            expected: "signed in: nobody", observed: evidence)
                    ] : []
                return TestCaseResult(
                    id: TestCaseID(requirementID: requirement.id, scenarioName: "random histories"), requirement: requirement,
                    outcome: issues.isEmpty ? .passed : .failed, duration: 12.5, issues: issues)
            }
            return ("shard-\(index)/explore-junit.xml", JUnitXMLRecorder.render(results: results, context: context))
        }
        var winner = ""
        let merge = LatencySummary(
            samples: try (0..<max(3, configuration.repetitions)).map { _ in
                let started = ContinuousClock.now
                let merged = try JUnitMerger.merge(files.map { ($0.0, try JUnitMerger.parse($0.1, path: $0.0)) })
                _ = merged.render()
                winner = merged.suites.first?.property(JUnitReport.violatingHistoryProperty) ?? ""
                return (ContinuousClock.now - started).inSeconds
            })
        return BenchmarkReport.Section(
            title: "merge of the explore reports of \(shards) shards, in process",
            figures: [
                BenchmarkFigure(
                    key: "exploreMerge.seconds.median", title: "parse, merge (the lowest violating history: \(winner)) and render (median)",
                    value: merge.median, unit: .seconds, target: Targets.baselineSeconds,
                    note: "range \(BenchmarkFigure.format(merge.minimum, .seconds))–\(BenchmarkFigure.format(merge.maximum, .seconds)) over \(merge.count)")
            ])
    }
}
