import Foundation
import SingleLoginEvents

/// Joins shard reports (`sl-conformance merge OUT IN...`) into one valid JUnit XML report.
///
/// Suites of the same name are joined, each where it first appears in the reports' order;
/// counts are recomputed from the cases; a suite's cases are sorted stably by (classname, name).
/// A shard holds its own cases only; reports that name shards (`run.shard`) must be every shard of
/// one run, each once (``ShardCoverage``). A case present in several reports that name no shard
/// keeps its most informative result (a failure or error over a pass, a pass over a skip), the
/// first one on a tie. Reports of different specs are refused.
public enum JUnitMerger {
    /// Why reports cannot be merged.
    public enum MergeError: Error, Equatable, CustomStringConvertible {
        /// No input was given.
        case noInputs
        /// An input is not well-formed XML or not a JUnit report.
        case unreadable(path: String, reason: String)
        /// An input was written for another spec (id, version or SHA-256).
        case differentSpec(path: String, property: String, expected: String, found: String)
        /// The inputs are shards, but not every shard of one run, each once.
        case shards(ShardCoverage.Gap)

        /// The message for people.
        public var description: String {
            switch self {
            case .noInputs:
                "no reports to merge"
            case let .unreadable(path, reason):
                "\(path): not a JUnit report: \(reason)"
            case let .differentSpec(path, property, expected, found):
                "\(path): \(property) is '\(found)' but the first report's is '\(expected)'; merge only shards of one run of one spec"
            case let .shards(gap):
                gap.description
            }
        }
    }

    /// The properties that must agree for reports to be merged.
    public static let identifyingProperties = ["spec.id", "spec.version", "spec.sha256"]

    /// Merges parsed reports, each named by its path for error messages.
    public static func merge(_ reports: [(path: String, report: JUnitReport)]) throws -> JUnitReport {
        guard let first = reports.first else { throw MergeError.noInputs }
        // The run's properties are on a report's first suite (on every suite in reports of older
        // versions): every suite that names the spec must name the first report's.
        let reference = first.report.suites.first
        for (path, report) in reports {
            for (index, suite) in report.suites.enumerated() where index == 0 || suite.property("spec.id") != nil {
                for property in identifyingProperties {
                    let expected = reference?.property(property) ?? ""
                    let found = suite.property(property) ?? ""
                    if expected != found {
                        throw MergeError.differentSpec(path: path, property: property, expected: expected, found: found)
                    }
                }
            }
        }
        var shards: [(path: String, shard: RunContext.Shard?)] = []
        for (path, report) in reports {
            let property = report.suites.first?.property(JUnitReport.shardProperty)
            let shard = property.flatMap { RunContext.Shard(fraction: $0) }
            if let property, shard == nil {
                throw MergeError.unreadable(path: path, reason: "its \(JUnitReport.shardProperty) property is '\(property)', not i/n with 1 <= i <= n")
            }
            shards.append((path, shard))
        }
        do { try ShardCoverage.check(shards) } catch { throw MergeError.shards(error) }
        if reference?.property("run.kind").flatMap(RunContext.Kind.init(rawValue:)) == .explore { return mergeExplorations(reports) }
        var order: [String] = []
        var suites: [String: JUnitReport.Suite] = [:]
        var indexOfCase: [String: [String: Int]] = [:]
        for (_, report) in reports {
            for suite in report.suites {
                guard var merged = suites[suite.name] else {
                    order.append(suite.name)
                    var fresh = suite
                    fresh.cases = []
                    var index: [String: Int] = [:]
                    for testCase in suite.cases { add(testCase, to: &fresh.cases, index: &index) }
                    suites[suite.name] = fresh
                    indexOfCase[suite.name] = index
                    continue
                }
                merged.time += suite.time
                merged.timestamp = min(merged.timestamp, suite.timestamp)
                var index = indexOfCase[suite.name] ?? [:]
                for testCase in suite.cases { add(testCase, to: &merged.cases, index: &index) }
                suites[suite.name] = merged
                indexOfCase[suite.name] = index
            }
        }
        let joined = order.compactMap { name -> JUnitReport.Suite? in
            guard var suite = suites[name] else { return nil }
            // Stable: equal keys keep input order.
            suite.cases = suite.cases.enumerated().sorted { lhs, rhs in
                (lhs.element.classname, lhs.element.name, lhs.offset) < (rhs.element.classname, rhs.element.name, rhs.offset)
            }.map(\.element)
            // The merged report is whole: no suite says it is one shard's.
            suite.properties.removeAll { $0.name == JUnitReport.shardProperty }
            // Each shard judged the requirement on its own cases: judge it again on all of them.
            if let index = suite.properties.firstIndex(where: { $0.name == "requirement.verdict" }) {
                suite.properties[index].value = verdict(of: suite.cases)
            }
            return suite
        }
        return JUnitReport(name: first.report.name, suites: joined)
    }

