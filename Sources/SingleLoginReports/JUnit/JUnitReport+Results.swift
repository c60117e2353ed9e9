import SingleLoginAdapter
import SingleLoginEvents

extension JUnitReport {
    /// A report of one run: one suite per requirement (its test cases and its properties; the
    /// first suite also carries the run's), one case per requirement scenario, in the given order.
    ///
    /// - Parameters:
    ///   - results: The finished test cases.
    ///   - context: The run's context (spec, harness, adapter, host, start date).
    ///   - duration: The run's wall time; unused per suite (a suite's time is its cases' sum).
    ///   - steps: Step descriptions per test case, by 0-based step index, to name steps in evidence.
    ///   - maxBytesPerCase: The most bytes of evidence per case.
    public init(
        results: [TestCaseResult], context: RunContext, duration: Double? = nil, steps: [TestCaseID: [Int: String]] = [:], maxBytesPerCase: Int = 64 * 1024
    ) {
        var names = CaseNamer(specID: context.specID)
        let specID = JUnitNames.normalize(context.specID, fallback: "spec")
        let timestamp = UTCDate.junitTimestamp(context.startDate)
        let hostname = JUnitNames.normalize(context.hostname, fallback: "localhost")
        let runProperties = Self.properties(of: context)
        // Results come in plan order, a requirement's test cases together: each run of one
        // requirement is a suite (a requirement seen again later joins its suite).
        var suites: [Suite] = []
        var suiteOfRequirement: [String: Int] = [:]
        // Each suite's verdict so far, the worst of its cases' (a requirement seen again may worsen it).
        var suiteVerdicts: [Verdict] = []
        var start = results.startIndex
        while start < results.endIndex {
            let requirement = results[start].requirement
            let requirementID = results[start].id.requirementID
            var end = start
            while end < results.endIndex, results[end].id.requirementID == requirementID { end += 1 }
            var cases: [Case] = []
            cases.reserveCapacity(end - start)
            var time = 0.0
            for result in results[start..<end] {
                let (classname, name) = names.unique(for: result.id)
                cases.append(
                    Self.testCase(
                        of: result, classname: classname, name: name, gate: context.gate, steps: steps[result.id] ?? [:], maxBytes: maxBytesPerCase,
                        subject: context.subject))
                time += result.duration
            }
            let verdict = Verdict(aggregating: results[start..<end], gate: context.gate)
            if let index = suiteOfRequirement[requirementID] {
                suites[index].cases += cases
                suites[index].time += time
                suiteVerdicts[index] = suiteVerdicts[index].worse(verdict)
                if let property = suites[index].properties.firstIndex(where: { $0.name == "requirement.verdict" }) {
                    suites[index].properties[property].value = suiteVerdicts[index].reportedName
                }
            } else {
                suiteOfRequirement[requirementID] = suites.count
                suiteVerdicts.append(verdict)
                suites.append(
                    Suite(
                        name: cases[0].classname + (context.referenceApp ? Self.referenceAppSuffix : ""), package: specID, timestamp: timestamp,
                        hostname: hostname, time: time,
                        // The run's properties once, on the first suite: every reader keeps suite
                        // properties, and a report of 10,000 requirements stays small.
                        properties: Self.properties(of: requirement, verdict: verdict) + (suites.isEmpty ? runProperties : []),
                        cases: cases))
            }
            start = end
        }
        if suites.isEmpty {
            // No test case at all: one empty suite still carries the run's properties.
            suites = [
                Suite(
                    name: specID + (context.referenceApp ? Self.referenceAppSuffix : ""), package: specID, timestamp: timestamp, hostname: hostname,
                    time: duration ?? 0, properties: runProperties, cases: [])
            ]
        }
        self.init(name: context.referenceApp ? "sl-conformance" + Self.referenceAppSuffix : "sl-conformance", suites: suites)
    }

    /// What the message of a case's `<error>` starts with when the case was not run: the run was
    /// interrupted, or its adapter broke, before the case finished. An `<error>`, not a `<skipped>`,
    /// so that every CI reader counts an incomplete run as broken, as its exit status 2 does.
    public static let notRunPrefix = "not run: "

    /// The `type` of a not-run case's `<error>`.
    public static let notRunType = "notRun"

    /// What the message of a case not judged starts with, a precondition having failed:
    /// `not judged: blocked by SL-SWITCH-3: …` (`Blocker/description` follows). It is a
    /// `<failure type="notJudged">` where its level gates the run, as its exit status 1 does, and a
    /// `<skipped>` where it does not (a SHOULD case under `--level must`).
    public static let notJudgedPrefix = "not judged: "

    /// The `type` of a case's `<failure>` when it was not judged and its level gates the run.
    public static let notJudgedType = "notJudged"

    /// What suite names (and the root's name) end with when the bundled reference app was tested.
    public static let referenceAppSuffix = " (bundled reference app, not your app)"

    /// A requirement's properties: `requirement.id`, `.level`, `.title`, `.tags`, `.location` (when
    /// known) and `.verdict` (the requirement's verdict under the run's gate: `warned` for a SHOULD
    /// failure under `--level must`, `untested` for one the adapter could not test in full).
    public static func properties(of requirement: RequirementSummary, verdict: Verdict) -> [Property] {
        var properties = [
            Property("requirement.id", requirement.id),
            Property("requirement.level", requirement.level.rawValue),
            Property("requirement.title", requirement.title),
            Property("requirement.tags", requirement.tags.joined(separator: ", ")),
        ]
        if let location = requirement.location { properties.append(Property("requirement.location", location.description)) }
        // An untested requirement says `untested` here: its cases can only be `<skipped>`, as a chosen skip's are.
        properties.append(Property("requirement.verdict", verdict.reportedName))
        return properties
    }

