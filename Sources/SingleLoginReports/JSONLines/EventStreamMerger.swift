import Foundation
import SingleLoginEvents

/// Joins the event streams of a split run's shards (`run --shard i/n --events ...`) into the
/// stream of one whole run, which any recorder renders as it would a run's: `merge` writes the
/// merged stream and, from it, the merged `summary.md`. Streams that name shards must be every
/// shard of one run, each once (``ShardCoverage``).
///
/// The merged stream starts with one `runStarted`: shard 1's context without the shard, with
/// `RunContext.mergedShards` set, and every shard's plan: in the spec's order when the caller gives
/// it, else in the order the streams are given.
/// Then the first `adapterIdentified` and `adapterUnavailable`, and each requirement in plan
/// order: `requirementStarted`, the events of each of its test cases, and `requirementEnded`
/// with its verdict over every shard's test cases (a shard knows only its part). Last, one
/// `runEnded` whose totals are recomputed from the test cases (the wall time is the longest
/// shard's, as shards run side by side; interrupted when any shard was), with every shard's
/// late-call warnings, shard after shard, each as its shard gave it.
public enum EventStreamMerger {
    /// Streams that cannot be joined.
    public enum MergeError: Error, CustomStringConvertible {
        /// A stream has no `runStarted` (written by something else, or cut short before it).
        case notARun(String)
        /// Two streams ran different specs: the first stream, the other, and what they ran
        /// (`single-login 9.0.0`, with a SHA-256 prefix when only the bytes differ).
        case differentSpecs(String, String, ran: (first: String, other: String))
        /// The streams are shards', but not every shard of one run, each once.
        case shards(ShardCoverage.Gap)

        /// What went wrong, naming the stream.
        public var description: String {
            switch self {
            case let .notARun(name): "\(name): no runStarted event, so not a run's event stream"
            case let .differentSpecs(first, other, ran):
                "\(other) ran \(ran.other), \(first) ran \(ran.first): shards of one run share their spec"
            case let .shards(gap): gap.description
            }
        }
    }

