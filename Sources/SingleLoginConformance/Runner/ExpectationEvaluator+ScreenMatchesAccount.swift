import SingleLoginAdapter
import SingleLoginEvents

extension ExpectationEvaluator {
    /// Whether the screen shows the data of anyone but the account the app considers signed in, or
    /// of anyone when it considers nobody signed in: `screenMatchesAccount`.
    ///
    /// Data here is what a session left: the markers in a sign-in's tokens and in the records the
    /// backend returned for it. Names are not looked for: a signed-out screen may offer "Sign in as
    /// alice@contoso.example" to the worker who holds the device, and `noDataOf` judges names where a
    /// user has left. So either answer to a dismissed sheet passes (the user still signed in with
    /// their data, or nobody signed in and nothing of theirs drawn); only a screen that disagrees
    /// with the app's own `signedInAccount` fails.
    func screenMismatchProblem(observation: Observation) -> Problem? {
        let reported = observation.signedInAccount
        let shown = reported.flatMap { account in users.first { Self.names($0.value, account) }?.key }
        // An account the spec does not know: whose data would be whose is not known, and `signedIn`
        // or `signedOut` says what is wrong with it.
        if reported != nil, shown == nil { return nil }
        var markers: [LeftoverScanner.Marker] = []
        for name in users.keys.sorted() where name != shown {
            markers += sessions(of: name).map { .init($0.marker, owner: "\(label(name))'s session \($0.number) marker") }
        }
        let findings = scanner.findings(of: markers, in: observation, places: [.screen])
        guard let first = findings.first else { return nil }
        let considered = shown.map { "the app considers \(label($0)) signed in" } ?? "the app considers nobody signed in"
        return Problem(
            kind: .expectation(.screenMatchesAccount),
            message: "\(considered), yet \(first)" + (findings.count > 1 ? " (and \(findings.count - 1) more)" : ""),
            expected: "on screen, data of \(shown.map(label) ?? "nobody") only",
            observed: (["signedInAccount: \(reported ?? "nil")"] + findings.map(\.description) + screenLines(observation)).joined(separator: "\n"))
    }
}
