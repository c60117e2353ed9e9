import Foundation
import ReferenceApp
import SingleLoginAdapter
import SingleLoginConformance
import SingleLoginEvents
@testable import SingleLoginExplore
import SingleLoginSpec
import SingleLoginTransport
import Testing
import Synchronization

@Suite("Explore: the oracle, shrinking and counterexamples against the reference app")
struct ExplorerTests {
    @Test("no rule fires on the reference app (a fixed-seed regression; CI plays 10,000)")
    func referenceIsClean() async {
        let result = await Exploring.explore(seed: 20240601, runs: 250)
        #expect(result.runs == 250)
        #expect(result.finding == nil, "\(result.finding.map { ExploreEvents.describe($0.history) + "\n" + ($0.violation.issues.first?.message ?? "") } ?? "")")
        #expect(result.setAside.isEmpty)
        #expect(result.failure == nil)
        #expect(result.judgements > 1500)
    }

    @Test(
        "no rule fires on the reference app's conformant variants, alone or together",
        arguments: ReferenceAppOption.allCases.map { [$0] } + [ReferenceAppOption.allCases])
    func variantsAreClean(options: [ReferenceAppOption]) async {
        let runs = Int(ProcessInfo.processInfo.environment["EXPLORE_VARIANT_RUNS"] ?? "") ?? 400
        let result = await Explorer(options: ExploreOptions(seed: 5, runs: runs), makeProvider: Exploring.reference(options: Set(options))).explore()
        #expect(result.runs == runs)
        #expect(result.finding == nil, "\(result.finding.map { ExploreEvents.describe($0.history) + "\n" + ($0.violation.issues.first?.message ?? "") } ?? "")")
        #expect(result.setAside.isEmpty)
    }

    @Test(
        "every reference flaw is found, shrunk, and its counterexample validates, fails on the flaw and passes on the reference app",
        // Explored histories' accounts all have different display names, so no history can tell a namesake from the same user.
        arguments: ReferenceAppFlaw.allCases.filter {
            ![.showsDataInSnapshot, .comparesUsersByDisplayName, .comparesUsernamesCaseSensitively, .checksWithSilentTokenOnResume].contains($0)
        })
    func findsFlaw(flaw: ReferenceAppFlaw) async throws {
        let result = await Exploring.explore([flaw], seed: 1, runs: 2000)
        let counterexample = try #require(result.counterexample, "\(flaw) not found in \(result.runs) runs")
        #expect(counterexample.history.steps.count <= 5)
        #expect(counterexample.history.steps.count <= counterexample.originalSteps)
        let loaded = try SpecLoader.decode(bytes: Array(counterexample.json.utf8), file: "counterexample.json")
        #expect(loaded.requirements.map(\.id) == [counterexample.requirementID])
        let onFlaw = await Exploring.run(loaded, on: Exploring.reference([flaw]))
        #expect(onFlaw.map(\.outcome) == [.failed])
        let onReference = await Exploring.run(loaded, on: Exploring.reference())
        #expect(onReference.map(\.outcome) == [.passed], "\(onReference.first?.issues.map(\.message) ?? [])")
    }

    @Test("the switcher's snapshot is no EX-DATA leftover: a snapshot taken before a change is replaced when the app runs again")
    func snapshotIsNotExplored() async {
        let result = await Exploring.explore([.showsDataInSnapshot], seed: 1, runs: 200)
        #expect(result.finding == nil)
    }

    @Test("the first violation and its counterexample do not depend on --jobs")
    func jobsDoNotMatter() async throws {
        let one = await Exploring.explore([.skipsCheckOnResume], seed: 5, runs: 500, jobs: 1)
        let three = await Exploring.explore([.skipsCheckOnResume], seed: 5, runs: 500, jobs: 3)
        let first = try #require(one.counterexample)
        let second = try #require(three.counterexample)
        #expect(one.finding?.index == three.finding?.index)
        #expect(first.json == second.json)
    }

    @Test("a long history shrinks to the catalogue's two steps")
    func shrinks() async throws {
        let history = Scenario(
            name: "long", given: Given(signedIn: "carol", userAtDevice: "carol"),
            steps: [
                Step(.answerNext(method: .getDeviceInformation, answer: .networkError)), Step(.app(.launch)), Step(.app(.suspend)),
                Step(.app(.resume)), Step(.broadcast(count: 4)), Step(.app(.refresh)), Step(.switchUser(account: "bob")), Step(.app(.tapSignIn)),
            ], expect: [])
        let app = HistoryPlayer(provider: InProcessAdapterProvider { ReferenceAppAdapter(flaws: [.keepsDataOnUserChange]) })
        let reference = HistoryPlayer(provider: InProcessAdapterProvider { ReferenceAppAdapter() })
        let violation = try #require(await app.play(history).violation(of: .data))
        var shrinker = Shrinker(app: app, reference: reference, rule: .data)
        let (shrunk, _) = try #require(await shrinker.shrink(history, violation, acceptable: true))
        // Two users, the first two accounts, in either role.
        let users = Set(shrunk.given.signedIn + shrunk.steps.compactMap { if case .switchUser(let account) = $0.action { account } else { nil } })
        #expect(shrunk.steps.count == 2 && shrunk.steps[0].action == .app(.launch))
        #expect(users == ["alice", "bob"])
    }

