import SingleLoginAdapter
import SingleLoginEvents
import SingleLoginTransport

/// One job's window for its app's late calls (protocol 1.6, `concurrentCalls`): a call made under
/// a request of a test case that has ended is a finding of that test case, whose result therefore
/// stays open until the next test case's `reset` has been answered on the same adapter (or the
/// adapter's `shutdown`, or its end). A call that comes later changes no verdict: it is a warning
/// of the run. No clock decides either: only the order of the lines the adapter wrote.
struct LateCallWindow {
    /// What one test case's run did to the windows.
    struct Change: Sendable {
        /// The window of the test case before it closed: its reset was sent (answered, or the adapter was ended), or the adapter was ended.
        var closesPrevious: Bool
        /// Its own window opened: it ended on a live adapter whose app's calls name their request.
        var opensOwn: Bool
    }

    /// A test case whose result waits for its window to close, with its events (its
    /// `testCaseEnded` is added when the window closes).
    struct HeldCase {
        var index: Int
        var events: [Event]
        var result: TestCaseResult
    }

    /// The warnings of every job of a run.
    final class Warnings: Sendable {
        private let found = Locked<[String]>([])
        func add(_ strays: [LateCall]) { found.withLock { $0 += strays.map(\.warning) } }
        var all: [String] { found.withLock { $0 } }
    }

    /// Late calls in the window now open, not yet charged.
    private var found: [LateCall] = []
    /// Calls that came when no window was open: warnings of the run.
    private(set) var strays: [LateCall] = []

    /// Takes the provider's late calls: those in the open window wait to be charged, the others are warnings of the run.
    mutating func collect(from provider: any AdapterProvider) async {
        for call in await provider.takeLateCalls() {
            if call.inWindow { found.append(call) } else { strays.append(call) }
        }
    }

    /// The window closed: the calls to charge to its test case. With no test case to charge
    /// (`charged` false) they are warnings of the run.
    mutating func close(charged: Bool = true) -> [LateCall] {
        defer { found = [] }
        guard charged else {
            strays += found
            return []
        }
        return found
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
        "the app's call \(description), arrived after its test case's result was final (the next test case's reset had been answered, or the adapter had ended): it was refused (-32600) and changes no verdict; the app's task outlived its test case and the reset after it"
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
        case .errored, .waived, .skipped, .notRun, .doesNotApply: break
        }
        return charged
    }
}
