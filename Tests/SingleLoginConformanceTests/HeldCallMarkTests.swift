import SingleLoginAdapter
import SingleLoginConformance
import SingleLoginEvents
import SingleLoginSpec
import SingleLoginTestSupport
import SingleLoginTransport
import ReferenceApp
import Testing

@Suite("A held call is marked in the transcript: the call each hold caught, and no other")
struct HeldCallMarkTests {
    /// For each test case of `results` that `spec` holds answers in: the methods of its `holdNext`
    /// steps, in order, against the methods of the calls its transcript marks held, in order.
    static func holdsAndMarks(_ spec: Spec, _ results: [TestCaseResult]) -> [(id: TestCaseID, holds: [BrokerMethod], marked: [BrokerMethod])] {
        let scenarios = Dictionary(
            spec.requirements.flatMap { requirement in requirement.scenarios.map { ("\(requirement.id) / \($0.name)", $0) } },
            uniquingKeysWith: { first, _ in first })
        return results.compactMap { result in
            guard let scenario = scenarios[result.id.description] else { return nil }
            let holds = scenario.steps.compactMap { step -> BrokerMethod? in if case .holdNext(let method, _) = step.action { method } else { nil } }
            guard !holds.isEmpty else { return nil }
            return (result.id, holds, result.transcript.filter(\.held).map(\.method))
        }
    }

    /// The one scenario whose hold the reference app claims only with ``ReferenceAppOption/asksSheetOnTap``.
    static let holdThatLapses = "a sign-in sheet after a failed silent sign-in, under way across a Jamf Reset"

    @Test(
        "in process and over stdio, each hold of the catalogue (SL-INFLIGHT-1's, and one each of SL-LOGOUT-2, SL-SWITCH-1 and SL-SWITCH-3) marks exactly the call it caught (its method, hold after hold), and a test case without a hold marks none; a tap that asks the sheet has the sheet after a failed silent sign-in held"
    )
    func marks() async throws {
        let spec = try TestSupport.shippedSpec()
        for tapAsksSheet in [false, true] {
            for (how, results) in await Self.referenceRuns(spec, options: tapAsksSheet ? [.asksSheetOnTap] : []) {
                Self.expectMarks(spec.spec, results, how: how, tapAsksSheet: tapAsksSheet)
            }
        }
    }

    private static func expectMarks(_ spec: Spec, _ results: [TestCaseResult], how: String, tapAsksSheet: Bool) {
        let found = holdsAndMarks(spec, results)
        #expect(found.count == 28, "\(how): \(found.count) test cases hold an answer")
        #expect(Set(found.map(\.id.requirementID)) == ["SL-INFLIGHT-1", "SL-LOGOUT-2", "SL-SWITCH-1", "SL-SWITCH-3"])
        for (id, holds, marked) in found {
            // After a failed silent sign-in the reference app's tap signs in silently: it asks no
            // sheet, so that hold lapses; with asksSheetOnTap the tap's sheet is the call held.
            let expected = id.scenarioName == Self.holdThatLapses && !tapAsksSheet ? [] : holds
            #expect(marked == expected, "\(how): \(id) holds \(holds.map(\.rawValue)), marks \(marked.map(\.rawValue))")
        }
        let unheld = results.filter { result in !found.contains { $0.id == result.id } }
        #expect(unheld.allSatisfy { !$0.transcript.contains(where: \.held) }, "\(how): a test case without a hold marks a call held")
    }

    @Test(
        "a hold that names an account holds only that account's silent call: at a user change, an app that first asks a silent token for the user it knew has that call answered at once, and the new user's held"
    )
    func holdForOneAccount() async throws {
        let spec = try TestSupport.shippedSpec()
        let users = SimulatedUser.all(of: spec.spec)
        let (alice, bob) = (try #require(users["alice"]).identifier, try #require(users["bob"]).identifier)
        for (how, results) in await Self.referenceRuns(spec, flaws: [.provesUserBySilentToken]) {
            try Self.expectHeldForBob(results, how: how, alice: alice, bob: bob)
        }
    }

    /// The catalogue against the reference app with `flaws` and `options`, in process and over stdio
    /// (an issue when `sl-reference-adapter` is not built), each run named by how it ran.
    private static func referenceRuns(
        _ spec: LoadedSpec, flaws: Set<ReferenceAppFlaw> = [], options: Set<ReferenceAppOption> = []
    ) async -> [(how: String, results: [TestCaseResult])] {
        let variant = (flaws.map(\.rawValue) + options.map(\.rawValue)).sorted().map { ", \($0)" }.joined()
        var runs = [
            ("in process" + variant, await TestSupport.run(spec) { InProcessAdapterProvider { ReferenceAppAdapter(flaws: flaws, options: options) } }.results)
        ]
        guard let adapter = BuiltProducts.path("sl-reference-adapter") else {
            Issue.record(Comment(rawValue: BuiltProducts.missing("sl-reference-adapter")))
            return runs
        }
        let arguments = flaws.map { " --flaw \($0.rawValue)" } + options.map { " --option \($0.rawValue)" }
        runs.append(
            ("over stdio" + variant, await TestSupport.run(spec) { StdioAdapterProvider(command: "'\(adapter)'" + arguments.sorted().joined()) }.results))
        return runs
    }

    private static func expectHeldForBob(_ results: [TestCaseResult], how: String, alice: String, bob: String) throws {
        for name in [
            "a silent sign-in begun by a user change, under way across a Jamf Reset",
            "a silent sign-in begun by a user change, under way across another user change",
        ] {
            let result = try #require(results.first { $0.id == TestCaseID(requirementID: "SL-INFLIGHT-1", scenarioName: name) })
            // Step 2, bob's arrival: the app asks for alice first, then signs bob in.
            let silent = result.transcript.compactMap { record -> (account: String?, held: Bool)? in
                guard record.stepIndex == 2, case .acquireTokenSilent(let parameters) = record.call else { return nil }
                return (parameters.accountIdentifier, record.held)
            }
            #expect(silent.contains { $0.account == alice && !$0.held }, "\(how), \(name): \(silent)")
            #expect(silent.filter(\.held).map(\.account) == [bob], "\(how), \(name): \(silent)")
            #expect(result.outcome == .passed, "\(how), \(name): \(result.issues.map(\.message))")
        }
    }
}