    /// The merged stream of `streams` (each a shard's events, named for messages). With `specOrder`
    /// (the spec's test cases in its order, when the caller has the spec the shards ran), the plan,
    /// and so each requirement, follows the spec as a whole run's would; without it, the shards'
    /// plans follow one another.
    public static func merge(_ streams: [(name: String, events: [Event])], specOrder: [TestCaseID]? = nil) throws(MergeError) -> [Event] {
        var contexts: [RunContext] = []
        for stream in streams {
            guard
                let context = stream.events.lazy.compactMap({ event -> RunContext? in
                    if case let .runStarted(context, _) = event.kind { return context }
                    return nil
                }).first
            else { throw .notARun(stream.name) }
            if let first = contexts.first, (first.specID, first.specVersion, first.specSHA256) != (context.specID, context.specVersion, context.specSHA256) {
                // Only the bytes differ: the SHA-256 tells them apart.
                let onlyBytes = (first.specID, first.specVersion) == (context.specID, context.specVersion)
                func ran(_ spec: RunContext) -> String {
                    "\(spec.specID) \(spec.specVersion)" + (onlyBytes ? " (SHA-256 \(spec.specSHA256.prefix(12))…)" : "")
                }
                throw .differentSpecs(streams[0].name, stream.name, ran: (ran(first), ran(context)))
            }
            contexts.append(context)
        }
        do { try ShardCoverage.check(zip(streams, contexts).map { ($0.name, $1.shard) }) } catch { throw .shards(error) }
        if contexts.first?.kind == .explore { return mergeExplorations(streams, contexts: contexts) }
        guard var context = contexts.first else { return [] }
        context.shard = nil
        context.mergedShards = streams.count
        context.adapter = contexts.lazy.compactMap(\.adapter).first
        context.startDate = contexts.map(\.startDate).min() ?? context.startDate
        var plan: [PlannedTestCase] = []
        var byTestCase: [TestCaseID: [Event]] = [:]
        var results: [TestCaseID: TestCaseResult] = [:]
        var identified: [Event] = []
        var unavailable: [Event] = []
        var duration = 0.0
        var interrupted = false
        var lateCalls: [String] = []
        var ended: Date?
        for (stream, streamContext) in zip(streams, contexts) {
            for event in stream.events {
                switch event.kind {
                case let .runStarted(_, shardPlan):
                    plan += shardPlan
                case let .runEnded(summary):
                    duration = max(duration, summary.duration)
                    interrupted = interrupted || summary.interrupted
                    // Each shard's app made its own late calls: two alike are two calls, so none is
                    // dropped, and each says which shard's it is.
                    let shard = streamContext.shard.map { "\($0): " } ?? ""
                    lateCalls += summary.lateCalls.map { shard + $0 }
                    ended = max(ended ?? event.date, event.date)
                case .adapterIdentified:
                    if identified.isEmpty { identified.append(event) }
                case .adapterUnavailable:
                    if unavailable.isEmpty { unavailable.append(event) }
                case .requirementStarted, .requirementEnded:
                    // A requirement's test cases may be split across shards: its start and end are
                    // said again below, once, with its verdict over all of them.
                    break
                case let .testCaseStarted(id), let .stepPerformed(id, _, _), let .brokerCalled(id, _), let .observed(id, _, _, _), let .issueRecorded(id, _):
                    byTestCase[id, default: []].append(event)
                case let .testCaseEnded(result):
                    results[result.id] = result
                    byTestCase[result.id, default: []].append(event)
                }
            }
        }
        if let specOrder {
            let position = Dictionary(specOrder.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
            plan = plan.enumerated().sorted { (position[$0.element.id] ?? Int.max, $0.offset) < (position[$1.element.id] ?? Int.max, $1.offset) }.map(\.element)
        }
        // One requirement after another, in plan order, each test case's events together.
        var body: [Event] = identified + unavailable
        var done = Set<String>()
        var ordered: [TestCaseResult] = []
        for planned in plan where done.insert(planned.id.requirementID).inserted {
            let cases = plan.filter { $0.id.requirementID == planned.id.requirementID }
            let date = cases.lazy.compactMap { byTestCase[$0.id]?.first?.date }.first ?? context.startDate
            body.append(Event(.requirementStarted(planned.requirement), date: date))
            var finished: [TestCaseResult] = []
            for testCase in cases {
                body += byTestCase.removeValue(forKey: testCase.id) ?? []
                if let result = results[testCase.id] { finished.append(result) }
            }
            ordered += finished
            if finished.count == cases.count, let last = body.last {
                body.append(
                    Event(.requirementEnded(RequirementResult(requirement: planned.requirement, results: finished, gate: context.gate)), date: last.date))
            }
        }
        let start = Event(.runStarted(context, plan: plan), date: context.startDate)
        var summary = RunSummary(results: ordered, duration: duration, interrupted: interrupted)
        summary.lateCalls = lateCalls
        let end = Event(.runEnded(summary), date: ended ?? context.startDate)
        return [start] + body + [end]
    }

    /// The parts of one exploration (`explore --shard i/n`): every part judges every rule over its
    /// own histories, so the merged stream is not their sum but one part's, as the merged JUnit
    /// report is: the part whose violation came in the lowest-numbered history (the first part when
    /// none found one), its context whole, with the longest part's wall time.
    static func mergeExplorations(_ streams: [(name: String, events: [Event])], contexts: [RunContext]) -> [Event] {
        let chosen = contexts.indices.min { (contexts[$0].violatingHistory ?? Int.max, $0) < (contexts[$1].violatingHistory ?? Int.max, $1) }!
        let duration = streams.flatMap(\.events).compactMap { event -> Double? in if case let .runEnded(summary) = event.kind { summary.duration } else { nil }
        }
        .max()
        return streams[chosen].events.map { event in
            switch event.kind {
            case .runStarted(var context, let plan):
                context.shard = nil
                context.mergedShards = streams.count
                if let whole = RunContext.Exploration.joined(contexts.map(\.exploration)) {
                    context.exploration = whole
                    context.specTitle = whole.title
                }
                context.startDate = contexts.map(\.startDate).min() ?? context.startDate
                return Event(.runStarted(context, plan: plan), date: context.startDate)
            case .runEnded(var summary):
                summary.duration = duration ?? summary.duration
                return Event(.runEnded(summary), date: event.date)
            default: return event
            }
        }
    }
}
