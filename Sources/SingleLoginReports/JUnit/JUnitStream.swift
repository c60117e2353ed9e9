import Foundation
import SingleLoginEvents

/// A JUnit report rendered as the run goes: each test case becomes its `<testcase>` bytes when
/// it ends, appended to a spool file, so the writer's memory stays flat however long the run.
/// When the run ends, the totals and properties (known only then) are written first, the spool
/// after them, into the report, atomically. The bytes are exactly those of ``JUnitReport/render(strict:)``.
///
/// Test cases are reported in plan order; the runner releases them in that order, so each is
/// rendered as it arrives. One that arrives early waits until those before it have come (or the
/// run has ended); one the plan never named comes last, in arrival order; planned test cases
/// that never ended are completed as not run (or skipped, when the plan skipped them).
struct JUnitStream {
    let options: JUnitReport.Options
    private var context: RunContext?
    private var plan: [PlannedTestCase] = []
    private var next = 0
    private var waiting: [TestCaseID: TestCaseResult] = [:]
    private var waitingOrder: [TestCaseID] = []
    private var steps: [TestCaseID: [Int: String]] = [:]
    private var namer: CaseNamer?
    private var counts = JUnitReport.Counts()
    private var caseSeconds = 0.0
    private var spool: Spool
    private var summary: RunSummary?
    private var endDate: Date?

    /// A stream for a report that will go to `url` (the spool is made beside it).
    init(options: JUnitReport.Options, url: URL) {
        self.options = options
        spool = Spool(beside: url)
    }

    /// Takes one event; returns true when it ended the run (then call ``write(to:)``).
    mutating func take(_ event: Event) -> Bool {
        switch event.kind {
        case let .runStarted(context, plan):
            self.context = context
            self.plan = plan
        case let .adapterIdentified(identity):
            context?.adapter = identity
        case let .stepPerformed(id, index, description):
            steps[id, default: [:]][index] = description
        case let .testCaseEnded(result):
            arrived(result)
        case let .runEnded(summary):
            self.summary = summary
            endDate = event.date
            return true
        case .requirementStarted, .requirementEnded, .testCaseStarted, .brokerCalled, .observed, .issueRecorded:
            break
        }
        return false
    }

    private mutating func arrived(_ result: TestCaseResult) {
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

    private var effectiveContext: RunContext {
        context ?? RunContext(specID: "unknown", specVersion: "unknown", specTitle: "unknown", specSHA256: "", harnessVersion: "unknown", adapter: nil, hostname: "localhost", startDate: endDate ?? Date(timeIntervalSince1970: 0))
    }

    private mutating func render(_ result: TestCaseResult) {
        if namer == nil { namer = CaseNamer(specID: effectiveContext.specID) }
        let (classname, name) = namer!.unique(for: result.id)
        let testCase = JUnitReport.Case(
            classname: classname, name: name, time: result.duration,
            result: JUnitReport.result(of: result, gate: context?.gate ?? .mustAndShould, steps: steps.removeValue(forKey: result.id) ?? [:], maxBytes: options.maxBytesPerCase,
                               subject: context?.subject ?? .adapter))
        counts.add(testCase)
        caseSeconds += result.duration
        testCase.render(into: &spool.buffer)
        spool.flushIfFull()
    }

    /// Completes the plan and writes the report to `url` atomically.
    mutating func write(to url: URL) throws {
        let interrupted = summary?.interrupted ?? true
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
        let context = effectiveContext
        let suite = JUnitReport.Suite(
            name: JUnitNames.normalize(context.specID, fallback: "spec"),
            timestamp: UTCDate.junitTimestamp(context.startDate),
            hostname: JUnitNames.normalize(context.hostname, fallback: "localhost"),
            time: summary?.duration ?? caseSeconds,
            properties: JUnitReport.properties(of: context),
            cases: [])
        var head = XMLByteBuffer(capacity: 4096)
        JUnitReport.renderOpening(name: JUnitReport(suites: []).name, counts: counts, time: suite.time, strict: options.strict, into: &head)
        suite.renderOpening(id: 0, counts: counts, into: &head)
        var tail = XMLByteBuffer(capacity: 128)
        JUnitReport.Suite.renderClosing(into: &tail)
        JUnitReport.renderClosing(into: &tail)
        try AtomicFileWriter.write(to: url) { emit in
            try head.bytes.withUnsafeBytes { try emit($0) }
            try spool.replay(emit)
            try tail.bytes.withUnsafeBytes { try emit($0) }
        }
    }
}
