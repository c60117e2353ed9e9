import SingleLoginAdapter
import SingleLoginEvents
import SingleLoginSpec

/// Plays a test case's recorded broker calls again against a fresh ``SimulatedBroker``, in the
/// scenario's starting state, with each harness step applied where the transcript says it began,
/// and compares every answer and every step's broker facts with the recorded ones.
///
/// The broker is deterministic: the same scenario, the same calls in the same order and the same
/// steps give the same answers, byte for byte (tokens, markers and correlation ids are derived from
/// the test case's ID). So an answer edited in a transcript, even consistently in every file,
/// differs from the one the broker gives, and a call's parameters can only be changed into ones
/// whose answer the broker gives too.
public struct BrokerReplay: Sendable {
    private let spec: Spec

    /// A replay of `spec`'s scenarios.
    public init(spec: Spec) {
        self.spec = spec
    }

    /// What differs between the recorded calls and facts of `events` (one test case's, in order) and
    /// the broker's answers when they are replayed: the first difference (later answers follow from
    /// it), or nothing when every one agrees.
    /// `configuration` is the app's MSAL configuration, as its adapter declared it.
    public func differences(_ id: TestCaseID, scenario: Scenario, configuration: MSALConfiguration, events: [Event]) async -> [String] {
        let broker = SimulatedBroker(spec: spec, given: scenario.given, scenarioKey: id.description)
        await broker.configure(configuration)
        await broker.beginStep(nil)
        // Calls are emitted when the step's observation is, so a call the app made after one step's
        // observation and before the next step began comes after that step's event in the stream.
        // Each call is replayed where its step index puts it: before the next step begins.
        let recorded = events.compactMap { event -> BrokerCallRecord? in
            if case let .brokerCalled(_, call) = event.kind { return call }
            return nil
        }
        var replayed = 0
        var emitted = 0
        var inBroadcasts = false
        // The app's lifecycle as the scenario's steps drive it: the runner delivers broadcasts only
        // to an app in the foreground.
        var lifecycle = AppLifecycle.notRunning
        var stepped = false
        /// Replays the calls up to `count` (or those made before step `step` began); the first difference found, if any.
        func replay(upTo count: Int? = nil, before step: Int? = nil) async -> String? {
            while replayed < recorded.count, replayed < count ?? recorded.count {
                let call = recorded[replayed]
                // A late call is replayed where the broker answered it, under the step it belongs to.
                let answeredIn = call.answeredIn
                if let step, let made = answeredIn.stepIndex, made >= step { break }
                if answeredIn.phase == .broadcasts, !inBroadcasts {
                    guard lifecycle == .foreground else {
                        return
                            "call #\(call.sequence) \(call.method.rawValue) is recorded during \(call.madeIn), but the app is \(lifecycle) then, and broadcasts reach only an app in the foreground"
                    }
                    // The runner delivers broadcasts only when the broker has posted one in this step.
                    guard await broker.takePendingBroadcasts() > 0 else {
                        return "call #\(call.sequence) \(call.method.rawValue) is recorded during \(call.madeIn), but no broadcast was posted before it"
                    }
                    inBroadcasts = true
                    await broker.beginBroadcasts()
                }
                if call.answeredLater != nil {
                    await CallMoment.$current.withValue(call.madeIn) { await call.call.make(on: broker) }
                } else {
                    await call.call.make(on: broker)
                }
                replayed += 1
                guard let answered = await broker.transcript().last, answered.sequence == call.sequence else {
                    return "call #\(call.sequence) \(call.method.rawValue) is not call #\(call.sequence) of the replay"
                }
                // Later answers follow from this one: the first difference is the one to name.
                if let difference = Self.difference(recorded: call, replayed: answered) { return difference }
            }
            return nil
        }
        for event in events {
            switch event.kind {
            case let .stepPerformed(_, index, _):
                if let difference = await replay(before: index) { return [difference] }
                guard scenario.steps.indices.contains(index) else {
                    return ["step \(index + 1) is not a step of the scenario, which has \(scenario.steps.count)"]
                }
                // The runner delivered (or, to an app not in the foreground, dropped) every broadcast
                // the step before posted: none carries over (those of the reset wait for step 1's delivery).
                if stepped { _ = await broker.takePendingBroadcasts() }
                stepped = true
                await broker.beginStep(index, applying: scenario.steps[index].action)
                if case let .app(event) = scenario.steps[index].action { lifecycle = lifecycle.after(event) }
                inBroadcasts = false
            case .brokerCalled:
                emitted += 1
            case let .observed(_, _, recordedFacts?, _):
                // The facts were read with the calls emitted before them, at one moment.
                if let difference = await replay(upTo: emitted) { return [difference] }
                let facts = await broker.facts()
                if facts != recordedFacts {
                    return [
                        "the broker facts recorded after a step are not the broker's: recorded \(Self.describe(recordedFacts)), replayed \(Self.describe(facts))"
                    ]
                }
            default: break
            }
        }
        return await replay().map { [$0] } ?? []
    }

    /// How `recorded` differs from the broker's record of the same call (made with the recorded
    /// parameters), or nil when it does not. The values are compared; the message shows their text.
    static func difference(recorded: BrokerCallRecord, replayed: BrokerCallRecord) -> String? {
        let name = "call #\(recorded.sequence) \(recorded.method.rawValue)"
        if recorded.answer != replayed.answer || recorded.notes != replayed.notes {
            return "\(name) is answered '\(recorded.answerText.prefix(160))', but the broker answers '\(replayed.answerText.prefix(160))'"
        }
        if recorded.answeredIn != replayed.answeredIn {
            return "\(name) is recorded as answered during \(recorded.answeredIn), but it comes after \(replayed.answeredIn)'s start"
        }
        if recorded.madeIn != replayed.madeIn {
            return "\(name) is recorded during \(recorded.madeIn), but it comes after \(replayed.madeIn)'s start"
        }
        return nil
    }

    static func describe(_ facts: BrokerFacts) -> String {
        let sessions = facts.sessions.keys.sorted().map { "\($0): \(facts.sessions[$0]!.joined(separator: " "))" }.joined(separator: "; ")
        return "device [\(facts.deviceAccounts.joined(separator: ", "))], sessions {\(sessions)}, broker \(facts.brokerEnabled ? "enabled" : "not enabled")"
    }
}
