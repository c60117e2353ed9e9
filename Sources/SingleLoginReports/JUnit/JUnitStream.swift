import Foundation
import SingleLoginEvents

/// A JUnit report rendered as the run goes: each test case becomes its `<testcase>` bytes when
/// it ends, appended to a spool file, so the writer's memory stays flat however long the run.
/// When the run ends, the totals and the suites' openings (their counts and properties, known
/// only then) are written around the spooled cases into the report, atomically. The bytes are
/// exactly those of ``JUnitReport/render(strict:)`` for ``JUnitReport/init(results:context:duration:steps:maxBytesPerCase:)``.
///
/// Test cases are reported in plan order; the runner releases them in that order, so each is
/// rendered as it arrives. One that arrives early waits until those before it have come (or the
/// run has ended); one the plan never named comes last, in arrival order; planned test cases
/// that never ended are completed as not run (or skipped, when the plan skipped them).
///
/// One suite per requirement: what waits in memory for the end is a ``SuiteRecord`` per
/// requirement (its summary, counts, time, verdict and where its cases and warnings lie in the
/// spool), not its cases.
struct JUnitStream {
    let options: JUnitReport.Options
    /// The run's context, plan, steps and end, taken as every file recorder takes them; the cases
    /// themselves are rendered as they come, not kept.
    private var record = RunRecord(keepingResults: false)
    private var next = 0
    private var waiting: [TestCaseID: TestCaseResult] = [:]
    private var waitingOrder: [TestCaseID] = []
    private var namer: CaseNamer?
    private var counts = JUnitReport.Counts()
    private var suites: [SuiteRecord] = []
    private var suiteOfRequirement: [String: Int] = [:]
    /// The suite the last case went to, and the time of its cases since it became the last
    /// (summed apart, then added, as ``JUnitReport`` sums a run of one requirement's cases).
    private var openSuite: Int?
    private var openTime = 0.0
    private var spool: Spool

    /// What is kept of one requirement's suite until the report is written.
    struct SuiteRecord {
        /// The requirement ID its test cases carry (what groups them).
        var requirementID: String
        /// The requirement, as its first test case carried it.
        var requirement: RequirementSummary
        /// Its cases' classname (the suite's name, before any reference-app suffix).
        var classname: String
        /// The worst verdict of its cases.
        var verdict: Verdict
        /// Its cases' counts.
        var counts = JUnitReport.Counts()
        /// Its cases' time.
        var time = 0.0
        /// Where its `<testcase>` elements lie in the spool, in order.
        var cases: [Range<Int>] = []
        /// Where its warned cases' `<system-err>` blocks lie in the spool, escaped, in order.
        var warnings: [Range<Int>] = []
    }

    /// A stream for a report that will go to `url` (the spool is made beside it).
    init(options: JUnitReport.Options, url: URL) {
        self.options = options
        spool = Spool(beside: url)
    }

    /// Takes one event; returns true when it ended the run (then call ``write(to:)``).
    mutating func take(_ event: Event) -> Bool {
        if case let .testCaseEnded(result) = event.kind { arrived(result) }
        return record.take(event)
    }

    private mutating func arrived(_ result: TestCaseResult) {
        let plan = record.plan
        guard next < plan.count, plan[next].id == result.id else {
            if waiting.updateValue(result, forKey: result.id) == nil { waitingOrder.append(result.id) }
            return
        }
        render(result)
        next += 1
        while next < plan.count, let early = waiting.removeValue(forKey: plan[next].id) {
            render(early)
            next += 1
        }
    }

    private mutating func render(_ result: TestCaseResult) {
        if namer == nil { namer = CaseNamer(specID: record.effectiveContext.specID) }
        let gate = record.gate
        let (classname, name) = namer!.unique(for: result.id)
        let testCase = JUnitReport.testCase(
            of: result, classname: classname, name: name, gate: gate, steps: record.steps.removeValue(forKey: result.id) ?? [:],
            maxBytes: options.maxBytesPerCase, subject: record.context?.subject ?? .adapter)
        let verdict = Verdict(of: result, gate: gate)
        let index: Int
        if let open = openSuite, suites[open].requirementID == result.id.requirementID {
            index = open
        } else if let existing = suiteOfRequirement[result.id.requirementID] {
            index = existing
        } else {
            index = suites.count
            suiteOfRequirement[result.id.requirementID] = index
            suites.append(SuiteRecord(requirementID: result.id.requirementID, requirement: result.requirement, classname: classname, verdict: verdict))
        }
        if index != openSuite {
            closeOpenSuite()
            openSuite = index
        }
        openTime += result.duration
        counts.add(testCase)
        suites[index].counts.add(testCase)
        suites[index].verdict = suites[index].verdict.worse(verdict)

        let start = spool.position
        testCase.render(into: &spool.buffer, strict: options.strict)
        Self.append(start..<spool.position, to: &suites[index].cases)
        if case let .warning(body) = testCase.result {
            let start = spool.position
            spool.buffer.text(JUnitReport.warningBlock(name: name, body: body))
            Self.append(start..<spool.position, to: &suites[index].warnings)
        }
        spool.flushIfFull()
    }

