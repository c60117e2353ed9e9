import Foundation
import SingleLoginAdapter
import SingleLoginContainer
import SingleLoginEvents
import SingleLoginSpec

/// Checks expectations against an observation, the calls the app made and the broker's facts.
///
/// A pure function of its inputs: the live run and `sl-conformance verify` (re-judging a
/// transcript) call the same evaluator with the same values, the latter read back from the
/// transcript's `observed` and `brokerCalled` events.
struct ExpectationEvaluator {
    /// The spec's accounts made concrete, by name.
    let users: [String: SimulatedUser]
    /// What the broker knew when the checks are judged.
    let facts: BrokerFacts
    /// How messages call an account a real test user stands for (a device pass): `Ana Díaz (alice)`.
    /// Any other account is called by its name in the spec.
    let labels: [String: String]
    let scanner = LeftoverScanner()

    /// An evaluator of `spec`'s accounts over `facts`.
    init(users: [String: SimulatedUser], facts: BrokerFacts, labels: [String: String] = [:]) {
        self.users = users
        self.facts = facts
        self.labels = labels
    }

    /// `name` as messages call it.
    func label(_ name: String) -> String { labels[name] ?? name }

    /// The issues `expectations` find; `calls` are the calls in scope (the step's, or the scenario's).
    func evaluate(_ expectations: [Expectation], observation: Observation, calls: [BrokerCallRecord], stepIndex: Int?, location: SourceLocation?) -> [Issue] {
        var issues: [Issue] = []
        for expectation in expectations {
            if let problem = check(expectation, observation: observation, calls: calls) {
                issues.append(
                    Issue(
                        severity: problem.isScenarioError ? .error : .failure, kind: problem.kind, message: problem.message, stepIndex: stepIndex,
                        expected: problem.expected, observed: problem.observed, location: location))
            }
        }
        return issues
    }

    private struct Problem {
        var kind: Issue.Kind
        var message: String
        var expected: String
        var observed: String
        var isScenarioError = false
    }