    /// The property a shard's suites carry, `2/3`; `merge` drops it, since the merged report is whole.
    public static let shardProperty = "run.shard"

    /// The property of an exploration that found a violation: the number of the history it violated
    /// in; `merge` keeps the explore report with the lowest.
    public static let violatingHistoryProperty = "explore.history"

    /// The properties of an exploration: its seed, and the histories it played (every part's, once merged).
    public static let exploreSeedProperty = "explore.seed", exploreHistoriesProperty = "explore.histories"

    /// The properties every suite carries: what was run, by what, against which app.
    public static func properties(of context: RunContext) -> [Property] {
        var properties = [
            Property("spec.id", context.specID),
            Property("spec.version", context.specVersion),
            Property("spec.title", context.specTitle),
            Property("spec.sha256", context.specSHA256),
        ]
        if let origin = context.specOrigin { properties.append(Property("spec.origin", origin)) }
        properties += [
            Property("harness.version", context.harnessVersion),
            Property("run.kind", context.kind.rawValue),
            Property("run.gate", context.gate.rawValue),
        ]
        if context.referenceApp { properties.append(Property("run.app", context.referenceAppText)) }
        if let shard = context.shard { properties.append(Property(Self.shardProperty, shard.fraction)) }
        if let history = context.violatingHistory { properties.append(Property(Self.violatingHistoryProperty, String(history))) }
        if let exploration = context.exploration {
            properties += [Property(Self.exploreSeedProperty, exploration.seed), Property(Self.exploreHistoriesProperty, String(exploration.histories))]
        }
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

    /// The `<testcase>` a result becomes, named `classname` and `name`: its result under `gate`
    /// and its earlier attempts, each with its own evidence (the case's budget of `maxBytes` shared
    /// among its attempts).
    static func testCase(of result: TestCaseResult, classname: String, name: String, gate: Gate, steps: [Int: String], maxBytes: Int, subject: RunSubject)
        -> Case
    {
        let share = maxBytes / result.attemptCount
        let attempts = result.earlierAttempts.enumerated().map { index, attempt in
            let errored = attempt.outcome == .errored
            let lead = attempt.issues.first { $0.severity == (errored ? .error : .failure) } ?? attempt.issues.first
            return Attempt(
                errored: errored,
                message: "attempt \(index + 1) of \(result.attemptCount): "
                    + JUnitNames.normalize(lead?.message ?? (errored ? "errored" : "failed"), fallback: "(no message)"),
                type: lead?.type ?? (errored ? "error" : "failure"),
                body: Evidence.body(of: attempt, steps: steps, includeLog: errored, maxBytes: share, subject: subject))
        }
        return Case(
            classname: classname, name: name, time: result.duration,
            result: Self.result(of: result, gate: gate, steps: steps, maxBytes: attempts.isEmpty ? maxBytes : share, subject: subject),
            attempts: attempts, flaky: result.isFlaky)
    }

    /// The `<failure>`, `<error>` or `<skipped>` a result's verdict under `gate` becomes.
    ///
    /// A SHOULD failure under `--level must` does not gate the run, so it is not a `<failure>`
    /// (Jenkins, GitLab and the GitHub reporters would then disagree with exit status 0): it is
    /// a passing case whose evidence goes in its suite's `<system-err>`, see ``Result/warning(body:)``.
    static func result(of result: TestCaseResult, gate: Gate, steps: [Int: String], maxBytes: Int, subject: RunSubject) -> Result {
        let verdict = Verdict(of: result, gate: gate)
        switch verdict {
        case .passed:
            return .passed
        case let .skipped(reason), let .untested(reason):
            return .skipped(message: reason.isEmpty ? "skipped" : reason)
        case let .notRun(reason):
            let message = Self.notRunPrefix + (reason.isEmpty ? "the run was interrupted" : reason)
            return .error(message: message, type: Self.notRunType, body: message)
        case let .doesNotApply(reason):
            return .skipped(message: reason.isEmpty ? "does not apply" : reason)
        case let .waived(failure):
            return .skipped(message: failure.description)
        case let .notJudged(blocker):
            let message = Self.notJudgedPrefix + JUnitNames.normalize(blocker.description, fallback: "blocked")
            // Where it gates the run (exit 1), it is a <failure>, so that no CI reader shows the run
            // green; a SHOULD case under --level must does not gate, and stays a skip.
            guard gate.gates(result.requirement.level) else { return .skipped(message: message) }
            return .failure(message: message, type: Self.notJudgedType, body: message)
        case .failed, .warned:
            let failures = result.issues.filter { $0.severity == .failure }
            let lead = failures.first ?? result.issues.first
            let message = Self.message(
                lead?.message ?? "the requirement was violated", more: max(0, (failures.isEmpty ? result.issues.count : failures.count) - 1))
            let body = Evidence.body(of: result, steps: steps, includeLog: false, maxBytes: maxBytes, subject: subject)
            return verdict == .warned ? .warning(body: body) : .failure(message: message, type: lead?.type ?? "failure", body: body)
        case .errored:
            let errors = result.issues.filter { $0.severity == .error }
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