    /// Adds the open suite's time to it.
    private mutating func closeOpenSuite() {
        if let openSuite { suites[openSuite].time += openTime }
        openSuite = nil
        openTime = 0
    }

    /// Appends `range` to `ranges`, joining it to the last one when they touch.
    private static func append(_ range: Range<Int>, to ranges: inout [Range<Int>]) {
        if let last = ranges.last, last.upperBound == range.lowerBound {
            ranges[ranges.count - 1] = last.lowerBound..<range.upperBound
        } else {
            ranges.append(range)
        }
    }

    /// Completes the plan and writes the report to `url` atomically.
    mutating func write(to url: URL) throws {
        let interrupted = record.summary?.interrupted ?? true
        let plan = record.plan
        while next < plan.count {
            let planned = plan[next]
            next += 1
            if let result = waiting.removeValue(forKey: planned.id) {
                render(result)
            } else if let reason = planned.skipReason {
                render(TestCaseResult(id: planned.id, requirement: planned.requirement, outcome: .skipped(reason: reason), duration: 0))
            } else {
                let reason = interrupted ? "the run was interrupted before this test case finished" : "the run ended before this test case finished"
                render(TestCaseResult(id: planned.id, requirement: planned.requirement, outcome: .notRun(reason: reason), duration: 0))
            }
        }
        for id in waitingOrder {
            if let result = waiting.removeValue(forKey: id) { render(result) }
        }
        closeOpenSuite()

        let context = record.effectiveContext
        let specID = JUnitNames.normalize(context.specID, fallback: "spec")
        let timestamp = UTCDate.junitTimestamp(context.startDate)
        let hostname = JUnitNames.normalize(context.hostname, fallback: "localhost")
        let suffix = context.referenceApp ? JUnitReport.referenceAppSuffix : ""
        let runProperties = JUnitReport.properties(of: context)
        let emptyRunTime = record.summary?.duration ?? 0
        let time = suites.isEmpty ? emptyRunTime : suites.reduce(0) { $0 + $1.time }
        let suites = self.suites
        let spool = self.spool
        let strict = options.strict
        let counts = self.counts
        try AtomicFileWriter.write(to: url) { emit in
            // Pieces are gathered into chunks of about 1 MiB: one write per chunk, not per suite.
            var out = XMLByteBuffer(capacity: Spool.chunk + 64 * 1024)
            func flush(over limit: Int) throws {
                guard out.bytes.count > limit else { return }
                try out.bytes.withUnsafeBytes { try emit($0) }
                out.removeAll()
            }
            func put(_ range: Range<Int>) throws {
                try spool.replay(range) { piece in
                    out.append(rendered: piece)
                    try flush(over: Spool.chunk)
                }
            }
            JUnitReport.renderOpening(name: "sl-conformance" + suffix, counts: counts, time: time, strict: strict, into: &out)
            if suites.isEmpty {
                // No test case at all: one empty suite still carries the run's properties.
                let suite = JUnitReport.Suite(
                    name: specID + suffix, package: specID, timestamp: timestamp, hostname: hostname, time: emptyRunTime, properties: runProperties, cases: [])
                suite.renderOpening(id: 0, counts: JUnitReport.Counts(), into: &out)
                JUnitReport.Suite.renderClosingWithoutWarnings(into: &out)
            }
            for (index, record) in suites.enumerated() {
                let suite = JUnitReport.Suite(
                    name: record.classname + suffix, package: specID, timestamp: timestamp, hostname: hostname, time: record.time,
                    properties: JUnitReport.properties(of: record.requirement, verdict: record.verdict) + (index == 0 ? runProperties : []),
                    cases: [])
                suite.renderOpening(id: index, counts: record.counts, into: &out)
                for range in record.cases { try put(range) }
                if record.warnings.isEmpty {
                    JUnitReport.Suite.renderClosingWithoutWarnings(into: &out)
                } else {
                    JUnitReport.Suite.renderSystemErrOpening(into: &out)
                    out.text(JUnitReport.warningHeadline + "\n")
                    for range in record.warnings { try put(range) }
                    JUnitReport.Suite.renderSystemErrClosing(into: &out)
                }
                try flush(over: Spool.chunk)
            }
            JUnitReport.renderClosing(into: &out)
            try flush(over: 0)
        }
    }
}
