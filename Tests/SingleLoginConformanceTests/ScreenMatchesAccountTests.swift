import SingleLoginAdapter
@testable import SingleLoginConformance
import SingleLoginEvents
import SingleLoginSpec
import Testing

@Suite("screenMatchesAccount: the screen shows the data of nobody but the account the app considers signed in")
struct ScreenMatchesAccountTests {
    static let alice = SimulatedUser(AccountDefinition(name: "alice", username: "alice.adams@contoso.example", displayName: "Alice Adams"))
    static let bob = SimulatedUser(AccountDefinition(name: "bob", username: "bob.brown@contoso.example", displayName: "Bob Brown"))
    /// Alice has had two sessions, Bob one.
    static let evaluator = ExpectationEvaluator(
        users: ["alice": alice, "bob": bob],
        facts: BrokerFacts(sessions: ["alice": ["MA1X", "MA2X"], "bob": ["MB1X"]], deviceAccounts: ["alice"], brokerEnabled: true))

    static func issues(signedIn: String?, _ screen: [ScreenElement]) -> [SingleLoginEvents.Issue] {
        let observation = Observation(running: true, signedInAccount: signedIn, screen: screen, storage: [StoredItem(.file, "records.json", "MA2X MB1X")])
        return evaluator.evaluate([.screenMatchesAccount], observation: observation, calls: [], stepIndex: 5, location: nil)
    }

    static func record(_ marker: String) -> ScreenElement { .record("Shift task 1 \(marker): Assigned (\(marker)-1)") }

    @Test("a signed-out screen that still draws a user's records fails, naming whose session they are")
    func signedOutWithRecords() throws {
        let found = Self.issues(signedIn: nil, [ScreenElement(.button, "Sign in"), Self.record("MA2X")])
        let issue = try #require(found.first)
        #expect(found.count == 1 && issue.kind == .expectation(.screenMatchesAccount) && issue.severity == .failure)
        #expect(issue.message.hasPrefix("the app considers nobody signed in, yet screen "), "\(issue.message)")
        #expect(issue.message.contains("alice's session 2 marker \"MA2X\""), "\(issue.message)")
        #expect(issue.expected == "on screen, data of nobody only")
    }

    @Test("a signed-in user beside another user's record fails, naming the other user")
    func otherUsersRecord() throws {
        let found = Self.issues(
            signedIn: "ALICE.ADAMS@contoso.example", [ScreenElement(.text, "Signed in as Alice Adams"), Self.record("MA2X"), Self.record("MB1X")])
        let issue = try #require(found.first)
        #expect(issue.message.hasPrefix("the app considers alice signed in, yet "), "\(issue.message)")
        #expect(issue.message.contains("bob's session 1 marker") && !issue.message.contains("alice's session"), "\(issue.message)")
    }

    @Test(
        "what a screen may show passes: the user's own data (any of their sessions), a name on a signed-out screen, nothing, data in storage only, an account the spec does not know",
        arguments: [
            (String?.some(alice.identifier), [ScreenElement(.text, "Signed in as Alice Adams"), record("MA2X"), record("MA1X")]),
            (nil, [ScreenElement(.text, "Sign in as alice.adams@contoso.example"), ScreenElement(.text, "Welcome back, Alice Adams")]),
            (nil, [ScreenElement(.button, "Sign in")]),
            ("carol@fabrikam.example", [record("MA2X")]),
        ])
    func passes(signedIn: String?, screen: [ScreenElement]) {
        #expect(Self.issues(signedIn: signedIn, screen).isEmpty)
    }
}
