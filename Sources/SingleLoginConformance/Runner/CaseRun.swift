import SingleLoginAdapter
import SingleLoginEvents
import SingleLoginSpec

/// One test case while it runs: its broker, what it has recorded so far, and the app as the last
/// step left it. Every event of the test case goes out through it, so that what it records and
/// what its handler saw never differ. Lives in one task, for one test case.
final class CaseRun {
    let planned: PlannedTestCase
    let scenario: Scenario
    let broker: SimulatedBroker
    let users: [String: SimulatedUser]
    private let handler: (Event) -> Void
    /// The issues recorded so far, in order.
    private(set) var issues: [Issue] = []
    /// The broker's calls that have gone out as `brokerCalled` events, in order: the result's
    /// transcript is exactly these, so that what the reports show is what a transcript re-judges.
    private(set) var emittedCalls: [BrokerCallRecord] = []
    /// The adapter's stderr of this test case: taken at a crash or a hang (the stack trace is in
    /// it), and at the end; from the end of the previous test case on, never before it.
    var adapterLog = ""
    /// Whether the provider handed over a ready adapter (its log is then this test case's own).
    var adapterReady = false

    /// The app's lifecycle state as the delivered events left it.
    var state = AppLifecycle.notRunning
    /// What the adapter reported last; ``observation`` is it with the container's items beside.
    var reported = Observation(running: false, signedInAccount: nil, screen: [], storage: [])
    /// What the last step observed.
    var observation = Observation(running: false, signedInAccount: nil, screen: [], storage: [])
    /// The checks, reading the broker's facts as the last step left them.
    var evaluator: ExpectationEvaluator
    /// Events an in-process app still handles, each waiting for a held answer (``EventInFlight``).
    var eventsInFlight: [EventInFlight] = []
    /// The `byRelease` preconditions a step did not meet, made again at the next release.
    var awaitingRelease = PreconditionsAwaitingRelease()
    /// When the scenario timeout ends the test case, counted from the moment the adapter was ready:
    /// an in-process wait ends there if its step timeout would end later.
    var scenarioEnds: ContinuousClock.Instant?

    var id: TestCaseID { planned.id }

    /// Whether the adapter was sent this test case's `reset`: the app of the test case before is then reset, answered or not.
    var resetSent = false
    /// Whether the app's calls can come after the test case ended: over a wire, from an adapter that
    /// declared `concurrentCalls`, whose calls name the request they were made under.
    var callsComeLate = false
    /// The device surfaces the adapter declared at the reset, for a ``StepJudge``.
    var surfaces: DeclaredSurfaces?
    /// Whether the adapter was ended during this test case (a crash, a hang, a broken protocol).
    var adapterEnded = false

    /// What this test case did to the late-call windows: the one before it closes at its reset (or
    /// when the adapter ended); its own opens when it ends on a live adapter whose app's calls name their request.
    var lateWindowChange: LateCallWindow.Change {
        LateCallWindow.Change(closesPrevious: resetSent || adapterEnded, opensOwn: resetSent && callsComeLate && !adapterEnded)
    }

    /// A run of `planned` on a fresh broker of `spec` in `scenario`'s starting state; its events go to `handler`.
    init(_ planned: PlannedTestCase, _ scenario: Scenario, spec: Spec, handler: @escaping (Event) -> Void) async {
        self.planned = planned
        self.scenario = scenario
        self.handler = handler
        broker = SimulatedBroker(spec: spec, given: scenario.given, scenarioKey: planned.id.description)
        users = SimulatedUser.all(of: spec)
        evaluator = ExpectationEvaluator(users: users, facts: await broker.facts())
    }

    /// Sends `event` to the handler.
    func emit(_ event: Event) { handler(event) }

    /// Records `found`, each as an `issueRecorded` event.
    func record(_ found: [Issue]) {
        for issue in found { handler(Event(.issueRecorded(id, issue))) }
        issues += found
    }

    /// Why the test case does not apply to the app, once the handshake declared that it has none
    /// of the surfaces the scenario is about: its steps are then not run.
    var notApplicable: TestCaseResult.Outcome?

    /// What kept the test case from being judged: the precondition that failed, once ``block(_:_:)`` recorded it.
    private(set) var blocker: Blocker?

    /// Records `issue`, the failed precondition, and `blocker`, the requirement that owns it: the
    /// test case is not judged (unless a failure or an error recorded before decides it).
    func block(_ issue: Issue, _ blocker: Blocker) {
        record([issue])
        self.blocker = self.blocker ?? blocker
    }

    /// Emits the calls not yet emitted, and returns the facts as they stood after the last of them.
    @discardableResult
    func emitNewCalls() async -> BrokerFacts {
        let (transcript, facts) = await broker.callsAndFacts()
        for call in transcript.dropFirst(emittedCalls.count) { handler(Event(.brokerCalled(id, call))) }
        emittedCalls = transcript
        return facts
    }
}