    /// The explorations of shards (`explore --shard i/n`) as one: the report of the shard whose
    /// violation came in the lowest-numbered history (the first report when none found one), as the
    /// exploration of every shard's histories at once would have stopped there; its suites' and
    /// their test cases' times are every shard's, and it says no shard.
    static func mergeExplorations(_ reports: [(path: String, report: JUnitReport)]) -> JUnitReport {
        func history(_ report: JUnitReport) -> Int {
            report.suites.first?.property(JUnitReport.violatingHistoryProperty).flatMap(Int.init) ?? Int.max
        }
        let first = reports.enumerated().min { (history($0.element.report), $0.offset) < (history($1.element.report), $1.offset) }!.element.report
        var merged = first
        // Every part's histories, in the properties and the title, when every part says how many it played.
        let parts = reports.map { report -> RunContext.Exploration? in
            guard let suite = report.report.suites.first, let seed = suite.property(JUnitReport.exploreSeedProperty),
                let histories = suite.property(JUnitReport.exploreHistoriesProperty).flatMap(Int.init)
            else { return nil }
            return RunContext.Exploration(seed: seed, histories: histories)
        }
        let whole = RunContext.Exploration.joined(parts)
        for index in merged.suites.indices {
            if let whole {
                for (name, value) in [
                    (JUnitReport.exploreHistoriesProperty, String(whole.histories)), ("spec.title", whole.title),
                ] {
                    if let property = merged.suites[index].properties.firstIndex(where: { $0.name == name }) {
                        merged.suites[index].properties[property].value = value
                    }
                }
            }
            let name = merged.suites[index].name
            let others = reports.flatMap { $0.report.suites.filter { $0.name == name } }
            merged.suites[index].time = others.reduce(0) { $0 + $1.time }
            // Each rule's suite holds its one test case: the case's time is the suite's, every shard's.
            for caseIndex in merged.suites[index].cases.indices {
                let key = (merged.suites[index].cases[caseIndex].classname, merged.suites[index].cases[caseIndex].name)
                merged.suites[index].cases[caseIndex].time = others.flatMap(\.cases).filter { ($0.classname, $0.name) == key }.reduce(0) { $0 + $1.time }
            }
            merged.suites[index].timestamp = others.map(\.timestamp).min() ?? merged.suites[index].timestamp
            merged.suites[index].properties.removeAll { $0.name == JUnitReport.shardProperty }
        }
        return merged
    }

    /// The requirement's verdict from its cases, as ``Verdict/name`` spells it: the worst of errored,
    /// failed, warned, not run, passed, skipped.
    static func verdict(of cases: [JUnitReport.Case]) -> String {
        Verdict.worst(of: cases.lazy.map(\.result.verdict))?.name ?? "skipped"
    }

    private static func add(_ testCase: JUnitReport.Case, to cases: inout [JUnitReport.Case], index: inout [String: Int]) {
        let key = testCase.classname + "\u{0}" + testCase.name
        if let existing = index[key] {
            if testCase.result.rank > cases[existing].result.rank { cases[existing] = testCase }
        } else {
            index[key] = cases.count
            cases.append(testCase)
        }
    }

