import SingleLoginAdapter
import SingleLoginEvents
import SingleLoginTransport

/// One job's window for its app's late calls (protocol 1.6, `concurrentCalls`): a call made under
/// a request of a test case that has ended is a finding of that test case, whose result therefore
/// stays open until the next test case's `reset` has been answered on the same adapter (or the
/// adapter's `shutdown`, or its end). A call that comes later changes no verdict: it is a warning
/// of the run. No clock decides either: only the order of the lines the adapter wrote.
///
/// The window owns the one test case of its job whose result waits, and releases it, charged,
/// when the window closes.
struct LateCallWindow {
    /// What one test case's run did to the windows.
    struct Change: Sendable {
        /// The window of the test case before it closed: its reset was sent (answered, or the adapter was ended), or the adapter was ended.
        var closesPrevious: Bool
        /// Its own window opened: it ended on a live adapter whose app's calls name their request.
        var opensOwn: Bool
    }

    /// The warnings of every job of a run.
    final class Warnings: Sendable {
        private let found = Locked<[String]>([])
        func add(_ strays: [LateCall]) { found.withLock { $0 += strays.map(\.warning) } }
        var all: [String] { found.withLock { $0 } }
    }

    /// Whom the calls in the open window are charged to when it closes.
    private enum Owner {
        /// Nobody: they are warnings of the run.
        case nobody
        /// A test case whose result waits, at `index` in the plan, with its events (its
        /// `testCaseEnded` is added when the window closes).
        case waiting(index: Int, events: [Event], result: TestCaseResult)
        /// An earlier attempt of the test case now running (`--retry`): it carries them.
        case earlierAttempt
    }

    private let release: OrderedRelease
    /// With fail-fast, the run's queue: a test case its late calls fail stops the run.
    private let stopping: WorkQueue?
    private var owner = Owner.nobody
    /// Late calls in the window now open, not yet charged.
    private var found: [LateCall] = []
    /// Calls that came when no window was open: warnings of the run.
    private var strays: [LateCall] = []

    /// A window for one job, releasing its test cases' results through `release`.
    init(release: OrderedRelease, stopping: WorkQueue?) {
        self.release = release
        self.stopping = stopping
    }

    /// An attempt of a test case ran (`change` says what its reset did): takes the provider's late
    /// calls and, when the attempt's reset closed the window before it, charges them. Returns the
    /// findings for the earlier attempt of the same test case when that attempt owned the window.
    mutating func attemptEnded(_ change: Change, provider: any AdapterProvider) async -> [Issue] {
        await collect(from: provider)
        guard change.closesPrevious else { return [] }
        defer { owner = .nobody }
        switch owner {
        case .nobody:
            strays += found
            found = []
            return []
        case .earlierAttempt:
            defer { found = [] }
            return found.map(\.finding)
        case let .waiting(index, events, result):
            await complete(index, events: events, result: result, stopping: stopping)
            return []
        }
    }

    /// The attempt that just ran fails and runs again; when its window opened, that attempt owns it.
    mutating func retrying(opened: Bool) {
        if opened { owner = .earlierAttempt }
    }

    /// The test case at `index` ended with `result` and `events`: released now, or, when its window
    /// opened, held until the window closes.
    mutating func caseEnded(_ index: Int, events: [Event], result: TestCaseResult, opensWindow: Bool) async {
        if opensWindow {
            owner = .waiting(index: index, events: events, result: result)
            return
        }
        if case .earlierAttempt = owner { owner = .nobody }
        await release.complete(index, events: events + [Event(.testCaseEnded(result))], result: result)
    }

    /// The job is done and its adapter closed: the last window closes with the adapter's shutdown.
    /// Returns the calls that came outside every window, the job's warnings.
    mutating func jobEnded(provider: any AdapterProvider) async -> [LateCall] {
        await collect(from: provider)
        if case let .waiting(index, events, result) = owner {
            await complete(index, events: events, result: result, stopping: nil)
        } else {
            strays += found
        }
        owner = .nobody
        found = []
        return strays
    }

    /// Takes the provider's late calls: those in the open window wait to be charged, the others are warnings of the run.
    private mutating func collect(from provider: any AdapterProvider) async {
        for call in await provider.takeLateCalls() {
            if call.inWindow { found.append(call) } else { strays.append(call) }
        }
    }

    /// Releases the waiting test case with the window's late calls recorded as findings; a test
    /// case they fail stops the run when `queue` is given (fail-fast).
    private mutating func complete(_ index: Int, events: [Event], result: TestCaseResult, stopping queue: WorkQueue?) async {
        let findings = found.map(\.finding)
        found = []
        let charged = result.charging(findings)
        // A case that already failed or errored stopped the run when it ended; the first reason stays.
        queue?.stop(after: charged)
        let all = events + findings.map { Event(.issueRecorded(charged.id, $0)) } + [Event(.testCaseEnded(charged))]
        await release.complete(index, events: all, result: charged)
    }
}

extension LateCall {
    /// The finding of the test case the call was made in.
    var finding: Issue {
        Issue(
            severity: .failure, kind: .appLateCall,
            message:
                "the app's call \(description), arrived after the test case ended: the app's task outlived the case; cancel it or discard its result at reset",
            stepIndex: step,
            expected:
                "every task the app started in the test case has finished when the adapter answers its last request (settle), and reset ends whatever is left",
            observed:
                "the app called '\(method)' with underRequest \(underRequest) after the test case's last answer, before the next reset (or shutdown) was answered; the harness refused it (-32600)"
        )
    }

    /// The run's warning about a call that came after its test case's result was final.
    var warning: String {
        "the app's call \(description)\(testCase.map { " in \($0)" } ?? ""), arrived after its test case's result was final (the next test case's reset had been answered, or the adapter had ended): it was refused (-32600) and changes no verdict; the app's task outlived its test case and the reset after it"
    }
}

extension TestCaseResult {
    /// This result with `findings` (late calls of its app) recorded, its outcome decided again by
    /// the one rule (``TestCaseResult/Outcome/init(issues:blocker:)``): a case that passed, or was
    /// not judged, fails. A case that was not played, or is waived, keeps its outcome.
    func charging(_ findings: [Issue]) -> TestCaseResult {
        guard !findings.isEmpty else { return self }
        var charged = self
        charged.issues += findings
        switch outcome {
        case .passed, .failed: charged.outcome = Outcome(issues: charged.issues, blocker: nil)
        case .notJudged(let blocker): charged.outcome = Outcome(issues: charged.issues, blocker: blocker)
        case .errored, .waived, .skipped, .untested, .notRun, .doesNotApply, .notJudgedOnDevice: break
        }
        return charged
    }
}
