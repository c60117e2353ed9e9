import Foundation
import SingleLoginAdapter
import SingleLoginEvents
@testable import SingleLoginSpec
import Testing

/// Synthetic runs with fixed dates, durations and host names, so reports are byte-for-byte stable.
enum SyntheticRun: String, CaseIterable, CustomTestStringConvertible {
    case allPass = "all-pass"
    case failures
    case errored
    case skippedAndNotRun = "skipped-not-run"

    var testDescription: String { rawValue }

    static let start = Date(timeIntervalSince1970: 1_740_821_400)  // 2025-03-01T09:30:00Z

    static let context = RunContext(
        specID: "single-login", specVersion: "1.2.0", specTitle: "Single Login on shared devices",
        specSHA256: "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08", harnessVersion: "0.1.0", adapter: nil, hostname: "ci-runner-7",
        startDate: start)

    static let adapter = AdapterIdentity(
        adapterName: "reference-adapter", adapterVersion: "1.0.0", appName: "Reference App", appVersion: "2.3 (45)", bundleId: "com.contoso.reference",
        msalVersion: "1.6.1", capabilities: ["observe"])

    static let login = RequirementSummary(
        id: "SL-LOGIN-1", level: .must, title: "Opens signed in when the device has an account", tags: ["login"],
        references: [Reference(title: "Shared device mode for iOS devices", url: "https://learn.microsoft.com/en-us/entra/msal/objc/shared-devices-ios")])
    static let logout = RequirementSummary(
        id: "SL-LOGOUT-1", level: .must, title: "Clears the user's data on global sign-out", tags: ["logout"],
        references: [
            Reference(
                title: "Detect account changes", url: "https://learn.microsoft.com/en-us/entra/identity-platform/msal-ios-shared-devices#detect-account-changes"
            )
        ], location: SourceLocation(file: "embedded:single-login.json", line: 112, column: 5))
    static let signUp = RequirementSummary(
        id: "SL-UI-1", level: .should, title: "Hides \"Sign up\" & <other> self-service in shared mode", tags: ["ui"], references: [])
    static let cancel = RequirementSummary(id: "SL-CANCEL-1", level: .should, title: "Treats a dismissed sheet as normal", tags: ["login"], references: [])

    static func id(_ requirement: RequirementSummary, _ scenario: String) -> TestCaseID {
        TestCaseID(requirementID: requirement.id, scenarioName: scenario)
    }

    static let alice = BrokerCallResult.Account(username: "alice", identifier: nil)

    static let transcript = [
        BrokerCallRecord(sequence: 1, stepIndex: 0, call: .getDeviceInformation, answer: .result(.deviceInformation(mode: .shared))),
        BrokerCallRecord(sequence: 2, stepIndex: 0, call: .getCurrentAccount, answer: .result(.currentAccount(alice, previous: nil))),
        BrokerCallRecord(sequence: 3, stepIndex: 1, call: .getCurrentAccount, answer: .result(.currentAccount(nil, previous: alice))),
    ]

    /// Adapter stderr full of what breaks XML: control characters, ANSI colours, `]]>`, U+FFFE, U+FFFF, U+FFFD.
    static let nastyLog =
        "\u{1B}[31mFATAL\u{1B}[0m broker <gone> & \"quotes\" 'apos'\n\u{0}\u{1}\u{7}bell\u{8}\u{B}\u{C}\u{1F}\u{7F} end ]]> of CDATA\n\u{FFFE}\u{FFFF}replacement \u{FFFD} kept; OSC \u{1B}]0;title\u{7} gone; tab\there\r\n\u{1B}[1;32;40mbold green\u{1B}[m"

    /// 10 MB of stderr whose tail holds the nasty characters too.
    static let hugeLog: String = {
        let line = "2025-03-01 09:30:00.000 adapter[42:7] \u{1B}[2mdebug\u{1B}[0m polling observation state ]]> \u{1}\n"
        let count = 10 * 1024 * 1024 / line.utf8.count + 1
        return String(repeating: line, count: count) + nastyLog
    }()

    struct Case {
        var id: TestCaseID
        var requirement: RequirementSummary
        var skipReason: String?
        var result: TestCaseResult?
        var steps: [String] = []
    }

