import SingleLoginEvents

/// A call a concurrent adapter's app made under a request of a test case that had already ended
/// (protocol 1.6, `concurrentCalls`): the harness answers it with an error and keeps it, so that
/// the runner can make it a finding of that test case, never of another.
public struct LateCall: Sendable, Hashable {
    /// The method the app called (`msal.acquireTokenSilent`).
    public var method: String
    /// The harness request it names in `params.underRequest`.
    public var underRequest: Int
    /// That request, as messages name it (`event refresh`, `settle`); nil when the harness does not know it.
    public var request: String?
    /// The step of the ended test case that request belonged to (nil: its reset, or not known).
    public var step: Int?
    /// Whether it came while the ended test case's window was open: before the next test case's
    /// `reset` (or the adapter's `shutdown`) was answered. Outside it no test case's result is
    /// open any more, and the call is a warning of the run.
    public var inWindow: Bool
    /// The test case that request was sent in (nil when the harness does not know the request).
    public var testCase: TestCaseID?

    /// A late call of `method` under request `underRequest`.
    public init(method: String, underRequest: Int, request: String?, step: Int?, inWindow: Bool, testCase: TestCaseID? = nil) {
        self.method = method
        self.underRequest = underRequest
        self.request = request
        self.step = step
        self.inWindow = inWindow
        self.testCase = testCase
    }

    /// `'msal.acquireTokenSilent', made under request 7 ('event refresh', step 3)`.
    public var description: String {
        let place = [request.map { "'\($0)'" }, step.map { "step \($0 + 1)" } ?? (request == "reset" ? "reset" : nil)].compactMap { $0 }
        return "'\(method)', made under request \(underRequest)" + (place.isEmpty ? "" : " (" + place.joined(separator: ", ") + ")")
    }
}
