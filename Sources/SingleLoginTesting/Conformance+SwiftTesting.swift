#if canImport(Testing)
import Testing

extension Conformance {
    /// Checks the requirement `requirementID` and records one issue for each scenario that did
    /// not pass, carrying the same evidence as the console: each failed check with its step and
    /// spec location, expected against observed as a -/+ diff, and the broker transcript. Under
    /// `Gate.mustOnly` a SHOULD requirement's failures are warnings: the test passes. A requirement
    /// none of whose scenarios ran (SL-INFLIGHT-1 for an adapter without `concurrentCalls`) ends
    /// its test as skipped, with the reason (`Test.cancel`, Swift 6.3), never as passed; before
    /// Swift 6.3 the reason is printed.
    ///
    /// A generated test per requirement calls it:
    ///
    ///     @Test func `SL-LOGOUT-1`() async { await conformance.expect("SL-LOGOUT-1") }
    @discardableResult
    public func expect(_ requirementID: String, sourceLocation: SourceLocation = #_sourceLocation) async -> RequirementCheck {
        let check = await check(requirementID)
        for report in reports(for: check) {
            #if compiler(>=6.3)
            Issue.record(Comment(rawValue: report.text), severity: report.isWarning ? .warning : .error, sourceLocation: sourceLocation)
            #else
            // Swift Testing before 6.3 has no warning severity: a warning is printed, and the test passes.
            if report.isWarning {
                print("\(sourceLocation): warning: " + report.text)
            } else {
                Issue.record(Comment(rawValue: report.text), sourceLocation: sourceLocation)
            }
            #endif
        }
        if let part = Self.partText(check) {
            #if compiler(>=6.3)
            Issue.record(Comment(rawValue: part), severity: .warning, sourceLocation: sourceLocation)
            #else
            print("\(sourceLocation): warning: " + part)
            #endif
        }
        if let skipped = Self.skipText(check) {
            #if compiler(>=6.3)
            // Cancelling outside a test would record an issue: only a test is ended this way.
            if Test.current != nil { _ = try? Test.cancel(Comment(rawValue: skipped), sourceLocation: sourceLocation) }
            #else
            print("\(sourceLocation): note: \(skipped); nothing was verified")
            #endif
        }
        return check
    }

    /// Records an issue when the generated tests no longer test exactly the spec's requirements
    /// (the kit was updated with a changed spec), saying how to regenerate them.
    public func expectGeneratedTests(_ requirementIDs: [String], regenerate command: String, sourceLocation: SourceLocation = #_sourceLocation) {
        if let problem = generatedTestsProblem(requirementIDs, regenerate: command) {
            Issue.record(Comment(rawValue: problem), sourceLocation: sourceLocation)
        }
    }
}
#endif