    /// Parses a JUnit XML report (as this library writes it, or any with `<testsuites>` or `<testsuite>` at the root).
    ///
    /// The reader is `XMLTree`, strict about well-formedness: a truncated shard is refused.
    public static func parse(_ data: Data, path: String = "<data>") throws -> JUnitReport {
        let tree: XMLTree
        do { tree = try XMLTree(parsing: data) } catch {
            throw MergeError.unreadable(path: path, reason: data.isEmpty ? "the file is empty" : error.description)
        }
        let root = tree.root
        let suiteElements: [XMLTree.Element]
        switch root.name {
        case "testsuites": suiteElements = root.elements(named: "testsuite")
        case "testsuite": suiteElements = [root]
        default: throw MergeError.unreadable(path: path, reason: "the root element is <\(root.name)>, not <testsuites>")
        }
        let suites = suiteElements.map { element in
            let properties = element.elements(named: "properties").flatMap { $0.elements(named: "property") }.map {
                JUnitReport.Property($0.attribute("name") ?? "", $0.attribute("value") ?? "")
            }
            let warnings = warningBodies(element.firstElement(named: "system-err")?.text ?? "")
            let cases = element.elements(named: "testcase").map { testCase in
                let name = testCase.attribute("name") ?? ""
                var result = result(of: testCase)
                if result == .passed, let body = warnings[name] { result = .warning(body: body) }
                let (attempts, flaky) = attempts(of: testCase)
                return JUnitReport.Case(
                    classname: testCase.attribute("classname") ?? "", name: name, time: Double(testCase.attribute("time") ?? "") ?? 0, result: result,
                    attempts: attempts, flaky: flaky)
            }
            return JUnitReport.Suite(
                name: element.attribute("name") ?? "", package: element.attribute("package"), timestamp: element.attribute("timestamp") ?? "",
                hostname: element.attribute("hostname") ?? "", time: Double(element.attribute("time") ?? "") ?? 0, properties: properties, cases: cases)
        }
        return JUnitReport(name: root.name == "testsuites" ? (root.attribute("name") ?? "sl-conformance") : "sl-conformance", suites: suites)
    }

    /// The evidence of each warned case in a suite's `<system-err>`, by case name (see ``JUnitReport/Suite/systemErr``).
    private static func warningBodies(_ text: String) -> [String: String] {
        guard text.hasPrefix(JUnitReport.warningHeadline) else { return [:] }
        var bodies: [String: String] = [:]
        var current: String?
        var body = ""
        func flush() {
            // Each block is preceded by an empty line, written before its marker.
            if let current { bodies[current] = body.hasSuffix("\n\n") ? String(body.dropLast()) : body }
        }
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).dropFirst() {
            if line.hasPrefix("== scenario: "), line.hasSuffix(" ==") {
                flush()
                current = String(line.dropFirst("== scenario: ".count).dropLast(" ==".count))
                body = ""
            } else if current != nil {
                body += line + "\n"
            }
        }
        flush()
        return bodies
    }

    /// A case's earlier attempts (Surefire's `flakyFailure`, `flakyError`, `rerunFailure`,
    /// `rerunError`, in document order), and whether they are a flaky case's.
    private static func attempts(of testCase: XMLTree.Element) -> ([JUnitReport.Attempt], Bool) {
        var flaky = false
        let attempts = testCase.children.compactMap { child -> JUnitReport.Attempt? in
            let kinds = ["flakyFailure": (true, false), "flakyError": (true, true), "rerunFailure": (false, false), "rerunError": (false, true)]
            guard let (isFlaky, errored) = kinds[child.name] else { return nil }
            flaky = flaky || isFlaky
            return JUnitReport.Attempt(errored: errored, message: child.attribute("message") ?? "", type: child.attribute("type") ?? "", body: child.text)
        }
        return (attempts, flaky)
    }

    private static func result(of testCase: XMLTree.Element) -> JUnitReport.Result {
        if let error = testCase.firstElement(named: "error") {
            return .error(message: error.attribute("message") ?? "", type: error.attribute("type") ?? "", body: error.text)
        }
        if let failure = testCase.firstElement(named: "failure") {
            return .failure(message: failure.attribute("message") ?? "", type: failure.attribute("type") ?? "", body: failure.text)
        }
        if let skipped = testCase.firstElement(named: "skipped") {
            return .skipped(message: skipped.attribute("message") ?? "")
        }
        return .passed
    }
}
