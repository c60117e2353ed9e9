import SingleLoginAdapter
import SingleLoginSpec

/// One call the app made, as the harness's broker or backend answered it.
public struct BrokerCallRecord: Sendable, Hashable {
    /// Its position in the test case's transcript, from 1.
    public var sequence: Int
    /// The step during which it was made (0-based), or nil during reset.
    public var stepIndex: Int?
    /// The method.
    public var method: BrokerMethod
    /// The parameters, as compact text.
    public var parameters: String
    /// The answer, as compact text: a result summary or the error.
    public var answer: String
    /// Whether the answer was an error.
    public var failed: Bool
    /// The error of a failed call, as the broker or backend raised it; nil for a call that
    /// succeeded, and for a record read back from a report, which keeps the error as text only
    /// (``answer``).
    public var error: BrokerCallError?
    /// The scopes asked for, for token calls (interactive: with the extra scopes to consent).
    public var scopes: [String]
    /// Whether it was made while the step's own event was delivered, or the broadcasts the step caused.
    public var phase: CallPhase

    /// Creates a record.
    public init(
        sequence: Int, stepIndex: Int?, method: BrokerMethod, parameters: String, answer: String, failed: Bool, scopes: [String] = [], phase: CallPhase = .step,
        error: BrokerCallError? = nil
    ) {
        self.error = error
        self.scopes = scopes
        self.phase = phase
        self.sequence = sequence
        self.stepIndex = stepIndex
        self.method = method
        self.parameters = parameters
        self.answer = answer
        self.failed = failed
    }

    /// `#3 acquireToken(scopes: User.Read) -> MSALErrorDomain -50005`, marked `(broadcast)` when a broadcast caused it.
    public var line: String {
        "#\(sequence) \(method.rawValue)(\(parameters)) -> \(answer)" + (phase == .broadcasts ? " (broadcast)" : "")
    }
}
