import SingleLoginAdapter
@testable import SingleLoginConformance
import SingleLoginEvents
import SingleLoginSpec
import Testing

/// A `byRelease` precondition its step does not meet waits for the first release after that step,
/// and blocks the case there only if it fails again; one its step meets is done with.
@Suite("A byRelease precondition waits for the next release")
struct PreconditionsAwaitingReleaseTests {
    static let bobSignedIn = Precondition(.signedIn(account: "bob"), ownedBy: "SL-SWITCH-1", byRelease: true)

    /// What the app shows with `name` signed in, as the evaluator reads it.
    static func showing(_ name: String, _ users: [String: SimulatedUser]) -> Observation {
        let user = users[name]!
        return Observation(running: true, signedInAccount: user.identifier, screen: [ScreenElement(.text, user.displayName)], storage: [])
    }

    static func evaluator() throws -> (ExpectationEvaluator, [String: SimulatedUser]) {
        let users = SimulatedUser.all(of: try TestSupport.shippedSpec().spec)
        return (ExpectationEvaluator(users: users, facts: BrokerFacts(sessions: [:], deviceAccounts: ["bob"], brokerEnabled: true)), users)
    }

    static func isJudgedClean(_ judgement: CheckJudgement) -> Bool {
        if case .judged(let issues) = judgement { issues.isEmpty } else { false }
    }

    @Test("unmet at its step, met at the release: judged; unmet at both: blocked at the release, naming its step")
    func waitsForRelease() throws {
        let (evaluator, users) = try Self.evaluator()
        let change = Step(.switchUser(account: "bob"), preconditions: [Self.bobSignedIn])
        var met = PreconditionsAwaitingRelease()
        #expect(Self.isJudgedClean(met.judge(change, index: 2, evaluator: evaluator, observation: Self.showing("alice", users), calls: [])))
        #expect(Self.isJudgedClean(met.judge(Step(.release), index: 3, evaluator: evaluator, observation: Self.showing("bob", users), calls: [])))

        var unmet = PreconditionsAwaitingRelease()
        _ = unmet.judge(change, index: 2, evaluator: evaluator, observation: Self.showing("alice", users), calls: [])
        guard
            case .blocked(let issue, let blocker) = unmet.judge(
                Step(.release), index: 3, evaluator: evaluator, observation: Self.showing("alice", users), calls: [])
        else {
            Issue.record("not blocked at the release")
            return
        }
        #expect(blocker.requirementID == "SL-SWITCH-1")
        #expect(issue.message.hasPrefix("at step 4 'release': "), "\(issue.message)")
        #expect(issue.message.contains("(a precondition of step 3 'switchUser bob', which may be met as late as this release)"), "\(issue.message)")
    }

    @Test("met at its step, it is done with: the release does not make it again")
    func metAtItsStep() throws {
        let (evaluator, users) = try Self.evaluator()
        var awaiting = PreconditionsAwaitingRelease()
        let change = Step(.switchUser(account: "bob"), preconditions: [Self.bobSignedIn])
        #expect(Self.isJudgedClean(awaiting.judge(change, index: 2, evaluator: evaluator, observation: Self.showing("bob", users), calls: [])))
        #expect(Self.isJudgedClean(awaiting.judge(Step(.release), index: 3, evaluator: evaluator, observation: Self.showing("alice", users), calls: [])))
    }

    @Test("one on a release step waits for the release after it, as the loader lets it")
    func onARelease() throws {
        let (evaluator, users) = try Self.evaluator()
        var awaiting = PreconditionsAwaitingRelease()
        let first = Step(.release, preconditions: [Self.bobSignedIn])
        #expect(Self.isJudgedClean(awaiting.judge(first, index: 1, evaluator: evaluator, observation: Self.showing("alice", users), calls: [])))
        guard case .blocked(let issue, _) = awaiting.judge(Step(.release), index: 2, evaluator: evaluator, observation: Self.showing("alice", users), calls: [])
        else {
            Issue.record("not blocked at the second release")
            return
        }
        #expect(issue.message.contains("(a precondition of step 2 'release'"), "\(issue.message)")
    }
}
