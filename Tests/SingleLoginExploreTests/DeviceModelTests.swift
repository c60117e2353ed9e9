import SingleLoginAdapter
@testable import SingleLoginExplore
import SingleLoginSpec
import Testing

@Suite("The device model: histories a shared device allows, the same for the same seed")
struct DeviceModelTests {
    static let model = DeviceModel(maxSteps: 12)

    @Test("the same seed and index give the same history; other indices and seeds give others")
    func reproducible() {
        #expect(Self.model.history(seed: 7, index: 3) == DeviceModel(maxSteps: 12).history(seed: 7, index: 3))
        let histories = Set((0..<200).map { Self.model.history(seed: 7, index: $0) })
        #expect(histories.count > 190)
        #expect(Self.model.history(seed: 7, index: 3) != Self.model.history(seed: 8, index: 3))
    }

    @Test("every history is one the device allows, within --max-steps, and loads back from JSON as it is")
    func validAndWritable() throws {
        let model = DeviceModel(maxSteps: 6)
        for index in 0..<300 {
            let history = model.history(seed: 1, index: index)
            #expect(ModelState.allows(history), "history \(index)")
            #expect((1...6).contains(history.steps.count))
            let spec = Spec(
                id: "h", version: "1.0.0", title: "h", accounts: ExploreAccounts.all,
                requirements: [
                    Requirement(
                        id: "EX-H-1", level: .must, title: "h", rationale: "h", references: [Reference(title: "r", url: "https://example.com")], tags: [],
                        scenarios: [history])
                ])
            let reread = try SpecLoader.decode(bytes: Array(SpecWriter.json(spec).utf8), file: "h.json")
            var scenario = reread.requirements[0].scenarios[0]
            scenario.location = nil
            scenario.steps = scenario.steps.map { Step($0.action, expect: $0.expect) }
            #expect(scenario == history)
        }
    }

    @Test("over many histories every kind of step and every scripted answer with a weight appears")
    func coverage() {
        var kinds = Set<String>()
        var answers = Set<AnswerMenu.Item>()
        let menu = AnswerMenu()
        for index in 0..<3000 {
            for step in Self.model.history(seed: 3, index: index).steps {
                kinds.insert(step.action.description.split(separator: " ")[0].description)
                if case .answerNext(let method, let answer) = step.action, let item = menu.items.first(where: { $0.method == method && $0.answer == answer }) {
                    answers.insert(item)
                }
            }
        }
        #expect(
            kinds == Set(Step.Action.appEvents.map(\.rawValue) + ["globalSignIn", "globalSignOut", "switchUser", "broadcast", "answerNext", "advanceClock"]))
        let weighted = menu.items.filter { DeviceModel.weight(of: $0, afterRelaunch: true) > 0 }
        #expect(Set(weighted).subtracting(answers).isEmpty, "never chosen: \(Set(weighted).subtracting(answers).map { "\($0.method) \($0.name)" })")
    }

    @Test("lifecycle and device events only where a device allows them")
    func allows() {
        var state = ModelState(given: Given(signedIn: "alice"))
        #expect(!state.allows(.app(.resume)) && !state.allows(.app(.tapSignIn)) && state.allows(.app(.launch)))
        #expect(!state.allows(.globalSignIn(account: "bob")) && state.allows(.switchUser(account: "bob")) && !state.allows(.switchUser(account: "alice")))
        state.apply(.app(.launch))
        state.apply(.globalSignOut)
        #expect(state.allows(.app(.suspend)) && state.allows(.globalSignIn(account: "bob")) && !state.allows(.globalSignOut))
    }
}

@Suite("The answer menu: what the spec loader accepts, asked of the loader")
struct AnswerMenuTests {
    @Test("each answer is offered exactly for the methods the loader accepts it for")
    func pairs() {
        let menu = AnswerMenu()
        let pairs = Set(menu.items.filter { $0.account == nil }.map { "\($0.method.rawValue) \($0.name)" })
        #expect(pairs.contains("acquireToken cancel"))
        #expect(pairs.contains("acquireTokenSilent interactionRequired"))
        #expect(!pairs.contains("getCurrentAccount cancel"))
        #expect(!pairs.contains("acquireToken interactionRequired"))
        #expect(Set(menu.items.map(\.name)) == Set(SpecVocabulary.answers))
        #expect(menu.items.contains { $0.method == .acquireToken && $0.name == "complete" && $0.account == "bob" })
    }
}
