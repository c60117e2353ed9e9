import SingleLoginAdapter
import SingleLoginEvents
import SingleLoginSpec

/// What a person can do on a real device, from the catalogue: every scenario whose starting state
/// and steps a tester can produce with Jamf Setup, Jamf Reset, the app's own buttons, the Home
/// Screen and the app switcher, with two test users; scenarios that start or end the same way are
/// one procedure, done once and judged for each of them.
///
/// A launch's account check held (`holdNext getCurrentAccount`, `launch`, `release`) is on a
/// device: the real broker takes its own time, and the recorder takes the screen as it answers.
/// Not on a device: other held answers, scripted broker answers (`answerNext`, `requireInteraction`), the clock
/// (`advanceClock`), a broadcast with no change, two accounts at once, an expired token at the
/// start, and accounts whose identity is the point (accents, guests, shared names): the pass's
/// two users stand for the catalogue's `alice` and `bob` only. Each such test case is listed with
/// its reason and reported as not judged on a device.
public struct DevicePlan: Sendable {
    /// The catalogue's first user; the tester's first test user stands for it.
    public static let firstUser = "alice"
    /// The catalogue's second user; the tester's second test user stands for it.
    public static let secondUser = "bob"

    /// One thing the tester does from start to end, judged for every test case it covers.
    public struct Procedure: Sendable, Hashable {
        /// Its number in the pass, from 1.
        public var number: Int
        /// The starting state and steps, as the first covered scenario writes them (without checks).
        public var scenario: Scenario
        /// The test cases it covers, with their scenarios, in catalogue order.
        public var covers: [Covered]

        /// A covered test case.
        public struct Covered: Sendable, Hashable {
            /// The test case.
            public var id: TestCaseID
            /// Its requirement.
            public var requirement: RequirementSummary
            /// Its scenario, with its checks.
            public var scenario: Scenario
            /// When each of the scenario's steps is judged, in the scenario's order.
            public var moments: [Moment]
        }

        /// The users the tester is asked about after step `number` (from 1): "does the app show
        /// their own data?", for every `hasDataOf` on screen a covered scenario checks there (the
        /// last step also answers for the scenarios' closing checks).
        public func asks(step number: Int) -> [String] {
            var names: Set<String> = []
            for covered in covers {
                var checks: [Expectation] = []
                for (step, moment) in zip(covered.scenario.steps, covered.moments) where moment == .confirmed(step: number) {
                    checks += step.expect + step.preconditions.map(\.check)
                }
                if number == scenario.steps.count { checks += covered.scenario.expect + covered.scenario.preconditions.map(\.check) }
                for case .hasDataOf(let account, let places) in checks where places.contains(.screen) { names.insert(account) }
            }
            return names.sorted()
        }

        /// The steps a tester takes: the preparation (one, for the starting state) and the scenario's steps.
        public var stepCount: Int { scenario.steps.count + 1 }
    }

    /// When a step of a covered scenario is judged. The tester does every step but two: a
    /// `holdNext getCurrentAccount` just before a launch, and the `release` just after it. On a
    /// device the real broker takes its own time to answer that check, and the recorder takes the
    /// screen as the answer arrives, before the app has it: what the app showed meanwhile.
    public enum Moment: Sendable, Hashable {
        /// As the tester confirms procedure step `step` (from 1): its checkpoint, and the calls
        /// since the moment before.
        case confirmed(step: Int)
        /// The launch of procedure step `step` while its account check was under way: the
        /// checkpoint the recorder took as that check answered (`SessionRecorder.launchAccountCheckLabel`),
        /// and the calls before it.
        case launchAccountCheck(step: Int)
        /// `holdNext getCurrentAccount` before such a launch: nothing to do or judge.
        case hold

        /// The procedure step the moment belongs to; nil for a hold.
        public var step: Int? {
            switch self {
            case .confirmed(let step), .launchAccountCheck(let step): step
            case .hold: nil
            }
        }
    }

    /// The moment of each of `scenario`'s steps; nil when it holds an answer other than a launch's
    /// account check, or checks anything at the hold itself.
    static func moments(of scenario: Scenario) -> [Moment]? {
        let steps = scenario.steps
        var moments: [Moment] = []
        var number = 0
        var index = 0
        while index < steps.count {
            switch steps[index].action {
            case .holdNext(.getCurrentAccount, nil)
            where index + 2 < steps.count && steps[index + 1].action == .app(.launch) && steps[index + 2].action == .release
                && steps[index].expect.isEmpty && steps[index].preconditions.isEmpty:
                number += 1
                moments += [.hold, .launchAccountCheck(step: number), .confirmed(step: number)]
                index += 3
            case .holdNext, .release:
                return nil
            default:
                number += 1
                moments.append(.confirmed(step: number))
                index += 1
            }
        }
        return moments
    }

    /// A test case the pass does not cover, and why.
    public struct Uncovered: Sendable, Hashable {
        /// The test case.
        public var id: TestCaseID
        /// Its requirement.
        public var requirement: RequirementSummary
        /// Why a person cannot produce it on a device.
        public var reason: String
    }