    var cases: [Case] {
        switch self {
        case .allPass:
            return [
                Case(
                    id: Self.id(Self.login, "opens signed in"), requirement: Self.login,
                    result: TestCaseResult(
                        id: Self.id(Self.login, "opens signed in"), requirement: Self.login, outcome: .passed, duration: 0.1234,
                        transcript: Array(Self.transcript.prefix(2))), steps: ["launch"]),
                Case(
                    id: Self.id(Self.login, "resumes signed in"), requirement: Self.login,
                    result: TestCaseResult(id: Self.id(Self.login, "resumes signed in"), requirement: Self.login, outcome: .passed, duration: 0.0005),
                    steps: ["launch", "suspend", "resume"]),
                Case(
                    id: Self.id(Self.logout, "global sign-out clears"), requirement: Self.logout,
                    result: TestCaseResult(
                        id: Self.id(Self.logout, "global sign-out clears"), requirement: Self.logout, outcome: .passed, duration: 2.5,
                        transcript: Self.transcript), steps: ["launch", "globalSignOut"]),
            ]
        case .failures:
            let leftover = Issue(
                severity: .failure, kind: .expectation(.noDataOf), message: "alice's display name is still on screen", stepIndex: 1,
                expected: "no data of alice on screen", observed: "text \"Alice Adams\" holds alice's marker displayName",
                location: SourceLocation(file: "specs/single-login.json", line: 120, column: 9))
            let signedIn = Issue(
                severity: .failure, kind: .expectation(.signedOut), message: "the app still considers alice signed in", stepIndex: nil,
                expected: "signed in: nobody\nscreen: sign-in button\nscreen: welcome text\nstorage: empty\nmemory: empty",
                observed: "signed in: alice\nscreen: sign-in button\nscreen: welcome text\nstorage: empty\nmemory: session for alice")
            let signUp = Issue(
                severity: .failure, kind: .expectation(.noElement), message: "a \"Sign up\" button is shown in shared mode", stepIndex: 0,
                expected: "no button matching 'sign ?up'", observed: "button \"Sign up <free>\"")
            return [
                Case(
                    id: Self.id(Self.login, "opens signed in"), requirement: Self.login,
                    result: TestCaseResult(id: Self.id(Self.login, "opens signed in"), requirement: Self.login, outcome: .passed, duration: 0.25),
                    steps: ["launch"]),
                Case(
                    id: Self.id(Self.logout, "global sign-out clears"), requirement: Self.logout,
                    result: TestCaseResult(
                        id: Self.id(Self.logout, "global sign-out clears"), requirement: Self.logout, outcome: .failed, duration: 1.0,
                        issues: [leftover, signedIn], transcript: Self.transcript), steps: ["launch", "globalSignOut"]),
                Case(
                    id: Self.id(Self.signUp, "no sign up in shared mode"), requirement: Self.signUp,
                    result: TestCaseResult(
                        id: Self.id(Self.signUp, "no sign up in shared mode"), requirement: Self.signUp, outcome: .failed, duration: 0.0424, issues: [signUp],
                        transcript: Array(Self.transcript.prefix(1))), steps: ["launch"]),
            ]
        case .errored:
            let broken = Issue(
                severity: .error, kind: .adapter(.exited), message: "the adapter exited with status 134 \u{1B}[31m(SIGABRT)\u{1B}[0m during step 2")
            let timeout = Issue(severity: .error, kind: .adapter(.timeout), message: "no answer to 'observe' within 10 s")
            return [
                Case(
                    id: Self.id(Self.login, "opens signed in"), requirement: Self.login,
                    result: TestCaseResult(
                        id: Self.id(Self.login, "opens signed in"), requirement: Self.login, outcome: .errored, duration: 0.75, issues: [broken],
                        transcript: Array(Self.transcript.prefix(2)), adapterLog: Self.nastyLog), steps: ["launch", "tapSignIn"]),
                Case(
                    id: Self.id(Self.logout, "global sign-out clears"), requirement: Self.logout,
                    result: TestCaseResult(
                        id: Self.id(Self.logout, "global sign-out clears"), requirement: Self.logout, outcome: .errored, duration: 10.001, issues: [timeout],
                        adapterLog: Self.hugeLog), steps: ["launch"]),
            ]
        case .skippedAndNotRun:
            return [
                Case(
                    id: Self.id(Self.login, "opens signed in"), requirement: Self.login,
                    result: TestCaseResult(id: Self.id(Self.login, "opens signed in"), requirement: Self.login, outcome: .passed, duration: 0.3),
                    steps: ["launch"]),
                Case(
                    id: Self.id(Self.cancel, "cancel is not an error"), requirement: Self.cancel, skipReason: "not selected (only: login, logout)",
                    result: TestCaseResult(
                        id: Self.id(Self.cancel, "cancel is not an error"), requirement: Self.cancel,
                        outcome: .skipped(reason: "not selected (only: login, logout)"), duration: 0)),
                Case(
                    id: Self.id(Self.logout, "global sign-out clears"), requirement: Self.logout,
                    result: TestCaseResult(
                        id: Self.id(Self.logout, "global sign-out clears"), requirement: Self.logout, outcome: .notRun(reason: "interrupted by SIGINT"),
                        duration: 0)),
                // Planned, never started: the recorders complete it as not run.
                Case(id: Self.id(Self.logout, "user switch clears"), requirement: Self.logout),
            ]
        }
    }

