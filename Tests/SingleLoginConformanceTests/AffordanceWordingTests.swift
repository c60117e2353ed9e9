import Foundation
import ReferenceApp
import SingleLoginAdapter
import SingleLoginConformance
import SingleLoginSpec
import SingleLoginTransport
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
    "Switch nurse", "Change driver", "Not you? Switch user", "Hand over to next associate", "Sign in another technician", "Add crew member",
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
    "Switch route", "Change ward", "Switch department", "Change table",
]

/// Buttons of frontline apps as they are worded, by sector: each entry is a label and whether it is
/// an account action. Tills and clinics use "register" as a noun after a verb ("Close register"),
/// before a number ("Register 3"), or as a verb with an object other than an account ("Register a
/// delivery"); sign-up screens say "Register" alone, as their last sentence, or with account words.
/// "Account" and "user" are an account action when they are what is added, created, registered or
/// switched to ("Add user", "Switch cashier"); not when a sale, a credit or a PIN is what the button
/// acts on ("Add account credit", "Change user PIN"), or a customer, guest or patient is signed up.
let frontlineCorpus: [(sector: String, text: String, isAccountAction: Bool)] = [
    // Retail: point of sale, tills, stock.
    ("retail", "Open register", false), ("retail", "Close register", false), ("retail", "Close Register", false),
    ("retail", "Open cash register", false), ("retail", "Cash register", false), ("retail", "Register 3", false),
    ("retail", "Register #2", false), ("retail", "Switch register", false), ("retail", "Select register", false),
    ("retail", "Count register", false), ("retail", "Balance register", false), ("retail", "Register closed", false),
    ("retail", "Reopen register", false), ("retail", "Open drawer", false), ("retail", "End of day", false),
    ("retail", "Register return", false), ("retail", "Register a return", false), ("retail", "Scan item", false),
    ("retail", "Price check", false), ("retail", "Register gift card", false), ("retail", "Register loyalty card", false),
    ("retail", "Register", true), ("retail", "Register now", true),
    ("retail", "Create account", true), ("retail", "Switch user", true), ("retail", "Not you?", true),
    // A store account or a customer is what these act on, or a property of the signed-in worker.
    ("retail", "Add account credit", false), ("retail", "Create account sale", false), ("retail", "Customer sign-up", false),
    ("retail", "Loyalty sign up", false), ("retail", "Sign up customer for loyalty", false), ("retail", "Change user PIN", false),
    ("retail", "Change cashier PIN", false), ("retail", "Charge to account", false), ("retail", "Pay on account", false),
    ("retail", "Add to account", false), ("retail", "Account balance", false), ("retail", "Add account payment", false),
    ("retail", "New customer", false), ("retail", "Look up customer", false), ("retail", "Rewards signup", false),
    // Another user is what these add, create, register or switch to.
    ("retail", "Add user", true), ("retail", "Create new user", true), ("retail", "Register new user", true),
    ("retail", "Register account", true), ("hospitality", "Join now", false), ("retail", "Switch cashier", true),
    ("retail", "Change cashier", true), ("retail", "Switch employee", true),
    // Hospitality: restaurants, hotels.
    ("hospitality", "Close out register", false), ("hospitality", "Register 1 – Bar", false), ("hospitality", "Split check", false),
    ("hospitality", "Send to kitchen", false), ("hospitality", "Register walk-in", false), ("hospitality", "Register guest", false),
    ("hospitality", "Check in guest", false), ("hospitality", "Sign up for shift", false), ("hospitality", "Swap shift", false),
    ("hospitality", "Clock in", false), ("hospitality", "Register for free", true), ("hospitality", "New here? Register", true),
    ("hospitality", "Add account", true), ("hospitality", "Use another account", true),
    ("hospitality", "Guest sign-up", false), ("hospitality", "Sign up guest for newsletter", false),
    ("hospitality", "Member sign up", false), ("hospitality", "Charge to room", false), ("hospitality", "Create account invoice", false),
    ("hospitality", "Join for free", true), ("hospitality", "Create user", true), ("hospitality", "Switch cashiers", true),
    // Logistics: warehouses, delivery.
    ("logistics", "Register a delivery", false), ("logistics", "Register delivery", false), ("logistics", "Register arrival", false),
    ("logistics", "Register damage", false), ("logistics", "Register pallet", false), ("logistics", "Register scanner", false),
    ("logistics", "Confirm pickup", false), ("logistics", "Start route", false), ("logistics", "Switch route", false),
    ("logistics", "Register an account", true), ("logistics", "Register here", true), ("logistics", "Sign up", true),
    ("logistics", "Switch account", true),
    ("logistics", "Switch vehicle", false), ("logistics", "Add consignee", false), ("logistics", "Change user password", false),
    ("logistics", "Add a new user", true), ("logistics", "Register user", true),
    // Healthcare: wards, clinics, pharmacies.
    ("healthcare", "Register patient", false), ("healthcare", "Register new patient", false), ("healthcare", "Register a new patient", false),
    ("healthcare", "Register specimen", false), ("healthcare", "Register visit", false), ("healthcare", "Register for CPR training", false),
    ("healthcare", "Administer dose", false), ("healthcare", "Hand over", false), ("healthcare", "Change patient", false),
    ("healthcare", "Register today", true), ("healthcare", "Register with email", true), ("healthcare", "Sign in with a different account", true),
    ("healthcare", "Change user", true),
    ("healthcare", "Patient sign-up", false), ("healthcare", "Sign up patient for portal", false), ("healthcare", "Change user PIN", false),
    ("healthcare", "Add another user", true), ("healthcare", "Register a new user", true),
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
        switch match {
        case .words(let words, let exceptions): return WordMatcher(words, except: exceptions).firstMatch(in: text) != nil
        case .pattern(let pattern): return text.range(of: pattern, options: [.regularExpression, .caseInsensitive]) != nil
        }
    }

    /// Whether any of the catalogue's affordance checks (each scenario has all of them) finds `text`.
    static func isAffordance(_ text: String) throws -> Bool {
        try Set(catalogueMatches()).contains { matches($0, text) }
    }

    @Test("the tables are long enough, and every affordance check of the catalogue is one of the same two")
    func tables() throws {
        #expect(accountWordings.count >= 30 && domainWordings.count >= 30)
        #expect(frontlineCorpus.count >= 60)
        #expect(Set(frontlineCorpus.map(\.sector)) == ["retail", "hospitality", "logistics", "healthcare"])
        #expect(frontlineCorpus.contains { $0.isAccountAction } && frontlineCorpus.contains { !$0.isAccountAction })
        let matches = try Self.catalogueMatches()
        #expect(matches.count == 14)
        #expect(Set(matches).count == 2)
    }

    @Test("the worker-role corpus covers five sectors, each with account actions and harmless buttons")
    func workerRoleTable() {
        #expect(workerRoleCorpus.count >= 180)
        let sectors = Set(workerRoleCorpus.map(\.sector))
        #expect(sectors == ["healthcare", "retail", "logistics", "field service", "hospitality"])
        for sector in sectors {
            let entries = workerRoleCorpus.filter { $0.sector == sector }
            #expect(entries.filter(\.isAccountAction).count >= 10 && entries.filter { !$0.isAccountAction }.count >= 15, "\(sector)")
        }
    }

    @Test(
        "a button naming a worker by role is an affordance exactly when it switches, adds, signs in or hands over to a worker",
        arguments: workerRoleCorpus.indices)
    func workerRoleButton(index: Int) throws {
        let entry = workerRoleCorpus[index]
        #expect(try Self.isAffordance(entry.text) == entry.isAccountAction, "\(entry.sector): \"\(entry.text)\"")
    }

    @Test("an account wording is an affordance", arguments: accountWordings)
    func accountWording(text: String) throws {
        #expect(try Self.isAffordance(text))
    }

    @Test("a frontline app's own wording is none", arguments: domainWordings)
    func domainWording(text: String) throws {
        #expect(try !Self.isAffordance(text))
    }

    @Test("a frontline app's button is an affordance exactly when it is an account action", arguments: frontlineCorpus.indices)
    func frontlineButton(index: Int) throws {
        let entry = frontlineCorpus[index]
        #expect(try Self.isAffordance(entry.text) == entry.isAccountAction, "\(entry.sector): \"\(entry.text)\"")
    }

    @Test(
        "a till app's signed-in screen with \"Close register\" passes the affordance requirements",
        arguments: [
            "Close register", "Open register", "Register 3", "Cash register", "Register a delivery", "Add account credit", "Customer sign-up",
            "Change user PIN",
        ])
    func tillAppPasses(text: String) async throws {
        let spec = try TestSupport.shippedSpec()
        let run = await TestSupport.run(spec, options: .init(selection: RunSelection(only: ["SL-DETECT-2", "SL-DETECT-3", "SL-DETECT-4"]))) {
            InProcessAdapterProvider { ExtraButtonAdapter(wording: text) }
        }
        let ran = run.results.filter { Self.affordanceRequirements.contains($0.id.requirementID) }
        #expect(ran.count == 7)
        #expect(ran.allSatisfy { $0.outcome == .passed }, "\(TestSupport.unpassed(ran))")
    }

    @Test("a bare \"Register\" button fails them, with the check that found it", arguments: ["Register", "REGISTER", "Register →", "New here? Register"])
    func bareRegisterFails(text: String) async throws {
        let spec = try TestSupport.shippedSpec()
        let run = await TestSupport.run(spec, options: .init(selection: RunSelection(only: ["SL-DETECT-2", "SL-DETECT-3", "SL-DETECT-4"]))) {
            InProcessAdapterProvider { ExtraButtonAdapter(wording: text) }
        }
        #expect(TestSupport.failingRequirements(run.results) == Self.affordanceRequirements)
        #expect(run.results.allSatisfy { $0.outcome != .errored })
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
        #expect(ran.count == 7)
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

    @Test("an apostrophe between letters is part of the word, straight or typographic; elsewhere it separates words")
    func apostrophes() {
        #expect(WordMatcher.words(of: "Don't have an account?") == ["don't", "have", "an", "account"])
        #expect(WordMatcher.words(of: "Don\u{2019}t have an account?") == ["don't", "have", "an", "account"])
        #expect(WordMatcher.words(of: "Alice's shifts") == ["alice's", "shifts"])
        #expect(WordMatcher.words(of: "Switch users' view") == ["switch", "users", "view"])
        #expect(WordMatcher.words(of: "'Sign up'") == ["sign", "up"])
        let matcher = WordMatcher(["don't have an account", "not you"])
        #expect(matcher.firstMatch(in: "Don\u{2019}t have an account? Sign up") == "don't have an account")
        #expect(matcher.firstMatch(in: "Don t have an account") == nil)
        #expect(WordMatcher(["alice"]).firstMatch(in: "Alice\u{2019}s shifts") == nil)
    }
}