    /// The procedures, in catalogue order of their first test case.
    public var procedures: [Procedure]
    /// What the pass cannot cover.
    public var uncovered: [Uncovered]

    /// The plan for `spec`.
    public init(spec: Spec) {
        var procedures: [Procedure] = []
        var byShape: [String: Int] = [:]
        var uncovered: [Uncovered] = []
        for requirement in spec.requirements {
            let summary = RequirementSummary(requirement)
            for scenario in requirement.scenarios {
                let id = TestCaseID(requirementID: requirement.id, scenarioName: scenario.name)
                if let reason = Self.reasonNotOnDevice(scenario) {
                    uncovered.append(Uncovered(id: id, requirement: summary, reason: reason))
                    continue
                }
                let moments = Self.moments(of: scenario) ?? []
                let covered = Procedure.Covered(id: id, requirement: summary, scenario: scenario, moments: moments)
                // What the tester does: the steps without the hold and the release the real broker stands for.
                let done = zip(scenario.steps, moments).filter { $0.1 != .hold && $0.0.action != .release }.map { Step($0.0.action) }
                let shape = Self.shape(given: scenario.given, steps: done)
                if let index = byShape[shape] {
                    procedures[index].covers.append(covered)
                } else {
                    byShape[shape] = procedures.count
                    let bare = Scenario(name: scenario.name, given: scenario.given, steps: done, expect: [], location: scenario.location)
                    procedures.append(Procedure(number: procedures.count + 1, scenario: bare, covers: [covered]))
                }
            }
        }
        self.procedures = procedures
        self.uncovered = uncovered
    }

    /// Every step the tester takes.
    public var stepCount: Int { procedures.reduce(0) { $0 + $1.stepCount } }

    /// A tester's time for the whole pass, in minutes: each step at a rough, stated cost (Jamf Setup
    /// 2, a user change 3, Jamf Reset 1.5, a sign-in in Microsoft's sheet 1.5, the preparation 1.5 or
    /// 3 with Jamf Setup, anything in the app 0.5, the Home Screen 0.25), plus 10% for reading.
    public var estimatedMinutes: Int {
        var minutes = 0.0
        for procedure in procedures {
            minutes += procedure.scenario.given.signedIn.isEmpty ? 1.5 : 3
            for step in procedure.scenario.steps {
                switch step.action {
                case .globalSignIn: minutes += 2
                case .switchUser: minutes += 3
                case .globalSignOut: minutes += 1.5
                case .app(.tapSignIn): minutes += 1.5
                case .app(.suspend): minutes += 0.25
                default: minutes += 0.5
                }
            }
        }
        return Int((minutes * 1.1).rounded(.up))
    }

    /// The same starting state and steps.
    static func shape(given: Given, steps: [Step]) -> String {
        "\(given.signedIn)|\(given.userAtDevice ?? "")|" + steps.map(\.action.description).joined(separator: ",")
    }

    /// Why a person cannot produce `scenario` on a device, or nil when one can.
    static func reasonNotOnDevice(_ scenario: Scenario) -> String? {
        let given = scenario.given
        if given.deviceMode != .shared { return "a personal device: the pass runs in Shared Device Mode" }
        if given.signedIn.count > 1 { return "two accounts signed in at once: Jamf Setup signs in one" }
        if given.token != .valid { return "an expired sign-in at the start: nobody can expire a real token on request" }
        for step in scenario.steps {
            switch step.action {
            case .answerNext: return "a scripted broker answer (\(step.action.description)): the real broker answers as it does"
            case .requireInteraction: return "a scripted broker answer (requireInteraction): the real broker answers as it does"
            case .holdNext, .release:
                // A launch's account check held is the real broker's own time to answer, which the recorder sees through.
                if moments(of: scenario) == nil {
                    return "a held answer (\(step.action.description)): nobody can hold the real broker's or backend's answer on request"
                }
            case .advanceClock: return "the clock moves (\(step.action.description)): a pass does not wait hours"
            case .broadcast: return "a broadcast with no change: only the broker posts it"
            case .app(.accountChangedBroadcast): return "a broadcast with no change: only the broker posts it"
            case .app, .globalSignIn, .globalSignOut, .switchUser: break
            }
        }
        let others = accounts(of: scenario).subtracting([firstUser, secondUser])
        if let other = others.sorted().first {
            return "the account '\(other)': its identity is the point (the pass's two test users stand for \(firstUser) and \(secondUser))"
        }
        return nil
    }

    /// Every account `scenario` names.
    static func accounts(of scenario: Scenario) -> Set<String> {
        var names = Set(scenario.given.signedIn)
        if let user = scenario.given.userAtDevice { names.insert(user) }
        var checks = scenario.expect + scenario.preconditions.map(\.check)
        for step in scenario.steps {
            switch step.action {
            case .globalSignIn(let account), .switchUser(let account): names.insert(account)
            default: break
            }
            checks += step.expect + step.preconditions.map(\.check)
        }
        for check in checks {
            switch check {
            case .signedIn(let account), .noDataOf(let account, _, _), .hasDataOf(let account, _): names.insert(account)
            default: break
            }
        }
        return names
    }
}
