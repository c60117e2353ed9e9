import SingleLoginEvents
import SingleLoginSpec

/// A step marked `startingPoint` whose checks failed: the scenario never reached the state its
/// requirement is about, so the test case fails once, naming the requirement that covers the step.
enum StartingPoint {
    /// One failure that says so, with the failed checks as its evidence.
    static func unmet(_ covering: String, failed: [Issue], step index: Int, description: String, location: SourceLocation?) -> Issue {
        let first = failed[0].message
        let more = failed.count > 1 ? " (and \(failed.count - 1) more)" : ""
        let evidence = failed.map { issue in
            ([issue.message] + (issue.observed.isEmpty ? [] : issue.observed.split(separator: "\n").map { "  " + $0 })).joined(separator: "\n")
        }
        return Issue(
            severity: failed.contains { $0.severity == .error } ? .error : .failure, kind: .preconditionUnmet,
            message: "could not reach its starting point at step \(index + 1) '\(description)': \(first)\(more) (\(covering) covers this); fix that first",
            stepIndex: index, expected: failed.map(\.expected).filter { !$0.isEmpty }.joined(separator: "\n"),
            observed: evidence.joined(separator: "\n"), location: location)
    }
}
