import SingleLoginAdapter

/// Writes specs as spec format v1 JSON that ``SpecLoader`` reads back to the same spec: how
/// tools that make specs (`sl-conformance explore`'s counterexamples) write them.
///
/// Keys come in the order docs/spec-format.md lists them; optional keys with their default
/// value are left out. Source locations are not written.
public enum SpecWriter {
    /// The whole spec as a JSON document (with a final newline); `schema` is written as `$schema` when given.
    public static func json(_ spec: Spec, schema: String? = nil) -> String {
        var members: [(String, JSONValue)] = []
        if let schema { members.append(("$schema", .string(schema))) }
        members += [
            ("formatVersion", .string(spec.formatVersion)), ("id", .string(spec.id)), ("version", .string(spec.version)), ("title", .string(spec.title)),
            ("accounts", object(spec.accounts.map { ($0.name, account($0)) })),
            ("requirements", .array(spec.requirements.map(requirement))),
        ]
        return object(members).pretty + "\n"
    }

    /// One requirement as a JSON object, ready to paste into a spec's `requirements`.
    public static func json(_ requirement: Requirement) -> String {
        Self.requirement(requirement).pretty
    }

    private static func account(_ definition: AccountDefinition) -> JSONValue {
        var members: [(String, JSONValue)] = [("username", .string(definition.username)), ("displayName", .string(definition.displayName))]
        if let objectId = definition.objectId { members.append(("objectId", .string(objectId))) }
        if let tenantId = definition.tenantId { members.append(("tenantId", .string(tenantId))) }
        return object(members)
    }

    private static func requirement(_ requirement: Requirement) -> JSONValue {
        object([
            ("id", .string(requirement.id)), ("level", .string(requirement.level.rawValue)), ("title", .string(requirement.title)),
            ("rationale", .string(requirement.rationale)),
            ("references", .array(requirement.references.map { object([("title", .string($0.title)), ("url", .string($0.url))]) })),
            ("tags", .array(requirement.tags.map(JSONValue.string))),
            ("scenarios", .array(requirement.scenarios.map(scenario))),
        ])
    }

    private static func scenario(_ scenario: Scenario) -> JSONValue {
        var members: [(String, JSONValue)] = [("name", .string(scenario.name))]
        let given = given(scenario.given)
        if case .object(let fields) = given, !fields.isEmpty { members.append(("given", given)) }
        members.append(("steps", .array(scenario.steps.map(step))))
        let checks = scenario.preconditions.map(precondition) + scenario.expect.map(check)
        if !checks.isEmpty { members.append(("expect", .array(checks))) }
        return object(members)
    }

    private static func given(_ given: Given) -> JSONValue {
        var members: [(String, JSONValue)] = []
        if given.deviceMode != .shared { members.append(("deviceMode", .string(given.deviceMode.rawValue))) }
        switch given.signedIn.count {
        case 0: break
        case 1: members.append(("signedIn", .string(given.signedIn[0])))
        default: members.append(("signedIn", .array(given.signedIn.map(JSONValue.string))))
        }
        if given.token != .valid { members.append(("token", .string(given.token.rawValue))) }
        if let user = given.userAtDevice { members.append(("userAtDevice", .string(user))) }
        return object(members)
    }

    private static func step(_ step: Step) -> JSONValue {
        var members: [(String, JSONValue)]
        switch step.action {
        case .app(let event): members = [("do", .string(event.rawValue))]
        case .globalSignIn(let account): members = [("do", .string("globalSignIn")), ("account", .string(account))]
        case .globalSignOut: members = [("do", .string("globalSignOut"))]
        case .switchUser(let account): members = [("do", .string("switchUser")), ("account", .string(account))]
        case .broadcast(let count): members = [("do", .string("broadcast"))] + (count == 1 ? [] : [("count", .integer(count))])
        case .answerNext(let method, let answer): members = [("do", .string("answerNext")), ("method", .string(method.rawValue))] + self.answer(answer)
        case .advanceClock(let minutes): members = [("do", .string("advanceClock")), ("minutes", .integer(minutes))]
        case .requireInteraction: members = [("do", .string("requireInteraction"))]
        case .holdNext(let method, let account):
            members = [("do", .string("holdNext")), ("method", .string(method.rawValue))] + (account.map { [("account", .string($0))] } ?? [])
        case .release: members = [("do", .string("release"))]
        }
        if let startingPoint = step.startingPoint { members.append(("startingPoint", .string(startingPoint))) }
        let checks = step.preconditions.map(precondition) + step.expect.map(check)
        if !checks.isEmpty { members.append(("expect", .array(checks))) }
        return object(members)
    }

