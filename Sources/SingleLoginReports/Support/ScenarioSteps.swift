import SingleLoginEvents

/// A test case's steps as it performed them (from its `stepPerformed` events), put in words for
/// a failure's evidence in every report: the numbered steps with the step where an issue was found
/// marked, and the broker transcript with each call under the step that made it.
///
/// A reader of a report sees "1. launch, 2. globalSignOut alice" without `--verbose` or the spec.
/// Steps after the last one performed are not known from events, so they are not listed.
struct ScenarioSteps: Sendable {
    /// Step descriptions by 0-based step index.
    var descriptions: [Int: String]

    /// A line of an outline, `depth` levels in (each renderer indents and escapes in its own way).
    struct Line: Equatable, Sendable {
        /// How far in: 0 for a step, 1 for a call under its step.
        var depth: Int
        /// The text, not yet cleaned or escaped.
        var text: String
    }

    /// Whether any step was performed (without one there is nothing to number).
    var isEmpty: Bool { descriptions.isEmpty }

    /// `reset  <- failed here` when the reset found the data container not empty, `1. launch`,
    /// `2. globalSignOut alice  <- failed here`, then `final checks  <- failed here` when a failure
    /// was found by the scenario's final checks; an error's step reads `<- error here`.
    func numbered(marking issues: [Issue]) -> [Line] {
        let atReset = issues.filter(\.isFromReset)
        var lines = atReset.isEmpty ? [] : [Line(depth: 0, text: "reset" + Self.mark(atReset))]
        lines += descriptions.keys.sorted().map { index in
            Line(depth: 0, text: "\(index + 1). \(descriptions[index] ?? "")" + Self.mark(issues.filter { $0.stepIndex == index }))
        }
        let finalChecks = issues.filter(\.isFromFinalChecks)
        if !finalChecks.isEmpty { lines.append(Line(depth: 0, text: "final checks" + Self.mark(finalChecks))) }
        return lines
    }

    /// The ``numbered(marking:)`` outline as a block of text: `heading`, each line as `line` writes
    /// it (indented, cleaned or escaped as the report wants) with its newline, then `footer`;
    /// empty when no step was performed.
    func numberedBlock(marking issues: [Issue], heading: String, footer: String = "", line: (String) -> String) -> String {
        guard !isEmpty else { return "" }
        return heading + numbered(marking: issues).map { line($0.text) + "\n" }.joined() + footer
    }

    /// The calls under the step that made them: `reset` first when the reset made calls, then
    /// `step 2 tapSignIn` and its calls, `step 3 answerNext (no calls)`; without steps, the calls as they are.
    func transcript(_ calls: [BrokerCallRecord]) -> [Line] {
        guard !isEmpty else { return calls.map { Line(depth: 0, text: $0.line) } }
        var lines: [Line] = []
        let byStep = Dictionary(grouping: calls) { $0.stepIndex ?? -1 }
        if let reset = byStep[-1] {
            lines.append(Line(depth: 0, text: "reset"))
            lines += reset.map { Line(depth: 1, text: $0.line) }
        }
        for index in descriptions.keys.sorted() {
            let made = byStep[index] ?? []
            lines.append(Line(depth: 0, text: "step \(index + 1) \(descriptions[index] ?? "")" + (made.isEmpty ? " (no calls)" : "")))
            lines += made.map { Line(depth: 1, text: $0.line) }
        }
        // Calls of a step that sent no description (a result read back from elsewhere) still show.
        for index in byStep.keys.sorted() where index >= 0 && descriptions[index] == nil {
            lines.append(Line(depth: 0, text: "step \(index + 1)"))
            lines += (byStep[index] ?? []).map { Line(depth: 1, text: $0.line) }
        }
        return lines
    }

    /// `  <- failed here` for failures, `  <- error here` for errors only, nothing for no issue.
    private static func mark(_ issues: [Issue]) -> String {
        guard !issues.isEmpty else { return "" }
        return issues.contains { $0.severity == .failure } ? "  <- failed here" : "  <- error here"
    }
}
