import SingleLoginAdapter
import SingleLoginEvents

extension JUnitReport {
    /// A report of one run: one suite for the spec, one case per requirement scenario, in the given order.
    ///
    /// - Parameters:
    ///   - results: The finished test cases.
    ///   - context: The run's context (spec, harness, adapter, host, start date).
    ///   - duration: The run's wall time; the sum of the cases' times when nil.
    ///   - steps: Step descriptions per test case, by 0-based step index, to name steps in evidence.
    ///   - maxBytesPerCase: The most bytes of evidence per case.
    public init(results: [TestCaseResult], context: RunContext, duration: Double? = nil, steps: [TestCaseID: [Int: String]] = [:], maxBytesPerCase: Int = 64 * 1024) {
        var names = CaseNamer(specID: context.specID)
        var cases: [Case] = []
        cases.reserveCapacity(results.count)
        for result in results {
            let (classname, name) = names.unique(for: result.id)
            cases.append(Case(classname: classname, name: name, time: result.duration, result: Self.result(of: result, gate: context.gate, steps: steps[result.id] ?? [:], maxBytes: maxBytesPerCase, subject: context.subject)))
        }
        let suite = Suite(
            name: JUnitNames.normalize(context.specID, fallback: "spec"),
            timestamp: UTCDate.junitTimestamp(context.startDate),
            hostname: JUnitNames.normalize(context.hostname, fallback: "localhost"),
            time: duration ?? results.reduce(0) { $0 + $1.duration },
            properties: Self.properties(of: context),
            cases: cases
        )
        self.init(suites: [suite])
    }

    /// The properties every report carries: what was run, by what, against which app.
    public static func properties(of context: RunContext) -> [Property] {
        var properties = [
            Property("spec.id", context.specID),
            Property("spec.version", context.specVersion),
            Property("spec.title", context.specTitle),
            Property("spec.sha256", context.specSHA256),
            Property("harness.version", context.harnessVersion),
            Property("run.kind", context.kind),
            Property("run.gate", context.gate.rawValue),
        ]
        if let adapter = context.adapter {
            properties += [
                Property("adapter.name", adapter.adapterName),
                Property("adapter.version", adapter.adapterVersion),
                Property("app.name", adapter.appName),
                Property("app.version", adapter.appVersion),
                Property("app.bundleId", adapter.bundleId),
                Property("msal.version", adapter.msalVersion),
            ]
        }
        return properties
    }

    /// The `<failure>`, `<error>` or `<skipped>` a result's verdict under `gate` becomes.
    ///
    /// JUnit has no warning: a failure that does not gate the run stays a `<failure>` with its
    /// evidence, its message starting `warning (not gating): `.
    static func result(of result: TestCaseResult, gate: Gate, steps: [Int: String], maxBytes: Int, subject: RunSubject) -> Result {
        let verdict = Verdict(of: result, gate: gate)
        switch verdict {
        case .passed:
            return .passed
        case let .skipped(reason):
            return .skipped(message: reason.isEmpty ? "skipped" : reason)
        case let .notRun(reason):
            return .skipped(message: "not run: " + (reason.isEmpty ? "the run was interrupted" : reason))
        case .failed, .warned:
            let failures = result.issues.filter { $0.kind == .failure }
            let lead = failures.first ?? result.issues.first
            let message = (verdict == .warned ? "warning (not gating): " : "") + Self.message(lead?.message ?? "the requirement was violated", more: max(0, (failures.isEmpty ? result.issues.count : failures.count) - 1))
            let body = Evidence.body(of: result, steps: steps, includeLog: false, maxBytes: maxBytes, subject: subject)
            return .failure(message: message, type: lead?.type ?? "failure", body: body)
        case .errored:
            let errors = result.issues.filter { $0.kind == .error }
            let lead = errors.first ?? result.issues.first
            let message = Self.message(lead?.message ?? "the adapter or harness broke", more: max(0, (errors.isEmpty ? result.issues.count : errors.count) - 1))
            let body = Evidence.body(of: result, steps: steps, includeLog: true, maxBytes: maxBytes, subject: subject)
            return .error(message: message, type: lead?.type ?? "error", body: body)
        }
    }

    private static func message(_ first: String, more: Int) -> String {
        let line = JUnitNames.normalize(first, fallback: "(no message)")
        return more == 0 ? line : "\(line) (and \(more) more)"
    }
}
