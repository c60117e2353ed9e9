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

    /// The histories each reference flaw gets, at seed 1 (the test's name states the figure).
    static let histories = 2000

    /// The reference flaws the catalogue fails only in requirements no rule judges (``Rule/notJudged``), with
    /// exactly those requirements: explore is not expected to find them.
    static let catalogueOnly: [ReferenceAppFlaw: Set<String>] = [.showsDataInSnapshot: ["SL-SNAPSHOT-1"]]

    /// The late-answer flaws: the catalogue fails them only in SL-INFLIGHT-1, whose scenarios hold an answer across later steps.
    static let lateAnswerFlaws: Set<ReferenceAppFlaw> = [
        .appliesLateDownloadAfterWipe, .storesLateTokenAfterSignOut, .sendsLateTokenAfterSignOut, .showsLateResultUser,
        .publishesLateDownloadAfterWipe, .appliesSupersededAccountCheck, .appliesLateSheetAfterWipe, .listensAfterLaunchCheck,
        .appliesLateSignInBegunByChange, .appliesLateSignInAfterEmptyReset,
    ]

    /// The most steps a shrunk counterexample has: 5, but for flaws whose shortest history is longer
    /// (the catalogue's too). Applying a superseded account check needs the app to see alice, go
    /// away, bob to take the device, the resume's check held, alice back, and the release: 7 steps.
    static func mostShrunkSteps(_ flaw: ReferenceAppFlaw) -> Int {
        flaw == .appliesSupersededAccountCheck ? 7 : 5
    }

    @Test(
        "explore is at least as strong as the catalogue: every reference flaw the catalogue fails is found within 2,000 histories at seed 1, shrunk, and its counterexample validates, fails on the flaw and passes on the reference app (but for those the catalogue fails only in requirements no rule judges, listed)",
        arguments: ReferenceAppFlaw.allCases)
    func findsFlaw(flaw: ReferenceAppFlaw) async throws {
        let catalogue = try Exploring.catalogue.get()
        let failing = Set(await Exploring.run(catalogue, on: Exploring.reference([flaw])).filter { $0.outcome == .failed }.map(\.id.requirementID))
        #expect(!failing.isEmpty, "the catalogue passes \(flaw)")
        if let listed = Self.catalogueOnly[flaw] {
            #expect(failing == listed)
            #expect(listed.isDisjoint(with: Rule.judged))
            return
        }
        #expect(
            !failing.isDisjoint(with: Rule.judged), "the catalogue fails \(flaw) only in \(failing.sorted()), which no rule judges: list it in catalogueOnly")
        let result = await Exploring.explore([flaw], seed: 1, runs: Self.histories)
        let counterexample = try #require(result.counterexample, "\(flaw) not found in \(result.runs) runs")
        #expect(counterexample.history.steps.count <= Self.mostShrunkSteps(flaw))
        #expect(counterexample.history.steps.count <= counterexample.originalSteps)
        let loaded = try SpecLoader.decode(bytes: Array(counterexample.json.utf8), file: "counterexample.json")
        #expect(loaded.requirements.map(\.id) == [counterexample.requirementID])
        let onFlaw = await Exploring.run(loaded, on: Exploring.reference([flaw]))
        #expect(onFlaw.map(\.outcome) == [.failed])
        let onReference = await Exploring.run(loaded, on: Exploring.reference())
        #expect(onReference.map(\.outcome) == [.passed], "\(onReference.first?.issues.map(\.message) ?? [])")
        if Self.lateAnswerFlaws.contains(flaw) {
            // Found with a held answer, and the hold is what fails: without it the history passes on the flaw.
            let steps = counterexample.history.steps
            let hold = try #require(steps.firstIndex { if case .holdNext = $0.action { true } else { false } }, "\(flaw): no hold in the counterexample")
            let release = try #require(steps.firstIndex { $0.action == .release }, "\(flaw): no release in the counterexample")
            var unheld = counterexample.history
            unheld.steps.remove(at: release)
            unheld.steps.remove(at: hold)
            let outcome = await HistoryPlayer(provider: Exploring.reference([flaw])()).play(unheld)
            #expect(outcome.violation(of: counterexample.rule) == nil, "\(flaw): the history without the hold violates \(counterexample.rule.rawValue) too")
        }
        if ProcessInfo.processInfo.environment["EXPLORE_FIGURES"] != nil {
            print(
                "explore figure \(flaw.rawValue): \(counterexample.rule.rawValue) at history \(result.finding.map { $0.index + 1 } ?? 0), \(counterexample.history.steps.count) steps; catalogue: \(failing.sorted().joined(separator: " "))"
            )
        }
    }

    @Test(
        "EX-BACKEND: a token of the same user's earlier session, refused after a sign-out and sign-in the app could not see, then renewed silently, is no violation (the previous user's token after a change still is: sendsPreviousTokenAfterUserChange)"
    )
    func unseenSessionEnd() async {
        let unseen = Scenario(
            name: "signed out and in again while suspended", given: Given(signedIn: "alice"),
            steps: [
                Step(.app(.launch)), Step(.app(.suspend)), Step(.globalSignOut), Step(.globalSignIn(account: "alice")), Step(.app(.resume)),
                Step(.app(.refresh)),
            ], expect: [])
        let keeping = HistoryPlayer(provider: InProcessAdapterProvider { ReferenceAppAdapter(options: [.keepsTokenUntilRefused]) })
        let outcome = await keeping.play(unseen)
        #expect(outcome.violations.isEmpty, "\(outcome.violationsText)")
        #expect(outcome.result.transcript.contains { $0.method == .fetchRecords && $0.failed }, "the kept token is refused once")
    }

    @Test(
        "EX-BACKEND judges the step in which the app learns that its session ended: its own sign-out, the broadcast of a Jamf Reset, the account check at the next launch; a final sync with the ended session's token violates it there, the reference app does not"
    )
    func endedSessionTokens() async throws {
        let histories: [(Scenario, Int)] = [
            (Scenario(name: "own sign-out", given: Given(signedIn: "alice"), steps: [Step(.app(.launch)), Step(.app(.tapSignOut))], expect: []), 1),
            (Scenario(name: "Jamf Reset while running", given: Given(signedIn: "alice"), steps: [Step(.app(.launch)), Step(.globalSignOut)], expect: []), 1),
            (
                Scenario(
                    name: "Jamf Reset while not running", given: Given(signedIn: "alice"),
                    steps: [Step(.app(.launch)), Step(.app(.terminate)), Step(.globalSignOut), Step(.app(.launch))], expect: []), 3
            ),
        ]
        for (history, step) in histories {
            let violation = try #require(await Self.violations(history, [.syncsDraftsAfterSignOut]).first, "\(history.name)")
            #expect(violation.rule == .backend && violation.stepIndex == step, "\(history.name)")
            #expect(violation.checks == [.calls(method: .fetchRecords, range: .exactly(0), filter: CallFilter(answered: .error))])
            #expect(await Self.violations(history).isEmpty, "\(history.name)")
        }
    }

    @Test(
        "a late answer is judged at its release: the launch's silent sign-in held across a Jamf Reset signs the previous user back in on showsLateResultUser (EX-LATE, EX-DATA, and EX-BACKEND at the end for the token it sends), and nothing while it is held; the reference app drops it"
    )
    func lateAnswerAtRelease() async throws {
        let history = Scenario(
            name: "the launch's silent sign-in across a Jamf Reset", given: Given(signedIn: "alice"),
            steps: [Step(.holdNext(method: .acquireTokenSilent)), Step(.app(.launch)), Step(.globalSignOut), Step(.release)], expect: [])
        let violations = await Self.violations(history, [.showsLateResultUser])
        let late = try #require(violations.first { $0.rule == .late }, "\(violations.map(\.rule))")
        #expect(late.stepIndex == 3 && late.checks == [.signedOut])
        #expect(violations.allSatisfy { $0.stepIndex == 3 || $0.stepIndex == nil }, "nothing is judged against the app while the answer is held")
        #expect(violations.contains { $0.rule == .data })
        #expect(violations.contains { $0.rule == .backend && $0.stepIndex == nil })
        #expect(await Self.violations(history).isEmpty)
    }

    @Test(
        "EX-BACKEND judges the calls a release lets go on: a late token sent to the backend after a Jamf Reset or a user change violates it at the end, where the call's refusal replays (the call is filed under the step that started the work); the reference app, which drops the late token, does not; nor a history with a download scripted to fail, which the end's check would count"
    )
    func lateTokenAtRelease() async throws {
        for change in [Step(.globalSignOut), Step(.switchUser(account: "bob"))] {
            let history = Scenario(
                name: "a refresh's silent token held across a change", given: Given(signedIn: "alice"),
                steps: [Step(.app(.launch)), Step(.holdNext(method: .acquireTokenSilent)), Step(.app(.refresh)), change, Step(.release)], expect: [])
            let violations = await Self.violations(history, [.sendsLateTokenAfterSignOut])
            #expect(violations.map(\.rule) == [.backend], "\(change.action)")
            #expect(violations.first?.stepIndex == nil)
            #expect(violations.first?.checks == [.calls(method: .fetchRecords, range: .exactly(0), filter: CallFilter(answered: .error))])
            #expect(await Self.violations(history).isEmpty, "\(change.action)")
        }
        // The end's check counts every refused download: with one scripted to fail, it says nothing.
        let scripted = Scenario(
            name: "a scripted refusal, then a refresh's silent token held across a Jamf Reset", given: Given(signedIn: "alice"),
            steps: [
                Step(.app(.launch)), Step(.answerNext(method: .fetchRecords, answer: .networkError)), Step(.app(.refresh)),
                Step(.holdNext(method: .acquireTokenSilent)), Step(.app(.refresh)), Step(.globalSignOut), Step(.release),
            ], expect: [])
        #expect(!(await Self.violations(scripted, [.sendsLateTokenAfterSignOut])).contains { $0.rule == .backend })
    }

    @Test("EX-DATA looks only where the app can hold data: a surface its handshake says it has not is in no check and no expected line")
    func undeclaredSurface() async throws {
        let history = Scenario(
            name: "signs out from the app", given: Given(signedIn: "alice"), steps: [Step(.app(.launch)), Step(.app(.tapSignOut))], expect: [])
        let player = HistoryPlayer(provider: InProcessAdapterProvider { WithoutSpotlight(inner: ReferenceAppAdapter(flaws: [.leavesNotifications])) })
        let violation = try #require(await player.play(history).violations.first { $0.rule == .data })
        guard case .noDataOf(_, let places, _) = try #require(violation.checks.first) else {
            Issue.record("\(violation.checks)")
            return
        }
        #expect(places.contains(.surface(.notification)) && places.contains(.storage) && !places.contains(.surface(.spotlight)))
        #expect(violation.issues.contains { $0.expected.contains("notification") } && !violation.issues.contains { $0.expected.contains("spotlight") })
    }

    /// The reference app built without Spotlight: its handshake says so, and it indexes nothing.
    struct WithoutSpotlight: ConformanceAdapter {
        let inner: ReferenceAppAdapter
        var identity: AdapterIdentity {
            var identity = inner.identity
            identity.surfaces = .only(Set(StoredItem.Area.deviceSurfaces).subtracting([.spotlight]))
            return identity
        }
        func reset(environment: AppEnvironment) async throws { try await inner.reset(environment: environment) }
        func handle(_ event: AppEvent) async throws -> Observation { withoutSpotlight(try await inner.handle(event)) }
        func observe() async throws -> Observation { withoutSpotlight(try await inner.observe()) }
        private func withoutSpotlight(_ observation: Observation) -> Observation {
            var observation = observation
            observation.storage.removeAll { $0.area == .spotlight }
            return observation
        }
    }

    @Test("the switcher's snapshot is no EX-DATA leftover: a snapshot taken before a change is replaced when the app runs again")
    func snapshotIsNotExplored() async {
        let result = await Exploring.explore([.showsDataInSnapshot], seed: 1, runs: 200)
        #expect(result.finding == nil)
    }

    @Test(
        "EX-LATE: an account check answered after a newer one, applied at its release (a silent call for the user who left, refused, then the sheet), is a violation at the end of the history; the reference app, which drops it, has none"
    )
    func supersededAccountCheck() async throws {
        let history = Scenario(
            name: "an account check under way across a user change and back", given: Given(signedIn: "alice"),
            steps: [
                Step(.app(.launch)), Step(.app(.suspend)), Step(.switchUser(account: "bob")), Step(.holdNext(method: .getCurrentAccount)), Step(.app(.resume)),
                Step(.switchUser(account: "alice")), Step(.release),
            ], expect: [])
        let violations = await Self.violations(history, [.appliesSupersededAccountCheck])
        let violation = try #require(violations.first { $0.rule == .late }, "\(violations.map(\.rule.rawValue))")
        #expect(violation.stepIndex == nil)
        #expect(violation.checks == [.calls(method: .acquireToken, range: .exactly(0))])
        #expect(await Self.violations(history).isEmpty)
        // An app that applies it and then waits for the user's tap (it never puts up the sheet
        // after -50002 by itself) leaves alice, on the device, signed out: a violation at the release.
        let waiting = await Self.violations(history, [.appliesSupersededAccountCheck, .retriesSilentlyOnInteractionRequired])
        let atRelease = try #require(waiting.first { $0.rule == .late && $0.stepIndex == 6 }, "\(waiting.map(\.rule.rawValue))")
        #expect(atRelease.checks == [.signedIn(account: "alice")])
        #expect(await Self.violations(history, [.retriesSilentlyOnInteractionRequired]).filter { $0.rule == .late }.isEmpty)
    }

    @Test(
        "EX-DATA: an app whose account checks are single-flight, with its check held, sees neither a user change nor the return that follows it (both broadcasts wait for the check under way); the user's first session is no change it watched, and keeping its data is no violation"
    )
    func coalescedChecks() async throws {
        let history = Scenario(
            name: "a user change and back while the broadcast's check is held", given: Given(signedIn: "alice"),
            steps: [
                Step(.app(.launch)), Step(.holdNext(method: .getCurrentAccount)), Step(.broadcast(count: 1)), Step(.switchUser(account: "bob")),
                Step(.switchUser(account: "alice")), Step(.release),
            ], expect: [])
        let coalescing = await HistoryPlayer(provider: InProcessAdapterProvider { ReferenceAppAdapter(options: [.coalescesAccountChecks]) }).play(history)
        #expect(coalescing.violations.isEmpty, "\(coalescing.violationsText)")
        #expect(coalescing.result.transcript.filter { $0.method == .getCurrentAccount }.count == 3, "the launch's, the held one, and the one that follows it")
        #expect(await Self.violations(history).isEmpty)
    }

    @Test(
        "a single-flight app whose follow-up check (filed under the launch's request) saw alice and then needed interaction has seen her: an unchanged broadcast asks nothing more of it"
    )
    func followUpFiledUnderEarlierRequest() async throws {
        let history = Scenario(
            name: "Jamf Setup while the launch's check is held, interaction required", given: Given(),
            steps: [
                Step(.answerNext(method: .acquireTokenSilent, answer: .interactionRequired)), Step(.holdNext(method: .getCurrentAccount)),
                Step(.app(.launch)), Step(.globalSignIn(account: "alice")), Step(.release), Step(.broadcast(count: 1)),
            ], expect: [])
        let played = await HistoryPlayer(
            provider: InProcessAdapterProvider {
                MinimalAppAdapter(app: MinimalApp(singleFlight: true), capabilities: [WireProtocol.Capability.concurrentCalls.rawValue])
            }
        ).play(history)
        // The follow-up check and its silent call are the launch's work: filed under step 3, answered during the release.
        let followUp = try #require(
            played.result.transcript.last { $0.method == .getCurrentAccount && $0.stepIndex == 2 && !$0.held }, "\(played.result.transcript)")
        #expect(followUp.answeredLater?.stepIndex == 4, "\(played.result.transcript)")
        #expect(played.violations.isEmpty, "\(played.violationsText)")
    }

    @Test(
        "a resume that renews the departed user's token instead of checking the account, refused (-50002), then puts up a sheet nobody completes, is still a clean chance: EX-ACCOUNT fails the app that keeps showing them; the conformant minimal app passes"
    )
    func sheetAfterWrongQuestion() async throws {
        let history = Scenario(
            name: "Jamf Reset while suspended", given: Given(signedIn: "alice"),
            steps: [Step(.app(.launch)), Step(.app(.suspend)), Step(.globalSignOut), Step(.app(.resume))], expect: [])
        let renewing = await HistoryPlayer(provider: InProcessAdapterProvider { MinimalAppAdapter(app: MinimalApp(renewsOnResume: true)) }).play(history)
        let violation = try #require(renewing.violations.first, "\(renewing.violationsText)")
        #expect(violation.rule == .account && violation.stepIndex == 3)
        #expect(renewing.result.transcript.contains { $0.method == .acquireToken && $0.failed }, "nobody completed the sheet")
        let checking = await HistoryPlayer(provider: InProcessAdapterProvider { MinimalAppAdapter() }).play(history)
        #expect(checking.violations.isEmpty, "\(checking.violationsText)")
    }

    @Test(
        "EX-TOKEN: an app that restores the session its launch's account check confirmed, and keeps it when the renewal comes back without an id token, is no violation after an earlier launch whose check failed offline and showed nobody; an app that shows the account of a first sign-in without an id token still is"
    )
    func restoredSessionKeptOnSpoiledRenewal() async throws {
        let restoring = HistoryPlayer(provider: InProcessAdapterProvider { MinimalAppAdapter(app: MinimalApp(restoresCheckedSession: true)) })
        let history = Scenario(
            name: "offline launch, then a confirmed session renewed without an id token", given: Given(signedIn: "alice"),
            steps: [
                Step(.app(.launch)), Step(.answerNext(method: .getCurrentAccount, answer: .networkError)), Step(.app(.terminate)), Step(.app(.launch)),
                Step(.answerNext(method: .acquireTokenSilent, answer: .noIdToken)), Step(.app(.terminate)), Step(.app(.launch)),
            ], expect: [])
        let outcome = await restoring.play(history)
        #expect(outcome.result.transcript.contains { $0.method == .acquireTokenSilent }, "the launch renewed the restored session")
        #expect(outcome.violations.isEmpty, "\(outcome.violationsText)")
        let firstSignIn = Scenario(
            name: "a first sign-in without an id token", given: Given(signedIn: "alice"),
            steps: [Step(.answerNext(method: .acquireTokenSilent, answer: .noIdToken)), Step(.app(.launch))], expect: [])
        #expect(await restoring.play(firstSignIn).violations.isEmpty, "the minimal app signs nobody in without an id token")
        #expect(await Self.violations(firstSignIn, [.showsAccountBeforeToken]).contains { $0.rule == .token }, "an app that does is still caught")
    }

    /// The violations a history gets on the reference app with `flaws`.
    static func violations(_ history: Scenario, _ flaws: Set<ReferenceAppFlaw> = []) async -> [Violation] {
        await HistoryPlayer(provider: InProcessAdapterProvider { ReferenceAppAdapter(flaws: flaws) }).play(history).violations
    }

    @Test(
        "EX-INTERACTION: an account check that failed since InteractionRequired voids the sheet owed (the next tap may retry the check); the tap after that retry owes it again"
    )
    func failedCheckVoidsSheetOwed() async throws {
        var history = Scenario(
            name: "interaction required, a failed check on resume, then a tap", given: Given(signedIn: "alice", token: .interactionRequired),
            steps: [
                Step(.app(.launch)), Step(.app(.suspend)), Step(.answerNext(method: .getCurrentAccount, answer: .ssoExtensionFailure(code: .failed))),
                Step(.app(.resume)), Step(.app(.tapSignIn)),
            ], expect: [])
        // An app whose tap signs in silently and, answered -50002, waits for the next tap.
        let flaws: Set<ReferenceAppFlaw> = [.retriesSilentlyOnInteractionRequired]
        #expect(await Self.violations(history, flaws).filter { $0.rule == .interaction }.isEmpty)
        history.steps.append(Step(.app(.tapSignIn)))
        let owed = try #require(await Self.violations(history, flaws).first { $0.rule == .interaction })
        #expect(owed.stepIndex == 5)
        #expect(await Self.violations(history).isEmpty)
    }

    @Test(
        "the liveness rules: InteractionRequired that never leads to the sheet violates EX-INTERACTION, a sign-in tap that does nothing after a dismissed sheet violates EX-RETRY; the reference app, which prompts, violates neither"
    )
    func liveness() async throws {
        let required = Scenario(
            name: "interaction required, then a tap", given: Given(signedIn: "alice", token: .interactionRequired),
            steps: [Step(.app(.launch)), Step(.advanceClock(minutes: 20)), Step(.app(.tapSignIn))], expect: [])
        let never = try #require(await Self.violations(required, [.retriesSilentlyOnInteractionRequired]).first)
        #expect(never.rule == .interaction && never.stepIndex == 2)
        #expect(never.checks == [.calls(method: .acquireToken, range: .exactly(1)), .signedIn(account: "alice")])
        let dismissed = Scenario(
            name: "the sheet dismissed, then a tap", given: Given(signedIn: "alice", token: .interactionRequired),
            steps: [Step(.answerNext(method: .acquireToken, answer: .cancel)), Step(.app(.launch)), Step(.app(.tapSignIn))], expect: [])
        let stuck = try #require(await Self.violations(dismissed, [.staysCancelledAfterCancel]).first)
        #expect(stuck.rule == .retry && stuck.stepIndex == 2)
        // One scripted -50002 on a refresh: the reference app prompts at once, and the sheet signs alice in.
        let refresh = Scenario(
            name: "interaction required on refresh", given: Given(signedIn: "alice"),
            steps: [
                Step(.app(.launch)), Step(.answerNext(method: .acquireTokenSilent, answer: .interactionRequired)), Step(.app(.refresh)),
                Step(.app(.tapSignIn)),
            ], expect: [])
        for history in [required, dismissed, refresh] { #expect(await Self.violations(history).isEmpty, "\(history.name)") }
    }

    @Test(
        "EX-SIGNIN judges a sign-in tap only when the app knows nobody is on the device: after its account check failed it may offer only a retry"
    )
    func signInAfterFailedCheck() async throws {
        let player = HistoryPlayer(provider: InProcessAdapterProvider { TapIgnoringAdapter() })
        let unsure = Scenario(
            name: "account check offline, then a tap", given: Given(),
            steps: [Step(.answerNext(method: .getCurrentAccount, answer: .networkError)), Step(.app(.launch)), Step(.app(.tapSignIn))], expect: [])
        #expect(await player.play(unsure).violations.isEmpty)
        let known = Scenario(name: "nobody on the device, then a tap", given: Given(), steps: [Step(.app(.launch)), Step(.app(.tapSignIn))], expect: [])
        let ignored = try #require(await player.play(known).violations.first)
        #expect(ignored.rule == .signIn && ignored.stepIndex == 1)
    }

    @Test("the first violation, its counterexample and the count of histories played do not depend on --jobs")
    func jobsDoNotMatter() async throws {
        let one = await Exploring.explore([.skipsCheckOnResume], seed: 5, runs: 500, jobs: 1)
        let three = await Exploring.explore([.skipsCheckOnResume], seed: 5, runs: 500, jobs: 3)
        let first = try #require(one.counterexample)
        let second = try #require(three.counterexample)
        #expect(one.finding?.index == three.finding?.index)
        #expect(first.json == second.json)
        // The histories the other jobs played past the first violation do not count.
        let index = try #require(one.finding?.index)
        #expect(one.runs == index + 1 && three.runs == index + 1, "\(one.runs), \(three.runs)")
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
        #expect(result.notReproducible?.reason.contains("not deterministic") == true)
    }

    @Test("an app that hangs violates EX-CRASH, and its counterexample fails on it and passes on the reference app")
    func hangIsACrash() async throws {
        let explorer = Explorer(options: ExploreOptions(seed: 1, runs: 200), makeProvider: { InProcessAdapterProvider { HangingAdapter() } })
        let result = await explorer.explore()
        #expect(result.failure == nil)
        #expect(result.finding?.violation.rule == .crash)
        let counterexample = try #require(result.counterexample, "\(result.notReproducible?.reason ?? "no finding")")
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

    @Test("every catalogue requirement is generalised by a rule, or listed, with its reason, as one no rule judges")
    func everyRequirementIsJudgedOrListed() throws {
        let ids = Set(try SpecLoader.load(path: Self.catalogue).spec.requirements.map(\.id))
        #expect(Rule.judged.union(Rule.notJudged.keys) == ids, "unaccounted: \(ids.subtracting(Rule.judged).subtracting(Rule.notJudged.keys).sorted())")
        #expect(Rule.judged.isDisjoint(with: Rule.notJudged.keys))
        #expect(Rule.notJudged.values.allSatisfy { !$0.isEmpty })
    }

    @Test("docs/explore.md has a row for every rule, at its level, and lists every requirement no rule judges")
    func docsListRulesAndUnjudged() throws {
        let root = URL(fileURLWithPath: Self.catalogue).deletingLastPathComponent().deletingLastPathComponent()
        let page = try String(contentsOf: root.appendingPathComponent("docs/explore.md"), encoding: .utf8)
        let rows = page.split(separator: "\n").filter { $0.hasPrefix("| `EX-") }
        for rule in Rule.allCases {
            let row = try #require(rows.first { $0.hasPrefix("| `\(rule.rawValue)` |") }, "no row for \(rule.rawValue)")
            #expect(row.contains("| \(rule.level.rawValue) |"), "\(rule.rawValue)")
            for id in rule.generalises {
                let family = id.split(separator: "-").dropLast().joined(separator: "-")
                #expect(row.contains(id) || row.contains(family), "\(rule.rawValue) row does not name \(id)")
            }
        }
        let unjudged = try #require(page.range(of: "## What explore does not judge"), "no section on what explore does not judge")
        for id in Rule.notJudged.keys { #expect(page[unjudged.upperBound...].contains("`\(id)`"), "\(id)") }
    }

    @Test("the minimal app passes the whole catalogue (so it is conformant as the catalogue says)")
    func passesCatalogue() async throws {
        let spec = try SpecLoader.load(path: Self.catalogue).spec
        let results = await Exploring.run(spec, on: { InProcessAdapterProvider { MinimalAppAdapter() } })
        #expect(!results.isEmpty)
        // The held-answer scenarios need an adapter that declared concurrentCalls: skipped, saying so.
        let holding = Set(spec.testCaseIDs(where: \.holdsAnswers))
        #expect(holding.count == 28)
        for result in results where result.outcome != .passed && !holding.contains(result.id) {
            Issue.record("\(result.id): \(result.issues.map(\.message))")
        }
    }

    @Test(
        "a sheet that came up by itself after a Jamf Setup and failed leaves the app signed out until the user retries: the check before it saw the new user, so the resume or broadcast after it obliges nothing"
    )
    func failedSheetAfterSetup() async {
        let blank = Scenario(
            name: "the sheet after a Jamf Setup came back without an id token", given: Given(),
            steps: [
                Step(.answerNext(method: .acquireToken, answer: .blankIdToken)), Step(.answerNext(method: .acquireTokenSilent, answer: .interactionRequired)),
                Step(.app(.launch)), Step(.globalSignIn(account: "alice")), Step(.app(.suspend)), Step(.app(.resume)),
            ], expect: [])
        let cancelled = Scenario(
            name: "signed out in the app, then the sheet after a Jamf Setup dismissed", given: Given(signedIn: "alice"),
            steps: [
                Step(.app(.launch)), Step(.app(.tapSignOut)), Step(.globalSignOut), Step(.answerNext(method: .acquireToken, answer: .cancel)),
                Step(.globalSignIn(account: "alice")), Step(.broadcast(count: 1)),
            ], expect: [])
        let app = HistoryPlayer(provider: InProcessAdapterProvider { MinimalAppAdapter(app: MinimalApp(promptsByItself: true)) })
        for history in [blank, cancelled] { await Self.expectAllowed(history, on: app, "the sheet came up by itself") { $0.method == .acquireToken } }
    }

    @Test(
        "the app's own sign-in tells it who is on the device: signed in so after a user change it could not check, then relaunched offline, it may wait on the broadcast that names the same user"
    )
    func ownSignInIsSeen() async {
        let history = Scenario(
            name: "signed in by the app after an unchecked user change, then an offline relaunch", given: Given(signedIn: "bob"),
            steps: [
                Step(.app(.launch)), Step(.answerNext(method: .getCurrentAccount, answer: .networkError)), Step(.switchUser(account: "alice")),
                Step(.app(.refresh)), Step(.answerNext(method: .getCurrentAccount, answer: .networkError)), Step(.app(.terminate)), Step(.app(.launch)),
                Step(.broadcast(count: 1)),
            ], expect: [])
        let app = HistoryPlayer(provider: InProcessAdapterProvider { MinimalAppAdapter() })
        await Self.expectAllowed(history, on: app, "the app signed alice in itself") { $0.method == .acquireToken && !$0.failed }
    }

    @Test(
        "a sign-in in the web view, a Jamf Reset and the same user's Jamf Setup: the first session's token, which MSAL's cache hands the app again, is the app's to keep",
        arguments: [false, true])
    func tokenMSALHandsBackIsKept(promptsByItself: Bool) async {
        let history = Scenario(
            name: "signed in in the web view, then a Jamf Reset and the same user's Jamf Setup", given: Given(userAtDevice: "alice"),
            steps: [
                Step(.app(.launch)), Step(.answerNext(method: .acquireToken, answer: .ssoExtensionFailure(code: .failed))), Step(.app(.tapSignIn)),
                Step(.globalSignOut), Step(.globalSignIn(account: "alice")), Step(.broadcast(count: 1)),
            ], expect: [])
        let handsBack = { (call: BrokerCallRecord) in
            guard case .result(.token(let token)) = call.answer else { return false }
            return call.method == .acquireTokenSilent && token.user == "alice" && token.session == 1 && (call.stepIndex ?? 0) >= 4
        }
        let minimal = HistoryPlayer(provider: InProcessAdapterProvider { MinimalAppAdapter(app: MinimalApp(promptsByItself: promptsByItself)) })
        await Self.expectAllowed(history, on: minimal, "MSAL answered the silent call with session 1's token", made: handsBack)
        let reference = HistoryPlayer(provider: InProcessAdapterProvider { ReferenceAppAdapter() })
        await Self.expectAllowed(history, on: reference, "MSAL answered the silent call with session 1's token", made: handsBack)
    }

    @Test("the broker asks for interaction again after the sheet: the app's second sheet is allowed, and a sheet per resource is still one too many")
    func askedAgainAfterSheet() async {
        let twice = Scenario(
            name: "InteractionRequired at launch, and again for the sync after the sheet", given: Given(signedIn: "alice"),
            steps: [
                Step(.answerNext(method: .acquireTokenSilent, answer: .interactionRequired)),
                Step(.answerNext(method: .acquireTokenSilent, answer: .interactionRequired)), Step(.app(.launch)),
            ], expect: [])
        let syncing = HistoryPlayer(provider: InProcessAdapterProvider { MinimalAppAdapter(app: MinimalApp(promptsByItself: true, syncsAfterSheet: true)) })
        await Self.expectAllowed(twice, on: syncing, "the second sheet came up by itself") { $0.method == .acquireToken && ($0.stepIndex ?? 0) == 2 }
        let outcome = await syncing.play(twice)
        #expect(outcome.result.transcript.filter { $0.method == .acquireToken }.count == 2)

        // A sheet per resource: both silent calls answered -50002 before the first sheet, where one would have done.
        let flawed = await HistoryPlayer(provider: InProcessAdapterProvider { ReferenceAppAdapter(flaws: [.promptsPerResource]) }).play(twice)
        #expect(flawed.result.transcript.filter { $0.method == .acquireToken }.count == 2, "\(flawed.result.transcript.map(\.method))")
        #expect(flawed.violation(of: .prompt) != nil, "\(flawed.violationsText)")
    }

    /// Plays `history` on `app`, which makes a call that `made` picks (`what` says which), and no rule fires.
    static func expectAllowed(_ history: Scenario, on app: HistoryPlayer, _ what: String, made: (BrokerCallRecord) -> Bool) async {
        let outcome = await app.play(history)
        let madeIt = outcome.result.transcript.contains(where: made)
        #expect(madeIt, "\(history.name): \(what)")
        #expect(outcome.violations.isEmpty, "\(history.name): \(outcome.violationsText)")
    }

    @Test(
        "no rule fires on it: signed out after a failure, it waits for the user, which the rules allow; also when InteractionRequired brings the sheet up by itself",
        arguments: [false, true])
    func noViolation(promptsByItself: Bool) async {
        let explorer = Explorer(
            options: ExploreOptions(seed: 77, runs: Int(ProcessInfo.processInfo.environment["EXPLORE_MINIMAL_RUNS"] ?? "") ?? 1500),
            makeProvider: { InProcessAdapterProvider { MinimalAppAdapter(app: MinimalApp(promptsByItself: promptsByItself)) } })
        let result = await explorer.explore()
        #expect(result.finding == nil, "\(result.finding.map { ExploreEvents.describe($0.history) + "\n" + ($0.violation.issues.first?.message ?? "") } ?? "")")
        #expect(result.setAside.isEmpty, "\(result.setAside.map { ExploreEvents.describe($0.history) + "\n" + ($0.violation.issues.first?.message ?? "") })")
    }
}

extension HistoryOutcome {
    /// Each violation's rule and first message, for a failed expectation.
    fileprivate var violationsText: String { "\(violations.map { $0.rule.rawValue + ": " + ($0.issues.first?.message ?? "") })" }
}