    private func check(_ expectation: Expectation, observation: Observation, calls: [BrokerCallRecord]) -> Problem? {
        switch expectation {
        case .calls(let method, let range, let filter):
            let made = calls.filter { $0.method == method && filter.includes(phase: $0.phase, failed: $0.failed) }
            guard !range.contains(made.count) else { return nil }
            let what = Self.describe(method, filter)
            return Problem(
                kind: .expectation(.calls), message: "expected \(range) \(what), the app made \(made.count)",
                expected: "\(what): \(range)", observed: (["\(what): \(made.count)"] + made.map(\.line)).joined(separator: "\n"))

        case .signedIn(let name):
            return signedInProblem(name: name, observation: observation)

        case .signedOut:
            guard let account = observation.signedInAccount else { return nil }
            return Problem(
                kind: .expectation(.signedOut), message: "the app still considers \(account) signed in", expected: "signedInAccount: nil",
                observed: "signedInAccount: \(account)")

        case .noDataOf(let name, let places, let session):
            return noDataProblem(of: name, in: places, session: session, observation: observation)

        case .hasDataOf(let name, let places):
            return hasDataProblem(of: name, in: places, observation: observation)

        case .noErrorShown:
            let shown = observation.screen.filter { $0.kind == .error || $0.kind == .alert }
            guard !shown.isEmpty else { return nil }
            return Problem(
                kind: .expectation(.noErrorShown), message: "the app shows \(shown[0].kind.rawValue) \"\(shown[0].text)\"",
                expected: "no error or alert on screen", observed: shown.map { "\($0.kind.rawValue) \"\($0.text)\"" }.joined(separator: "\n"))

        case .notCrashed:
            guard observation.crashed else { return nil }
            return Problem(
                kind: .expectation(.notCrashed), message: "the app crashed", expected: "crashed: false",
                observed: "crashed: true, running: \(observation.running)")

        case .noElement(let kind, let match):
            return noElementProblem(kind: kind, match: match, observation: observation)

        case .deviceSignedOut:
            let names = facts.deviceAccounts
            guard !names.isEmpty else { return nil }
            return Problem(
                kind: .expectation(.deviceSignedOut),
                message: "\(names.joined(separator: ", ")) \(names.count == 1 ? "is" : "are") still signed in on the device",
                expected: "no account signed in on the device",
                observed: (["device: \(names.joined(separator: ", "))"] + calls.filter { $0.method == .signout || $0.method == .removeAccount }.map(\.line))
                    .joined(separator: "\n"))

        case .errorShown:
            guard !observation.screen.contains(where: { $0.kind == .error || $0.kind == .alert }) else { return nil }
            return Problem(
                kind: .expectation(.errorShown), message: "the app shows no error or alert", expected: "an error or alert element on screen",
                observed: screenLines(observation).joined(separator: "\n"))

        case .brokerEnabled:
            guard !facts.brokerEnabled else { return nil }
            return Problem(
                kind: .expectation(.brokerEnabled),
                message: "the app configures MSAL so that it cannot use the broker (brokerAvailability: none): it cannot take part in Shared Device Mode",
                expected: "msalConfiguration.brokerAvailability: auto",
                observed: "msalConfiguration.brokerAvailability: none (declared in the adapter's handshake)")

        case .scopesCovered:
            let interactive = Set(calls.filter { $0.method == .acquireToken }.flatMap(\.scopes).map { $0.lowercased() })
            let silent = calls.filter { $0.method == .acquireTokenSilent }
            let uncovered = Array(Set(silent.flatMap(\.scopes).map { $0.lowercased() }).subtracting(interactive)).sorted()
            guard !uncovered.isEmpty else { return nil }
            return Problem(
                kind: .expectation(.scopesCovered),
                message: "the app asked silently for \(uncovered.joined(separator: ", ")), which its interactive sign-in did not request",
                expected: "silent scopes within: \(interactive.sorted().joined(separator: " "))",
                observed: (["uncovered: \(uncovered.joined(separator: " "))"]
                    + calls.filter { $0.method == .acquireToken || $0.method == .acquireTokenSilent }.map(\.line)).joined(separator: "\n"))
        }
    }

    /// Whether `name` is the account the app considers signed in and shows: `signedIn`.
    private func signedInProblem(name: String, observation: Observation) -> Problem? {
        guard let user = users[name] else { return unknownAccount(name) }
        // Usernames compare ignoring case, as MSAL compares accounts; a guest may be reported by the id token's username.
        let considered =
            observation.signedInAccount.map {
                [user.identifier, user.username?.lowercased(), user.idTokenUsername?.lowercased()].contains($0.lowercased())
            }
            ?? false
        // A backend record that carries the name (a task "Assigned to Alice Adams") does not
        // show who is signed in: only what the app says of its session does.
        let shown = observation.screen.contains { !$0.isRecord && Self.shows(user, $0.text) }
        guard !(considered && shown) else { return nil }
        var observed: [String] = ["signedInAccount: \(observation.signedInAccount ?? "nil")"]
        if !shown {
            let inRecords = observation.screen.contains { $0.isRecord && Self.shows(user, $0.text) }
            observed.append(
                "no screen element shows \(user.username ?? "") or \(user.displayName)" + (inRecords ? " but the backend records (marked record)" : ""))
        }
        return Problem(
            kind: .expectation(.signedIn),
            message: considered ? "the app considers \(label(name)) signed in but does not show them" : "the app does not consider \(label(name)) signed in",
            expected:
                "signedInAccount: \(user.identifier) or \(user.username ?? "")\nscreen shows \(user.username ?? "") or \(user.displayName) (or \"\(Self.firstWord(of: user.displayName))\" as a word)",
            observed: (observed + screenLines(observation)).joined(separator: "\n"))
    }