    var interrupted: Bool { self == .skippedAndNotRun }

    /// The events a runner would emit for this run, with fixed dates.
    var events: [Event] { events(gate: .mustAndShould) }

    /// The events a runner would emit for this run under `gate`, with fixed dates: each requirement
    /// starts before its first test case and ends after its last, unless one of them never ended.
    func events(gate: Gate) -> [Event] {
        var clock = Self.start
        func at() -> Date {
            clock += 0.25
            return clock
        }
        var context = Self.context
        context.gate = gate
        var events = [
            Event(
                .runStarted(context, plan: cases.map { PlannedTestCase(id: $0.id, requirement: $0.requirement, skipReason: $0.skipReason) }), date: Self.start)
        ]
        events.append(Event(.adapterIdentified(Self.adapter), date: at()))
        var results: [TestCaseResult] = []
        let cases = self.cases
        for (index, testCase) in cases.enumerated() {
            let group = cases.filter { $0.requirement.id == testCase.requirement.id }
            if index == 0 || cases[index - 1].requirement.id != testCase.requirement.id {
                events.append(Event(.requirementStarted(testCase.requirement), date: at()))
            }
            guard let result = testCase.result else { continue }
            switch result.outcome {
            case .notRun, .skipped:
                break
            default:
                events.append(Event(.testCaseStarted(testCase.id), date: at()))
                for (index, step) in testCase.steps.enumerated() {
                    events.append(Event(.stepPerformed(testCase.id, index: index, description: step), date: at()))
                    for call in result.transcript where call.stepIndex == index {
                        events.append(Event(.brokerCalled(testCase.id, call), date: at()))
                    }
                }
                if testCase.id.requirementID == Self.logout.id, self == .failures {
                    let observation = Observation(
                        running: true, crashed: false, signedInAccount: "alice", screen: [ScreenElement(.text, "Alice Adams")],
                        storage: [StoredItem(.file, "records/alice.json", "{\"owner\":\"alice\"}")])
                    events.append(Event(.observed(testCase.id, observation), date: at()))
                }
                for issue in result.issues {
                    events.append(Event(.issueRecorded(testCase.id, issue), date: at()))
                }
            }
            results.append(result)
            events.append(Event(.testCaseEnded(result), date: at()))
            if index == cases.count - 1 || cases[index + 1].requirement.id != testCase.requirement.id, group.allSatisfy({ $0.result != nil }) {
                events.append(
                    Event(.requirementEnded(RequirementResult(requirement: testCase.requirement, results: group.compactMap(\.result), gate: gate)), date: at()))
            }
        }
        var summary = RunSummary(results: results, duration: 4.2, interrupted: interrupted)
        summary.notRun += cases.filter { $0.result == nil }.count
        events.append(Event(.runEnded(summary), date: at()))
        return events
    }

    /// The events of a run that ended with `results`, each of `requirements` ending after its
    /// cases, all at ``start``, under `gate`.
    static func events(
        of results: [TestCaseResult], requirements: [RequirementSummary], gate: Gate = .mustAndShould, context: RunContext = SyntheticRun.context
    ) -> [Event] {
        var events = [Event(.runStarted(context, plan: results.map { PlannedTestCase(id: $0.id, requirement: $0.requirement) }), date: start)]
        for result in results { events.append(Event(.testCaseEnded(result), date: start)) }
        for requirement in requirements {
            let own = results.filter { $0.requirement.id == requirement.id }
            events.append(Event(.requirementEnded(RequirementResult(requirement: requirement, results: own, gate: gate)), date: start))
        }
        let duration = results.reduce(0) { $0 + $1.duration }
        events.append(Event(.runEnded(RunSummary(results: results, duration: duration, interrupted: false)), date: start))
        return events
    }
}
