import Foundation
import SingleLoginSpec

/// A small spec, made in memory, that exercises any adapter speaking the protocol: the doctor's
/// broker, the soak and the hardening tests drive adapters with it.
///
/// Its scenarios cycle through three shapes (launch signed in and sign out; sign in
/// interactively; a device-wide sign-out while running), each passed by a correct app.
public enum ExerciseSpec {
    /// The spec's JSON text with `scenarios` test cases, in requirements of up to 50 scenarios.
    public static func json(scenarios: Int) -> String {
        let shapes = [
            #"{"name": "%@", "given": {"signedIn": "alice"}, "steps": [{"do": "launch", "expect": [{"check": "signedIn", "account": "alice"}]}, {"do": "tapSignOut", "expect": [{"check": "signedOut"}, {"check": "noDataOf", "account": "alice"}]}]}"#,
            #"{"name": "%@", "steps": [{"do": "launch", "expect": [{"check": "signedOut"}]}, {"do": "answerNext", "method": "acquireToken", "answer": "complete", "account": "bob"}, {"do": "tapSignIn", "expect": [{"check": "signedIn", "account": "bob"}]}]}"#,
            #"{"name": "%@", "given": {"signedIn": "alice"}, "steps": [{"do": "launch"}, {"do": "globalSignOut"}, {"do": "suspend"}, {"do": "resume", "expect": [{"check": "signedOut"}, {"check": "notCrashed"}]}]}"#,
        ]
        var requirements: [String] = []
        var made = 0
        var group = 1
        while made < scenarios {
            let count = min(50, scenarios - made)
            let items = (0..<count).map { offset -> String in
                let number = made + offset + 1
                return shapes[(number - 1) % shapes.count].replacingOccurrences(of: "%@", with: "scenario \(number)")
            }
            requirements.append(
                """
                {"id": "PROBE-\(group)", "level": "MUST", "title": "Probe group \(group)", "rationale": "Drives the adapter through the protocol.",
                 "references": [{"title": "Wire protocol", "url": "https://example.invalid/wire-protocol"}], "tags": ["probe"],
                 "scenarios": [\(items.joined(separator: ",\n"))]}
                """)
            made += count
            group += 1
        }
        return """
            {"formatVersion": "1.0", "id": "probe", "version": "1.0.0", "title": "Probe spec (made in memory)",
             "accounts": {"alice": {"username": "alice.adams@contoso.example", "displayName": "Alice Adams"},
                          "bob": {"username": "bob.brown@contoso.example", "displayName": "Bob Brown"}},
             "requirements": [\(requirements.joined(separator: ",\n"))]}
            """
    }

    /// The spec with `scenarios` test cases, loaded (it is always valid).
    public static func load(scenarios: Int) -> LoadedSpec {
        do {
            return try SpecLoader.load(data: Data(json(scenarios: max(1, scenarios)).utf8), file: "<exercise spec>")
        } catch {
            preconditionFailure("the exercise spec is invalid: \(error)")
        }
    }
}