    /// Whether data of `name` (or of one session of theirs) remains in `places`: `noDataOf`.
    private func noDataProblem(of name: String, in places: Set<Expectation.Place>, session: Int?, observation: Observation) -> Problem? {
        guard let user = users[name] else { return unknownAccount(name) }
        let sessions = self.sessions(of: name)
        var markers: [LeftoverScanner.Marker] = []
        if let session {
            // A session that never started (the app's sign-in failed before the broker was
            // asked) left nothing: the app's fault, if any, is for the step's other checks.
            guard session <= sessions.count else { return nil }
            markers = sessions[session - 1].markers.map { .init($0, owner: "\(label(name))'s session \(session) marker") }
        } else {
            // A name another account shares says nothing about whose data it is ("Alex Kim" and "Alex Kim"):
            // the username, object id and session markers still tell.
            let shared = sharedNames(of: name)
            markers = user.labelledIdentityMarkers.filter { !shared.contains(LeftoverScanner.lowercasedBytes($0.text)) }
                .map { .init($0.text, owner: "\(label(name))'s \($0.label)") }
            markers += user.nameParts.filter { !shared.contains(LeftoverScanner.lowercasedBytes($0)) }
                .map { .init($0, owner: "\(label(name))'s \(user.role(ofNamePart: $0))", wholeWord: true) }
            markers += sessions.flatMap { session in session.markers.map { .init($0, owner: "\(label(name))'s session \(session.number) marker") } }
        }
        let findings = scanner.findings(of: markers, in: observation, places: places)
        guard !findings.isEmpty else { return nil }
        let scope = session.map { "session \($0) of \(label(name))" } ?? label(name)
        return Problem(
            kind: .expectation(.noDataOf),
            message: "data of \(scope) remains: \(findings[0])" + (findings.count > 1 ? " (and \(findings.count - 1) more)" : ""),
            expected: "no data of \(scope) in \(places.map(\.rawValue).sorted().joined(separator: " or "))",
            observed: (findings.map(\.description) + Self.undecodedLines(observation)).joined(separator: "\n"))
    }

    /// Whether the records of `name`'s last session are in one of `places`: `hasDataOf`.
    private func hasDataProblem(of name: String, in places: Set<Expectation.Place>, observation: Observation) -> Problem? {
        guard users[name] != nil else { return unknownAccount(name) }
        let called = label(name)
        guard let session = sessions(of: name).last else {
            return Problem(
                kind: .expectation(.hasDataOf), message: "\(called) never signed in, so there is no data of theirs to show", expected: "data of \(called)",
                observed: "no session of \(called)")
        }
        // Found in any one of the places is enough.
        let marker = LeftoverScanner.Marker(session.marker, owner: "\(called)'s session \(session.number) marker")
        guard scanner.findings(of: [marker], in: observation, places: places).isEmpty else { return nil }
        let where_ = places.map(\.rawValue).sorted().joined(separator: " or ")
        return Problem(
            kind: .expectation(.hasDataOf), message: "\(called)'s records (session \(session.number)) are not in \(where_)",
            expected: "\(called)'s records, marked \(session.marker), in \(where_)",
            observed: (screenLines(observation) + storageLines(observation)).joined(separator: "\n"))
    }

    /// Whether the screen shows an element of `kind` that `match` finds: `noElement`.
    private func noElementProblem(kind: ScreenElement.Kind?, match: ElementMatch, observation: Observation) -> Problem? {
        let matches: (String) -> Bool
        switch match {
        case .pattern(let pattern):
            guard let regex = PatternCache.regex(pattern) else {
                return Problem(
                    kind: .scenarioInvalid, message: "noElement pattern '\(pattern)' is not a valid regular expression", expected: "", observed: "",
                    isScenarioError: true)
            }
            matches = { regex.firstMatch(in: $0, range: NSRange($0.startIndex..., in: $0)) != nil }
        case .words(let phrases, let exceptions):
            let matcher = PatternCache.words(phrases, except: exceptions)
            matches = { matcher.firstMatch(in: $0) != nil }
        }
        let matching = observation.screen.filter { (kind == nil || $0.kind == kind) && matches($0.text) }
        guard !matching.isEmpty else { return nil }
        let found: String
        if case .words(let phrases, let exceptions) = match, let phrase = PatternCache.words(phrases, except: exceptions).firstMatch(in: matching[0].text) {
            found = "which holds \"\(phrase)\""
        } else {
            found = "which matches \(match)"
        }
        return Problem(
            kind: .expectation(.noElement), message: "the app shows \(matching[0].kind.rawValue) \"\(matching[0].text)\", \(found)",
            expected: "no \(kind?.rawValue ?? "element") with \(match)",
            observed: matching.map { "\($0.kind.rawValue) \"\($0.text)\"" }.joined(separator: "\n"))
    }

