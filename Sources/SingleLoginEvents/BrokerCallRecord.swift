import SingleLoginAdapter
import SingleLoginSpec

/// One call the app made, as the harness's broker or backend answered it: typed values from end to
/// end; ``line`` and its parts render them for people.
public struct BrokerCallRecord: Sendable, Hashable {
    /// Its position in the test case's transcript, from 1.
    public var sequence: Int
    /// The step during which it was made (0-based), or nil during reset.
    public var stepIndex: Int?
    /// The call, with its parameters.
    public var call: BrokerCall
    /// The answer: what the call returned, or its error.
    public var answer: BrokerCallAnswer
    /// The broker's remarks on how it answered (`no broadcast`, `dismissed: nobody at the device
    /// completes the sheet`), for people; no judge reads them.
    public var notes: [String]
    /// Whether it was made while the step's own event was delivered, or the broadcasts the step caused.
    public var phase: CallPhase
    /// For a late call, made after its step's event was answered (a held answer let the app's task
    /// go on): the later moment the broker answered it in, whose state the answer reflects. nil for
    /// every other call, which is answered in the step and part it belongs to.
    public var answeredLater: CallMoment?
    /// Whether the harness held its answer (`holdNext`) until a `release` step: the broker answered
    /// it as things stood when the app asked, and the app got the answer at the release. For
    /// people; no judge reads it.
    public var held: Bool

    /// Creates a record.
    public init(
        sequence: Int, stepIndex: Int?, call: BrokerCall, answer: BrokerCallAnswer, notes: [String] = [], phase: CallPhase = .step,
        answeredLater: CallMoment? = nil, held: Bool = false
    ) {
        self.sequence = sequence
        self.stepIndex = stepIndex
        self.call = call
        self.answer = answer
        self.notes = notes
        self.phase = phase
        self.answeredLater = answeredLater
        self.held = held
    }

    /// The step and part it belongs to (was made under).
    public var madeIn: CallMoment { CallMoment(stepIndex: stepIndex, phase: phase) }

    /// The moment it was answered in: its own step and part, or the later one of a late call.
    public var answeredIn: CallMoment { answeredLater ?? madeIn }

    /// The method.
    public var method: BrokerMethod { call.method }

    /// The scopes asked for, for token calls (interactive: with the extra scopes to consent).
    public var scopes: [String] { call.scopes }

    /// Whether the answer was an error.
    public var failed: Bool { error != nil }

    /// The error of a failed call; nil for a call that returned.
    public var error: BrokerCallError? {
        if case .error(let error) = answer { return error }
        return nil
    }
}
