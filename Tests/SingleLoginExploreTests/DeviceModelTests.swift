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

    @Test(
        "for an adapter that declared concurrentCalls, some histories hold one answer across later steps and release it; the rest, and every history of any other adapter, are the histories written without holds"
    )
    func holds() throws {
        let holding = DeviceModel(maxSteps: 12, holdsAnswers: true)
        var held = 0
        var interleaved = 0
        var handedOver = 0
        for index in 0..<1000 {
            let plain = Self.model.history(seed: 3, index: index)
            #expect(!plain.steps.contains { $0.action == .release })
            let history = holding.history(seed: 3, index: index)
            #expect(ModelState.allows(history), "history \(index)")
            #expect(history.steps.count <= 12)
            let holds = history.steps.indices.filter { if case .holdNext = history.steps[$0].action { true } else { false } }
            guard let hold = holds.first else {
                #expect(history == plain, "history \(index) holds nothing, so it is the plain one")
                continue
            }
            held += 1
            #expect(holds.count == 1)
            let release = try #require(history.steps.firstIndex { $0.action == .release })
            #expect(release > hold + 1, "the release comes after the held event")
            // What lies between is the plain history's own steps, and now and then a device event or the user's sign-out.
            let between = history.steps[(hold + 2)..<release]
            if between.contains(where: { $0.action.deviceAccountsAfter != nil || $0.action == .app(.tapSignOut) }) { interleaved += 1 }
            // ... but a hand-over: the device changes hands just before a resume whose answer is held.
            var plainBefore = hold
            if hold > 0, case .switchUser = history.steps[hold - 1].action, history.steps[hold + 1].action == .app(.resume),
                Array(history.steps.prefix(hold - 1)) == Array(plain.steps.prefix(hold - 1)), plain.steps[hold - 1].action == .app(.resume)
            {
                handedOver += 1
                plainBefore = hold - 1
            }
            #expect(
                Array(history.steps.prefix(plainBefore)) == Array(plain.steps.prefix(plainBefore)),
                "history \(index): the steps before the hold are the plain history's")
        }
        #expect((200...400).contains(held), "\(held) of 1000 histories hold an answer")
        #expect(handedOver > 0 && handedOver * 5 < held, "\(handedOver) of \(held) holds hand the device over before a resume")
        #expect(interleaved * 2 > held, "\(interleaved) of \(held) holds span a device event or a sign-out")
    }

    @Test("lifecycle and device events only where a device allows them")
    func allows() {
        var state = ModelState(given: Given(signedIn: "alice"))
        #expect(!state.allows(.app(.resume)) && !state.allows(.app(.tapSignIn)) && state.allows(.app(.launch)))
        #expect(!state.allows(.globalSignIn(account: "bob")) && state.allows(.switchUser(account: "bob")) && !state.allows(.switchUser(account: "alice")))
        state.apply(.app(.launch))
        state.apply(.globalSignOut)
        #expect(state.allows(.app(.suspend)) && state.allows(.globalSignIn(account: "bob")) && !state.allows(.globalSignOut))
        // One held answer at a time, released before the app is terminated.
        #expect(!state.allows(.release) && state.allows(.holdNext(method: .fetchRecords)))
        state.apply(.holdNext(method: .fetchRecords))
        #expect(state.allows(.release) && !state.allows(.holdNext(method: .acquireTokenSilent)) && !state.allows(.app(.terminate)))
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