    private static func answer(_ answer: BrokerAnswer) -> [(String, JSONValue)] {
        switch answer {
        case .complete(let account, let broadcast):
            return [("answer", .string("complete"))] + (account.map { [("account", .string($0))] } ?? []) + (broadcast ? [] : [("broadcast", .bool(false))])
        case .cancel: return [("answer", .string("cancel"))]
        case .interactionRequired: return [("answer", .string("interactionRequired"))]
        case .networkError: return [("answer", .string("networkError"))]
        case .noIdToken: return [("answer", .string("noIdToken"))]
        case .blankIdToken: return [("answer", .string("blankIdToken"))]
        case .declinedScopes(let scopes):
            return [("answer", .string("declinedScopes"))] + (scopes.map { [("scopes", .array($0.map(JSONValue.string)))] } ?? [])
        case .ssoExtensionFailure(let code): return [("answer", .string("ssoExtensionFailure"))] + (code == .failed ? [] : [("code", .integer(code.rawValue))])
        case .brokerNotAvailable: return [("answer", .string("brokerNotAvailable"))]
        }
    }

    /// A precondition: its check, with `precondition` after the check's own keys.
    private static func precondition(_ precondition: Precondition) -> JSONValue {
        guard case .object(let members) = check(precondition.check) else { return check(precondition.check) }
        return .object(
            members + [JSONValue.Member(key: "precondition", value: .string(precondition.requirementID))]
                + (precondition.byRelease ? [JSONValue.Member(key: "byRelease", value: .bool(true))] : []))
    }

    private static func check(_ expectation: Expectation) -> JSONValue {
        let check = ("check", JSONValue.string(expectation.kind.rawValue))
        switch expectation {
        case .calls(let method, let range, let filter):
            var members: [(String, JSONValue)] = [check, ("method", .string(method.rawValue))]
            if range.atMost == range.atLeast {
                members.append(("count", .integer(range.atLeast)))
            } else {
                if range.atLeast > 0 || range.atMost == nil { members.append(("atLeast", .integer(range.atLeast))) }
                if let most = range.atMost { members.append(("atMost", .integer(most))) }
            }
            if let answered = filter.answered { members.append(("answered", .string(answered.rawValue))) }
            if let during = filter.during { members.append(("during", .string(during.rawValue))) }
            return object(members)
        case .signedIn(let account): return object([check, ("account", .string(account))])
        case .signedOut: return object([check])
        case .noDataOf(let account, let places, let session):
            var members: [(String, JSONValue)] = [check, ("account", .string(account))]
            members += self.places(places)
            if let session { members.append(("session", .integer(session))) }
            return object(members)
        case .hasDataOf(let account, let places):
            return object([check, ("account", .string(account))] + self.places(places))
        case .noErrorShown: return object([check])
        case .notCrashed: return object([check])
        case .noElement(let kind, let match):
            var matching: [(String, JSONValue)]
            switch match {
            case .pattern(let pattern): matching = [("matching", .string(pattern))]
            case .words(let words, let exceptions):
                matching = [("words", .array(words.map(JSONValue.string)))]
                if !exceptions.isEmpty { matching.append(("except", .array(exceptions.map(JSONValue.string)))) }
            }
            return object([check] + (kind.map { [("kind", .string($0.rawValue))] } ?? []) + matching)
        case .scopesCovered: return object([check])
        case .deviceSignedOut: return object([check])
        case .errorShown: return object([check])
        case .brokerEnabled: return object([check])
        }
    }

    /// An object of `pairs`, in their order.
    private static func object(_ pairs: [(String, JSONValue)]) -> JSONValue {
        .object(pairs.map { JSONValue.Member(key: $0.0, value: $0.1) })
    }

    /// `in`, left out when it names every place (the default).
    private static func places(_ places: Set<Expectation.Place>) -> [(String, JSONValue)] {
        guard places != Expectation.Place.screenAndStorage else { return [] }
        return [("in", .array(Expectation.Place.allCases.filter(places.contains).map { .string($0.rawValue) }))]
    }
}
