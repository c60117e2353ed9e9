import Foundation
import SingleLoginEvents
import SingleLoginSpec

/// Runs the backend profile: starts the loopback test tenant, starts the vendor's backend
/// command (several processes, so the quick cases run while the rotation case waits), sends
/// every case's tokens, and reports through the same events as `run`.
///
/// Processes: one *shared* process runs the quick cases in spec order (restarted when it dies
/// or hangs); BE-DECOY-1 and BE-ROTATE-1 get a process each, with a tenant view of their own.
/// The shared process is started first; the other two start once it is healthy (so a backend
/// that cannot start gives one clear error, not three). The plan lists the cases in spec order
/// except that the decoy and rotation cases come last, so reports flow while the rotation waits.
public struct BackendProfile: Sendable {
    /// How to run.
    public struct Options: Sendable {
        /// The backend command, run with `/bin/sh -c`.
        public var command: String
        /// Single or multi-tenant.
        public var mode: TenantMode
        /// Where and how tokens are posted.
        public var shape: SessionRequestShape
        /// The health path.
        public var healthPath: String
        /// How long a backend process has to answer `GET /health` with 200.
        public var healthTimeout: Duration
        /// How long each request may take (a case's `timeLimit` overrides it).
        public var requestTimeout: Duration
        /// How long after the backend's last JWKS fetch the rotated token is sent.
        public var rotationWait: Duration
        /// Case IDs or tags to run (empty: all).
        public var only: [String]
        /// Case IDs or tags to skip.
        public var skip: [String]
        /// Which failures fail the run.
        public var gate: Gate
        /// Where the spec came from (`embedded` or its path), for the run's context.
        public var specOrigin: String?

        /// Options with the profile's contractual defaults: `/session`, `id_token`, `/health`, 20 s, 10 s, 35 s.
        public init(
            command: String, mode: TenantMode, shape: SessionRequestShape = SessionRequestShape(), healthPath: String = "/health",
            healthTimeout: Duration = .seconds(20), requestTimeout: Duration = .seconds(10), rotationWait: Duration = .seconds(35),
            only: [String] = [], skip: [String] = [], gate: Gate = .mustAndShould, specOrigin: String? = nil
        ) {
            self.command = command
            self.mode = mode
            self.shape = shape
            self.healthPath = healthPath
            self.healthTimeout = healthTimeout
            self.requestTimeout = requestTimeout
            self.rotationWait = rotationWait
            self.only = only
            self.skip = skip
            self.gate = gate
            self.specOrigin = specOrigin
        }
    }

    /// The spec.
    public let spec: BackendSpec
    /// The options.
    public let options: Options

    /// Creates a profile run.
    public init(spec: BackendSpec, options: Options) {
        self.spec = spec
        self.options = options
    }

    /// The scenario name every case carries in this mode: `single-tenant backend` or `multi-tenant backend`.
    public var scenarioName: String { "\(options.mode.rawValue)-tenant backend" }

    /// The names in `only` and `skip` that are no case ID or tag.
    public func unknownNames() -> [String] {
        let known = Set(spec.cases.flatMap { [$0.id] + $0.tags })
        return (options.only + options.skip).filter { !known.contains($0) }
    }

    /// The plan: every case, in spec order with the decoy and rotation cases last, and why one is skipped.
    public func plan() -> [(planned: PlannedTestCase, backendCase: BackendCase)] {
        let order: [BackendProcessRole: Int] = [.shared: 0, .decoy: 1, .rotation: 2]
        let sorted = spec.cases.enumerated().sorted { (order[$0.element.probe.process]!, $0.offset) < (order[$1.element.probe.process]!, $1.offset) }.map(
            \.element)
        return sorted.map { backendCase in
            let names = Set([backendCase.id] + backendCase.tags)
            var reason: String?
            if !backendCase.modes.contains(options.mode) {
                reason = "does not apply to a \(options.mode.rawValue)-tenant backend"
            } else if !options.only.isEmpty, names.isDisjoint(with: options.only) {
                reason = "not selected (only: \(options.only.joined(separator: ", ")))"
            } else if let skipped = options.skip.first(where: names.contains) {
                reason = "skipped (skip: \(skipped))"
            }
            let planned = PlannedTestCase(
                id: TestCaseID(requirementID: backendCase.id, scenarioName: scenarioName), requirement: backendCase.summary, skipReason: reason)
            return (planned, backendCase)
        }
    }

    /// Runs the plan, sending every event to `handler` in plan order, and returns the totals.
    ///
    /// Cancelling the task (Ctrl-C) ends every backend process; cases in flight and after are
    /// reported as not run, and `runEnded` is still emitted. No backend process outlives this call.
    @discardableResult
    public func run(handler: @escaping @Sendable (Event) -> Void) async -> RunSummary {
        let clock = ContinuousClock()
        let started = clock.now
        let entries = plan()
        let context = RunContext(
            kind: .backend, specID: spec.id, specVersion: spec.version, specTitle: spec.title, specSHA256: spec.sha256Hex,
            harnessVersion: HarnessVersion.current, adapter: nil, hostname: RunContext.localHostName, startDate: Date(), gate: options.gate,
            specOrigin: options.specOrigin, subject: .backend(command: options.command, mode: options.mode.rawValue))
        handler(Event(.runStarted(context, plan: entries.map(\.planned))))
        let release = OrderedRelease(plan: entries.map(\.planned), gate: options.gate, handler: handler)
        for (index, entry) in entries.enumerated() {
            if let reason = entry.planned.skipReason {
                // A case of another tenant mode does not apply (nothing is left unverified); one left out by --only or --skip is skipped.
                let outcome: TestCaseResult.Outcome = entry.backendCase.modes.contains(options.mode) ? .skipped(reason: reason) : .doesNotApply(reason: reason)
                let result = TestCaseResult(id: entry.planned.id, requirement: entry.planned.requirement, outcome: outcome, duration: 0)
                await release.complete(index, events: [Event(.testCaseEnded(result))], result: result)
            }
        }
        let runnable = entries.indices.filter { entries[$0].planned.skipReason == nil }
        let identity = TenantIdentity(mode: options.mode)
        do {
            let tenant = try TestTenant(identity: identity)
            let session = ProfileSession(options: options, tenant: tenant, entries: entries, release: release)
            await session.runAll(runnable)
            await OffPool.run("tenant-stop") { tenant.stop() }
        } catch {
            let issue = Issue(severity: .error, kind: .harnessTenant, message: "the test tenant could not start on 127.0.0.1: \(error)")
            for index in runnable {
                await CaseRecorder(release: release, entries: entries).complete(index, outcome: .errored, issues: [issue], duration: .zero, log: "")
            }
        }
        let summary = RunSummary(results: await release.results(), duration: (clock.now - started).inSeconds, interrupted: Task.isCancelled)
        handler(Event(.runEnded(summary)))
        return summary
    }
}
