import SingleLoginEvents

/// The order in which a run's stream gives a test case's events, as docs/reports.md states it
/// ("The order of a test case's events"), checked event by event:
///
///     testCaseStarted
///     issueRecorded*                                   what the reset found (a container not empty)
///     (stepPerformed(i) brokerCalled* observed issueRecorded(step i)*)*
///     [stepPerformed(i) brokerCalled* issueRecorded]   a step that ended the case without an observation
///     issueRecorded*                                   the scenario's own checks, late calls, a flaky case
///     testCaseEnded
///
/// A test case not selected or not reached (`skipped`, `notRun`) may be its `testCaseEnded` alone;
/// one that does not apply, or needs `concurrentCalls`, is `testCaseStarted` and `testCaseEnded`.
/// Steps come in order from 0; a test case's events are contiguous, whatever `--jobs` says; an
/// interrupted run's case may end in the middle of a step.
enum TestCaseEventOrder {
    /// The names of the kinds of `id`'s events in `events`, in order (`testCaseStarted`, `stepPerformed(0)`, ...).
    static func kinds(of id: TestCaseID, in events: [Event]) -> [String] {
        events.compactMap { event in token(of: event).flatMap { $0.0 == id ? $0.1 : nil } }
    }

    /// Where a test case's events have got to.
    private enum Phase: Equatable {
        /// After `testCaseStarted`, before the first step.
        case reset
        /// After `stepPerformed` (and any calls), before its observation.
        case stepping(Int)
        /// After step `index`'s observation, while its own issues may follow.
        case observed(Int)
        /// After an issue that is no step's own: only issues and the end follow.
        case ending
        /// After `testCaseEnded`.
        case ended
    }

    /// Every departure from the order in `events` (empty when there is none), one sentence each.
    static func violations(in events: [Event]) -> [String] {
        var phases: [TestCaseID: Phase] = [:]
        var current: TestCaseID?
        var found: [String] = []
        for event in events {
            guard let (id, token) = token(of: event) else { continue }
            if id != current, let current, phases[current] != .ended {
                found.append("\(current): its events are interleaved with \(id)'s")
            }
            current = id
            guard let phase = phases[id] else {
                if case .testCaseEnded(let result) = event.kind, isNeverStarted(result.outcome) {
                    phases[id] = .ended
                } else {
                    if token != "testCaseStarted" { found.append("\(id): \(token) before testCaseStarted") }
                    phases[id] = .reset
                }
                continue
            }
            guard let next = advance(phase, event: event) else {
                found.append("\(id): \(token) after \(phase)")
                continue
            }
            phases[id] = next
        }
        for (id, phase) in phases where phase != .ended { found.append("\(id): no testCaseEnded (stopped \(phase))") }
        return found
    }

    /// The phase after `event`, or nil when `event` may not come in `phase`.
    private static func advance(_ phase: Phase, event: Event) -> Phase? {
        switch (phase, event.kind) {
        case (.reset, .stepPerformed(_, let index, _)): index == 0 ? .stepping(0) : nil
        case (.observed(let previous), .stepPerformed(_, let index, _)): index == previous + 1 ? .stepping(index) : nil
        case (.stepping(let index), .brokerCalled(_, let call)): (call.stepIndex ?? 0) <= index ? phase : nil
        case (.stepping(let index), .observed): .observed(index)
        case (.observed(let index), .issueRecorded(_, let issue)): issue.stepIndex == index ? phase : .ending
        case (.reset, .issueRecorded), (.stepping, .issueRecorded), (.ending, .issueRecorded): phase == .reset ? .reset : .ending
        case (.reset, .testCaseEnded), (.observed, .testCaseEnded), (.ending, .testCaseEnded): .ended
        // An interrupted run, or an app without concurrentCalls at a held answer, ends a case mid-step.
        case (.stepping, .testCaseEnded(let result)): endsMidStep(result.outcome) ? .ended : nil
        default: nil
        }
    }

    /// Whether a test case that ended so may end without having started: not selected (a
    /// selection, a shard), or not reached after an adapter that could not start.
    private static func isNeverStarted(_ outcome: TestCaseResult.Outcome) -> Bool {
        switch outcome {
        case .skipped, .notRun: true
        default: false
        }
    }

    /// Whether a test case that ended so may end in the middle of a step: one an interrupt stopped.
    private static func endsMidStep(_ outcome: TestCaseResult.Outcome) -> Bool {
        if case .notRun = outcome { true } else { false }
    }

    /// The test case an event belongs to and its kind's name, or nil for the run's own events.
    private static func token(of event: Event) -> (TestCaseID, String)? {
        switch event.kind {
        case .testCaseStarted(let id): (id, "testCaseStarted")
        case .stepPerformed(let id, let index, _): (id, "stepPerformed(\(index))")
        case .brokerCalled(let id, let call): (id, "brokerCalled(#\(call.sequence))")
        case .observed(let id, _, _, _): (id, "observed")
        case .issueRecorded(let id, let issue): (id, "issueRecorded(\(issue.kind))")
        case .testCaseEnded(let result): (result.id, "testCaseEnded")
        case .runStarted, .adapterIdentified, .requirementStarted, .requirementEnded, .adapterUnavailable, .runEnded: nil
        }
    }
}
