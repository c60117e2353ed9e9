import Foundation
import ReferenceApp
import SingleLoginAdapter
import SingleLoginConformance
import SingleLoginSpec
import Testing

/// Button wordings that offer an account action (sign-up, add, switch): on a shared device each
/// must fail the shared-mode affordance requirements.
let accountWordings = [
    "Sign up", "SIGN UP", "Sign-up", "Signup", "Sign up now", "Sign up free", "Sign up for free", "Sign up for an account",
    "Sign up with email", "Sign up for a new account", "Sign up for a free account", "Register", "Register now",
    "Register for an account", "Register for free", "Create account", "Create an account", "Create a new account",
    "New account", "Add account", "+ Add account", "Add an account", "Add another account", "Switch account",
    "Switch Account…", "Switch accounts", "Switch user", "Change account", "Change user", "Use another account",
    "Use a different account", "Sign in with another account", "Sign in with a different account",
    "Log in with a different account", "Not you?", "Not you? Switch account", "Sign up for shifts or create an account",
]

/// Button wordings of a frontline app's own features (shifts, trainings, teams), or of nothing
/// account-related: none of them may fail those requirements.
let domainWordings = [
    "Sign up for open shifts", "Sign up for shift", "Sign up for shifts", "Sign up for a shift", "Sign up for this shift",
    "Sign-up for overtime", "Signup for open shifts", "Sign up for training", "Sign up for the safety briefing",
    "Register for training", "Register for CPR training", "Register for the team meeting", "Join shift", "Create shift",
    "Add shift", "Add a shift", "Switch team", "Switch teams", "Switch shift", "Swap shift", "Change shift", "Change team",
    "Change store", "Change account settings", "Change account password", "New shift", "New message", "Create task",
    "Add note", "Sign-ups (3)", "View sign ups", "Design updates", "Signed up", "Not your shift? Swap it", "Get started",
    "Sign in", "Sign out", "Log out", "Continue with Microsoft", "Account", "My account", "Account settings",
]

/// The reference app with one more button on every screen it shows.
struct ExtraButtonAdapter: ConformanceAdapter {
    let inner = ReferenceAppAdapter()
    let wording: String
    var identity: AdapterIdentity { inner.identity }

    func reset(environment: AppEnvironment) async throws { try await inner.reset(environment: environment) }
    func handle(_ event: AppEvent) async throws -> Observation { with(try await inner.handle(event)) }
    func observe() async throws -> Observation { with(try await inner.observe()) }

    private func with(_ observation: Observation) -> Observation {
        var observation = observation
        if observation.running { observation.screen.append(ScreenElement(.button, wording)) }
        return observation
    }
}

@Suite("Shared-mode affordances: account actions are told apart from a frontline app's own sign-ups")
struct AffordanceWordingTests {
    static let affordanceRequirements: Set<String> = ["SL-DETECT-2", "SL-DETECT-3", "SL-DETECT-4"]

    /// Every `noElement` check of the shipped catalogue.
    static func catalogueMatches() throws -> [ElementMatch] {
        try TestSupport.shippedSpec().spec.requirements.flatMap { $0.scenarios.flatMap { $0.steps.flatMap(\.expect) + $0.expect } }.compactMap {
            if case .noElement(.button?, let match) = $0 { return match }
            return nil
        }
    }

    static func matches(_ match: ElementMatch, _ text: String) -> Bool {
        guard case .words(let words, let exceptions) = match else { return false }
        return WordMatcher(words, except: exceptions).firstMatch(in: text) != nil
    }

    @Test("the tables are long enough, and every affordance check of the catalogue uses the same words")
    func tables() throws {
        #expect(accountWordings.count >= 30 && domainWordings.count >= 30)
        let matches = try Self.catalogueMatches()
        #expect(matches.count == 6)
        #expect(Set(matches).count == 1)
    }

    @Test("an account wording is an affordance", arguments: accountWordings)
    func accountWording(text: String) throws {
        for match in try Self.catalogueMatches() { #expect(Self.matches(match, text)) }
    }

    @Test("a frontline app's own wording is none", arguments: domainWordings)
    func domainWording(text: String) throws {
        for match in try Self.catalogueMatches() { #expect(!Self.matches(match, text)) }
    }

    @Test("an app showing an account wording fails the affordance requirements, as failures", arguments: accountWordings)
    func appWithAccountWordingFails(text: String) async throws {
        let spec = try TestSupport.shippedSpec()
        let run = await TestSupport.run(spec, options: .init(selection: RunSelection(only: ["SL-DETECT-2", "SL-DETECT-3", "SL-DETECT-4"]))) {
            InProcessAdapterProvider { ExtraButtonAdapter(wording: text) }
        }
        #expect(TestSupport.failingRequirements(run.results) == Self.affordanceRequirements)
        #expect(run.results.allSatisfy { $0.outcome != .errored })
    }

    @Test("an app showing a frontline wording passes them", arguments: domainWordings)
    func appWithDomainWordingPasses(text: String) async throws {
        let spec = try TestSupport.shippedSpec()
        let run = await TestSupport.run(spec, options: .init(selection: RunSelection(only: ["SL-DETECT-2", "SL-DETECT-3", "SL-DETECT-4"]))) {
            InProcessAdapterProvider { ExtraButtonAdapter(wording: text) }
        }
        let ran = run.results.filter { Self.affordanceRequirements.contains($0.id.requirementID) }
        #expect(ran.count == 6)
        #expect(ran.allSatisfy { $0.outcome == .passed }, "\(TestSupport.unpassed(ran))")
    }

    @Test("the longest phrase at a word decides: an exception is skipped whole, and a longer phrase overrides it")
    func longestPhraseDecides() {
        let matcher = WordMatcher(["sign up", "sign up for an account", "not you"], except: ["sign up for", "shift sign up"])
        #expect(matcher.firstMatch(in: "Sign up for open shifts") == nil)
        #expect(matcher.firstMatch(in: "Open shift sign-up") == nil)
        #expect(matcher.firstMatch(in: "Sign up for an account") == "sign up for an account")
        #expect(matcher.firstMatch(in: "Sign up for shifts, or sign up") == "sign up")
        #expect(matcher.firstMatch(in: "Alice's shifts. Not you?") == "not you")
        #expect(matcher.firstMatch(in: "signed up") == nil)
    }
}
