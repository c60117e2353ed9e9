import SingleLoginEvents

/// What a preflight run found: the same results and totals recorders saw.
public struct PreflightReport: Sendable {
    /// The run's context (`kind` is `preflight`).
    public var context: RunContext
    /// One result per check, in spec order.
    public var results: [TestCaseResult]
    /// The totals.
    public var summary: RunSummary

    /// The IDs of the checks that failed or errored, in spec order.
    public var unmetCheckIDs: [String] {
        results.filter { $0.outcome == .failed || $0.outcome == .errored }.map(\.id.requirementID)
    }

    /// The exit status the run implies under its context's gate.
    public var exitStatus: ExitStatus {
        ExitStatus(summary: summary, gate: context.gate)
    }
}