    /// The display names and name parts of `name`'s account that another account of the spec has too, case-folded.
    private func sharedNames(of name: String) -> Set<[UInt8]> {
        guard let user = users[name] else { return [] }
        let own = Set([user.displayName].map(LeftoverScanner.lowercasedBytes) + user.nameParts.map(LeftoverScanner.lowercasedBytes))
        var others: Set<[UInt8]> = []
        for (otherName, other) in users where otherName != name {
            others.formUnion(([other.displayName] + other.nameParts).map(LeftoverScanner.lowercasedBytes))
        }
        return own.intersection(others)
    }

    /// Whether `text` shows the user: the username (the account's or the id token's), the display
    /// name, or its first word as a whole word ("Hi, Alice"), also in the possessive ("Alice’s picks").
    static func shows(_ user: SimulatedUser, _ text: String) -> Bool {
        if let username = user.username, text.localizedCaseInsensitiveContains(username) { return true }
        if let username = user.idTokenUsername, text.localizedCaseInsensitiveContains(username) { return true }
        if text.localizedCaseInsensitiveContains(user.displayName) { return true }
        let first = firstWord(of: user.displayName)
        // "Alice’s picks" shows Alice too: the matcher keeps a possessive one word ("don't" is one
        // too), so it is a phrase of its own; the leftover scan finds the name in it all the same.
        return !first.isEmpty && PatternCache.words([first, first + "'s"], except: []).firstMatch(in: text) != nil
    }

    static func firstWord(of name: String) -> String {
        String(name.split(whereSeparator: { $0 == " " }).first ?? "")
    }

    /// `acquireTokenSilent calls answered with an error during broadcasts`.
    static func describe(_ method: BrokerMethod, _ filter: CallFilter) -> String {
        var text = "\(method.rawValue) call(s)"
        if let answered = filter.answered { text += answered == .ok ? " answered ok" : " answered with an error" }
        if let during = filter.during { text += during == .step ? " during the step's own event" : " during the broadcasts it caused" }
        return text
    }

    /// `name`'s sessions as the facts give them: numbered from 1, each with its recorded marker.
    private func sessions(of name: String) -> [(number: Int, marker: String, markers: [String])] {
        (facts.sessions[name] ?? []).enumerated().map { (number: $0.offset + 1, marker: $0.element, markers: [$0.element]) }
    }

    private func unknownAccount(_ name: String) -> Problem {
        Problem(kind: .scenarioInvalid, message: "no account named '\(name)' in the spec", expected: "", observed: "", isScenarioError: true)
    }

    private func screenLines(_ observation: Observation) -> [String] {
        observation.screen.map { "screen \($0.kind.rawValue) \"\($0.text)\"" + ($0.isRecord ? " (record)" : "") }
    }

    private func storageLines(_ observation: Observation) -> [String] {
        observation.storage.map { "storage \($0.placeDescription)" }
    }

    /// The container's files the harness could not decode, named beside a leftover's evidence:
    /// only their printable runs were scanned, so what they hold beyond those is not known.
    static func undecodedLines(_ observation: Observation) -> [String] {
        observation.storage.filter { $0.source == .container && $0.key.contains(ContainerItemKey.undecodedNote) }
            .map { "not decoded by the harness: \(ContainerItemKey.path(of: $0.key))" }
    }
}
