import SingleLoginAdapter
import SingleLoginSpec

/// The scripted broker answers a history may use: every answer and method pairing the spec
/// loader accepts, found by asking the loader (each pairing is decoded from a one-step spec), so
/// that answers the vocabulary gains later appear here without a change.
package struct AnswerMenu: Sendable {
    /// One scripted answer a history can hold.
    package struct Item: Hashable, Sendable {
        /// The method it answers.
        package var method: BrokerMethod
        /// Its word in the spec (`"answer"`).
        package var name: String
        /// The account it names, for answers that take one (`complete` on the sheet).
        package var account: String?
        /// Whether it says no broadcast follows (`"broadcast": false`, `complete` on the sheet and on signout).
        package var withoutBroadcast: Bool
        /// The answer as the spec model holds it.
        package var answer: BrokerAnswer
    }

    /// Every item, in vocabulary order, then method order, then account order.
    package let items: [Item]

    /// The menu of the explorer's own accounts, asked of the loader once per process: every
    /// explorer and model starts from it, and asking costs a spec decode per pairing.
    package static let standard = AnswerMenu()

    /// The menu of `accounts`, asked of the spec loader.
    package init(accounts: [AccountDefinition] = ExploreAccounts.all) {
        var items: [Item] = []
        for name in SpecVocabulary.answers {
            for method in BrokerMethod.allCases {
                guard let plain = Self.decode(method: method, answer: name, account: nil, accounts: accounts) else { continue }
                items.append(Item(method: method, name: name, account: nil, withoutBroadcast: false, answer: plain))
                for account in accounts {
                    if let named = Self.decode(method: method, answer: name, account: account.name, accounts: accounts) {
                        items.append(Item(method: method, name: name, account: account.name, withoutBroadcast: false, answer: named))
                    }
                }
                if let quiet = Self.decode(method: method, answer: name, account: nil, broadcast: false, accounts: accounts) {
                    items.append(Item(method: method, name: name, account: nil, withoutBroadcast: true, answer: quiet))
                }
            }
        }
        self.items = items
    }

    /// The answer the loader reads from `{"do": "answerNext", "method": M, "answer": A, "account"?: X, "broadcast"?: false}`, or nil when it refuses it.
    static func decode(method: BrokerMethod, answer: String, account: String?, broadcast: Bool? = nil, accounts: [AccountDefinition]) -> BrokerAnswer? {
        var step = "\"do\": \"answerNext\", \"method\": \(quoted(method.rawValue)), \"answer\": \(quoted(answer))"
        if let account { step += ", \"account\": \(quoted(account))" }
        if let broadcast { step += ", \"broadcast\": \(broadcast)" }
        let definitions = accounts.map { "\(quoted($0.name)): {\"username\": \(quoted($0.username)), \"displayName\": \(quoted($0.displayName))}" }
        let text = """
            {"formatVersion": "\(Spec.supportedFormatVersion)", "id": "probe", "version": "1.0.0", "title": "probe", "accounts": {\(definitions.joined(separator: ", "))},
             "requirements": [{"id": "PROBE-1", "level": "MUST", "title": "probe", "rationale": "probe",
               "references": [{"title": "probe", "url": "https://example.com"}], "tags": [],
               "scenarios": [{"name": "probe", "steps": [{\(step)}]}]}]}
            """
        guard let decoded = try? SpecLoader.decode(bytes: Array(text.utf8), file: "probe.json"),
            case .answerNext(let decodedMethod, let decodedAnswer)? = decoded.requirements.first?.scenarios.first?.steps.first?.action,
            decodedMethod == method
        else { return nil }
        return decodedAnswer
    }

    private static func quoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
}