    @Test("an app that does not behave the same on every replay gets no counterexample, and says so")
    func flaky() async {
        let flip = Flip()
        let explorer = Explorer(options: ExploreOptions(seed: 1, runs: 300), makeProvider: { InProcessAdapterProvider { FlakyAdapter(flip: flip) } })
        let result = await explorer.explore()
        #expect(result.finding != nil)
        #expect(result.counterexample == nil)
        #expect(result.notReproducible?.contains("not deterministic") == true)
    }

    @Test("an app that hangs violates EX-CRASH, and its counterexample fails on it and passes on the reference app")
    func hangIsACrash() async throws {
        let explorer = Explorer(options: ExploreOptions(seed: 1, runs: 200), makeProvider: { InProcessAdapterProvider { HangingAdapter() } })
        let result = await explorer.explore()
        #expect(result.failure == nil)
        #expect(result.finding?.violation.rule == .crash)
        let counterexample = try #require(result.counterexample, "\(result.notReproducible ?? "no finding")")
        #expect(counterexample.history.steps.count <= 2, "\(ExploreEvents.describe(counterexample.history))")
        let loaded = try SpecLoader.decode(bytes: Array(counterexample.json.utf8), file: "counterexample.json")
        let onApp = await Exploring.run(loaded, on: { InProcessAdapterProvider { HangingAdapter() } })
        #expect(onApp.map(\.outcome) == [.failed])
        #expect(onApp.first?.issues.contains { $0.type == "app.hung" } == true)
        let onReference = await Exploring.run(loaded, on: Exploring.reference())
        #expect(onReference.map(\.outcome) == [.passed])
    }

    @Test("an adapter that breaks stops the exploration with its error")
    func adapterBreaks() async {
        let explorer = Explorer(options: ExploreOptions(seed: 1, runs: 50), makeProvider: { StdioAdapterProvider(command: "exit 3") })
        let result = await explorer.explore()
        #expect(result.failure != nil)
        #expect(result.counterexample == nil)
    }
}

@Suite("Explore on a conformant app that is not the reference app")
struct OtherConformantAppTests {
    static let catalogue = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("specs/single-login.json").path

    @Test("EX-AFFORDANCE looks for the catalogue's affordance words, with its exceptions, and its bare \"Register\"")
    func affordanceWordsAreTheCatalogues() throws {
        let spec = try SpecLoader.load(path: Self.catalogue).spec
        let matches = spec.requirements.flatMap { $0.scenarios.flatMap { $0.steps.flatMap(\.expect) + $0.expect } }.compactMap { check -> ElementMatch? in
            if case .noElement(.button?, let match) = check { return match }
            return nil
        }
        #expect(!matches.isEmpty)
        #expect(Set(matches) == [.words(Oracle.affordanceWords, except: Oracle.affordanceExceptions), .pattern(Oracle.affordancePattern)])
    }

    @Test("the minimal app passes the whole catalogue (so it is conformant as the catalogue says)")
    func passesCatalogue() async throws {
        let spec = try SpecLoader.load(path: Self.catalogue).spec
        let results = await Exploring.run(spec, on: { InProcessAdapterProvider { MinimalAppAdapter() } })
        #expect(!results.isEmpty)
        for result in results where result.outcome != .passed {
            Issue.record("\(result.id): \(result.issues.map(\.message))")
        }
    }

    @Test("no rule fires on it: signed out after a failure, it waits for the user, which the rules allow")
    func noViolation() async {
        let explorer = Explorer(
            options: ExploreOptions(seed: 77, runs: Int(ProcessInfo.processInfo.environment["EXPLORE_MINIMAL_RUNS"] ?? "") ?? 1500),
            makeProvider: { InProcessAdapterProvider { MinimalAppAdapter() } })
        let result = await explorer.explore()
        #expect(result.finding == nil, "\(result.finding.map { ExploreEvents.describe($0.history) + "\n" + ($0.violation.issues.first?.message ?? "") } ?? "")")
        #expect(result.setAside.isEmpty, "\(result.setAside.map { ExploreEvents.describe($0.history) + "\n" + ($0.violation.issues.first?.message ?? "") })")
    }
}
