import SingleLoginSpec

extension Issue {
    /// What an issue is about: the category reports name it by (JUnit's and the event stream's
    /// `type`, `expectation.noDataOf`, `adapter.timeout`, ...). Decoded at the edge from that text;
    /// inside, callers switch over it, so a new kind shows them every place that must handle it.
    public enum Kind: Hashable, Sendable, CustomStringConvertible {
        /// A check of the spec failed: `expectation.<check>`.
        case expectation(Expectation.Kind)
        /// The adapter failed (or the harness stopped it): `adapter.timeout`, `harness.interrupted`, ...
        case adapter(AdapterFailureKind)
        /// The app crashed while it handled an event or a broadcast: `app.crashed`.
        case appCrashed
        /// The app never settled while it handled an event (iOS's watchdog would end it): `app.hung`.
        case appHung
        /// A call of the app came after its test case had ended (protocol 1.6, `concurrentCalls`):
        /// a task outlived the test case: `app.lateCall`.
        case appLateCall
        /// Files remain in the app's data container after `reset`: `container.notEmptyAfterReset`.
        case containerNotEmptyAfterReset
        /// The app's data container cannot be read: `container.unreadable`.
        case containerUnreadable
        /// A precondition of the scenario failed (a check marked `precondition`, or one of a step marked
        /// `startingPoint`), so its test case is not judged: `precondition.unmet`.
        case preconditionUnmet
        /// A scenario that cannot be carried out as written: `scenario.invalid`.
        case scenarioInvalid
        /// A test case that failed and then passed, not accepted as flaky: `flaky`.
        case flaky
        /// A waived failure of an earlier run, as `--rerun` reads it back: `waived`.
        case waived
        /// A gated SHOULD failure of an earlier run, as `--rerun` reads it back: `warning`.
        case warning
        /// A waiver expired or stopped matching while its failure remains: `waiver.ranOut`.
        case waiverRanOut
        /// A waived test case passed: `waiver.unexpectedPass`.
        case waiverUnexpectedPass
        /// A violation explore found could not be reproduced: `explore.notReproducible`.
        case exploreNotReproducible
        /// A preflight rule found a problem: `preflight.<problem>`.
        case preflight(Preflight)
        /// A backend answered a shot otherwise than expected, or did not start: `backend.<outcome>`.
        case backend(Backend)
        /// The harness's test tenant could not start: `harness.tenant`.
        case harnessTenant
        /// A kind this build does not know, as a report or an event stream spelled it.
        case other(String)

        /// What a preflight rule found: `preflight.` and the case's raw value.
        public enum Preflight: String, Sendable, CaseIterable {
            case fileMissing, fileUnreadable, fileMalformed, unresolvedSetting, urlSchemeMissing, keyMissing, wrongType,
                valuesMissing, entitlementMissing, invalidRule, dependencyMissing, dependencyTooOld, versionUnknown,
                sourceMissing, sourceForbidden
        }

        /// How a backend answered a shot, or failed to start: `backend.` and the case's raw value.
        public enum Backend: String, Sendable, CaseIterable {
            case accepted, rejected, serverError, unexpectedStatus, timeout, dropped, unreachable, malformedReply
            case startSpawn = "start.spawn", startExited = "start.exited", startTimeout = "start.timeout"
        }

        /// The kind a report's text names; ``other(_:)`` when this build does not know it.
        public init(rawValue: String) {
            self = Self.known[rawValue] ?? .other(rawValue)
        }

        /// The text reports name it by.
        public var rawValue: String {
            switch self {
            case let .expectation(check): "expectation." + check.rawValue
            case let .adapter(kind): kind.rawValue
            case .appCrashed: "app.crashed"
            case .appHung: "app.hung"
            case .appLateCall: "app.lateCall"
            case .containerNotEmptyAfterReset: "container.notEmptyAfterReset"
            case .containerUnreadable: "container.unreadable"
            case .preconditionUnmet: "precondition.unmet"
            case .scenarioInvalid: "scenario.invalid"
            case .flaky: "flaky"
            case .waived: "waived"
            case .warning: "warning"
            case .waiverRanOut: "waiver.ranOut"
            case .waiverUnexpectedPass: "waiver.unexpectedPass"
            case .exploreNotReproducible: "explore.notReproducible"
            case let .preflight(problem): "preflight." + problem.rawValue
            case let .backend(outcome): "backend." + outcome.rawValue
            case .harnessTenant: "harness.tenant"
            case let .other(text): text
            }
        }

        /// The text reports name it by.
        public var description: String { rawValue }

        /// Whether an app fault (a crash or a hang) is its kind: each fails its test case, and
        /// explore's EX-CRASH is violated by either.
        public var isAppFault: Bool { self == .appCrashed || self == .appHung }

        /// Every kind this build knows, by its text.
        private static let known: [String: Kind] = {
            let flat: [Kind] = [
                .appCrashed, .appHung, .appLateCall, .containerNotEmptyAfterReset, .containerUnreadable, .preconditionUnmet, .scenarioInvalid,
                .flaky, .waived, .warning, .waiverRanOut, .waiverUnexpectedPass, .exploreNotReproducible, .harnessTenant,
            ]
            let all =
                flat + Expectation.Kind.allCases.map(Kind.expectation) + AdapterFailureKind.allCases.map(Kind.adapter)
                + Preflight.allCases.map(Kind.preflight) + Backend.allCases.map(Kind.backend)
            return Dictionary(uniqueKeysWithValues: all.map { ($0.rawValue, $0) })
        }()
    }
}
