import Foundation
import SingleLoginAdapter

extension SpecDecoder {
    /// Every key some check kind allows.
    static let allCheckKeys =
        ["check", "precondition", "byRelease"]
        + Expectation.Kind.allCases.flatMap { $0.requiredKeys + $0.optionalKeys }.reduce(into: [String]()) { keys, key in
            if !keys.contains(key) { keys.append(key) }
        }

    /// A step's or a scenario's checks: those of the requirement's own subject, and those marked `precondition`.
    struct DecodedChecks {
        var subject: [Expectation] = []
        var preconditions: [Precondition] = []
    }

    /// Decodes the optional `expect` array of a step or scenario. `startingPoint` is the step's
    /// (empty when present but unusable): its checks are preconditions already, and none may name one.
    mutating func decodeChecks(_ fields: [JSONMember], _ path: String, startingPoint: String? = nil) -> DecodedChecks {
        var checks = DecodedChecks()
        for (index, element) in (array(fields, "expect", path) ?? []).enumerated() {
            let checkPath = JSONPath.appending(index: index, to: JSONPath.appending(key: "expect", to: path))
            let check = decodeCheck(element, checkPath)
            let owner = decodePrecondition(element, checkPath, startingPoint: startingPoint)
            let byRelease = decodeByRelease(element, checkPath, check: check, hasPrecondition: owner != nil, inStartingPoint: startingPoint != nil)
            guard let check else { continue }
            if let owner {
                checks.preconditions.append(Precondition(check, ownedBy: owner, byRelease: byRelease))
            } else {
                checks.subject.append(check)
            }
        }
        return checks
    }

    /// Decodes a check's `precondition` (format 1.4): a requirement ID, checked against the spec's
    /// IDs once all are read; nil when absent or unusable.
    private mutating func decodePrecondition(_ node: JSONNode, _ path: String, startingPoint: String?) -> String? {
        guard case .object(let fields) = node.value, let member = fields.first(where: { $0.key == "precondition" }) else { return nil }
        let valuePath = JSONPath.appending(key: "precondition", to: path)
        guard let id = string(member.value, valuePath, name: "precondition") else { return nil }
        guard SpecPatterns.isRequirementID(id) else {
            report(
                member.value.position, valuePath, "'precondition' '\(id)' is not a requirement ID",
                fix: "name the requirement that owns the behaviour this check makes, such as 'SL-SWITCH-3'")
            return nil
        }
        if let startingPoint {
            report(
                member.keyPosition, valuePath,
                "'precondition' on a check of a step marked 'startingPoint': each of its checks is a precondition already"
                    + (startingPoint.isEmpty ? "" : ", owned by '\(startingPoint)'"),
                fix: "remove 'precondition', or move the check to a step of its own")
            return nil
        }
        requirementReferences.append(
            RequirementReference(key: "precondition", id: id, owner: currentRequirementID, position: member.value.position, path: valuePath))
        return id
    }

    /// Decodes a check's `byRelease` (format 1.6): only on a precondition, and not on a `calls`
    /// check, whose count is its own step's calls. Whether a `release` step follows is the
    /// scenario's to check (``byReleaseMarks``).
    private mutating func decodeByRelease(_ node: JSONNode, _ path: String, check: Expectation?, hasPrecondition: Bool, inStartingPoint: Bool) -> Bool {
        guard case .object(let fields) = node.value, let member = fields.first(where: { $0.key == "byRelease" }) else { return false }
        let valuePath = JSONPath.appending(key: "byRelease", to: path)
        guard let byRelease = boolean(member.value, valuePath, name: "byRelease"), byRelease else { return false }
        if inStartingPoint {
            report(
                member.keyPosition, valuePath,
                "'byRelease' on a check of a step marked 'startingPoint': a starting point is reached at its step, or not at all",
                fix: "remove 'byRelease'")
            return false
        }
        if !hasPrecondition, !fields.contains(where: { $0.key == "precondition" }) {
            report(
                member.keyPosition, valuePath, "'byRelease' on a check with no 'precondition': the requirement's own checks are made at their step",
                fix: "add the 'precondition' this check is, or remove 'byRelease'")
            return false
        }
        if case .calls = check {
            report(
                member.keyPosition, valuePath, "'byRelease' on a 'calls' check: it counts its own step's calls, which the release cannot add to",
                fix: "remove 'byRelease'")
            return false
        }
        byReleaseMarks.append((member.keyPosition, valuePath))
        return true
    }

    /// Decodes one check: its kind decides which keys are allowed.
    private mutating func decodeCheck(_ node: JSONNode, _ path: String) -> Expectation? {
        guard let fields = members(node, path, what: "a check") else { return nil }
        guard let (kind, kindNode) = self.kind(fields, of: node, path, key: "check", allKeys: Self.allCheckKeys) else { return nil }
        guard let kind = Expectation.Kind(rawValue: kind) else {
            unknownWord(
                kind, what: "check kind", among: Expectation.Kind.allCases.map(\.rawValue), at: kindNode.position, JSONPath.appending(key: "check", to: path))
            return nil
        }
        checkKeys(fields, of: node, path, allowed: ["check", "precondition", "byRelease"] + kind.requiredKeys + kind.optionalKeys, required: kind.requiredKeys)
        switch kind {
        case .calls:
            return decodeCalls(fields, node, path)
        case .signedIn:
            return accountReference(fields, "account", path).map { .signedIn(account: $0) }
        case .signedOut: return .signedOut
        case .noErrorShown: return .noErrorShown
        case .notCrashed: return .notCrashed
        case .scopesCovered: return .scopesCovered
        case .deviceSignedOut: return .deviceSignedOut
        case .errorShown: return .errorShown
        case .brokerEnabled: return .brokerEnabled
        case .noDataOf, .hasDataOf:
            let account = accountReference(fields, "account", path)
            let places = decodePlaces(fields, path)
            let session = kind == .noDataOf ? integer(fields, "session", path, in: 1...Int.max) : nil
            guard let account, let places else { return nil }
            if kind == .hasDataOf { return .hasDataOf(account: account, places: places) }
            if member(fields, "session") != nil, session == nil { return nil }
            return .noDataOf(account: account, places: places, session: session)
        case .noElement:
            let elementKind = enumeration(fields, "kind", path, as: ScreenElement.Kind.self, what: "element kind")
            if member(fields, "kind") != nil, elementKind == nil { return nil }
            let hasPattern = member(fields, "matching") != nil
            let hasWords = member(fields, "words") != nil
            guard hasPattern != hasWords else {
                report(
                    node.position, path,
                    hasPattern
                        ? "'noElement' takes 'matching' or 'words', not both"
                        : "'noElement' needs 'words' (phrases matched as whole words) or 'matching' (a pattern)",
                    fix: hasPattern ? "keep one of the two" : "add \"words\": [\"sign up\"], for example")
                return nil
            }
            if let except = member(fields, "except"), !hasWords {
                report(
                    except.keyPosition, path, "'except' goes with 'words': it names phrases that are not matches although they begin with one",
                    fix: "add \"words\", or remove 'except'")
                return nil
            }
            if hasWords {
                let words = distinctStrings(fields, "words", path)
                let exceptions = member(fields, "except") == nil ? [] : distinctStrings(fields, "except", path)
                guard let words, let exceptions else { return nil }
                // Each phrase as words, once: a catalogue's lists hold hundreds of phrases.
                let phraseByWords = Dictionary(words.map { (WordMatcher.words(of: $0), $0) }, uniquingKeysWith: { first, _ in first })
                if let index = exceptions.firstIndex(where: { phraseByWords[WordMatcher.words(of: $0)] != nil }),
                    case .array(let elements) = member(fields, "except")!.value.value
                {
                    let word = phraseByWords[WordMatcher.words(of: exceptions[index])]!
                    report(
                        elements[index].position, JSONPath.appending(index: index, to: JSONPath.appending(key: "except", to: path)),
                        "'\(exceptions[index])' is in 'except' and, as words, in 'words' ('\(word)')", fix: "keep it in one of the two")
                    return nil
                }
                return .noElement(kind: elementKind, match: .words(words, except: exceptions))
            }
            guard let pattern = regularExpression(fields, "matching", path, options: [.caseInsensitive]) else { return nil }
            return .noElement(kind: elementKind, match: .pattern(pattern))
        }
    }

    /// Decodes `calls`: a method and either `count` or `atLeast`/`atMost`.
    private mutating func decodeCalls(_ fields: [JSONMember], _ node: JSONNode, _ path: String) -> Expectation? {
        let method = enumeration(fields, "method", path, as: BrokerMethod.self, what: "broker method")
        let has = { (key: String) in fields.contains { $0.key == key } }
        let range: CountRange?
        if has("count") {
            if has("atLeast") || has("atMost") {
                let key = fields.first { $0.key == "atLeast" || $0.key == "atMost" }!
                report(
                    key.keyPosition, path, "'count' and '\(key.key)' cannot be used together",
                    fix: "use 'count' for an exact number, or 'atLeast'/'atMost' for a range")
                return nil
            }
            range = integer(fields, "count", path, in: 0...Int.max).map(CountRange.exactly)
        } else if has("atLeast") || has("atMost") {
            let least = has("atLeast") ? integer(fields, "atLeast", path, in: 0...Int.max) : 0
            let most = has("atMost") ? integer(fields, "atMost", path, in: 0...Int.max) : nil
            guard let least, !has("atMost") || most != nil else { return nil }
            if let most, least > most {
                let mostNode = fields.first { $0.key == "atMost" }!.value
                report(
                    mostNode.position, JSONPath.appending(key: "atMost", to: path), "'atMost' (\(most)) is less than 'atLeast' (\(least))",
                    fix: "swap the two bounds")
                return nil
            }
            range = CountRange(atLeast: least, atMost: most)
        } else {
            report(node.position, path, "'calls' needs 'count', or 'atLeast' and/or 'atMost'", fix: "add \"count\": 1, for example")
            return nil
        }
        let answered = enumeration(fields, "answered", path, as: CallFilter.Answered.self, what: "answer kind")
        let during = enumeration(fields, "during", path, as: CallPhase.self, what: "phase")
        if member(fields, "answered") != nil, answered == nil { return nil }
        if member(fields, "during") != nil, during == nil { return nil }
        guard let method, let range else { return nil }
        return .calls(method: method, range: range, filter: CallFilter(answered: answered, during: during))
    }

    /// Decodes `in`: a non-empty list of distinct places, screen and storage when absent.
    private mutating func decodePlaces(_ fields: [JSONMember], _ path: String) -> Set<Expectation.Place>? {
        guard fields.contains(where: { $0.key == "in" }) else { return Expectation.Place.screenAndStorage }
        guard let elements = array(fields, "in", path, minimum: 1) else { return nil }
        let inPath = JSONPath.appending(key: "in", to: path)
        var places = Set<Expectation.Place>()
        var valid = !elements.isEmpty
        for (index, element) in elements.enumerated() {
            let elementPath = JSONPath.appending(index: index, to: inPath)
            guard let place = enumeration(element, elementPath, as: Expectation.Place.self, what: "place") else { valid = false; continue }
            if !places.insert(place).inserted {
                report(element.position, elementPath, "place '\(place.rawValue)' is listed twice", fix: "remove the repetition")
                valid = false
            }
        }
        return valid ? places : nil
    }
}

extension Expectation.Kind {
    /// The keys a check of this kind requires besides `"check"`.
    var requiredKeys: [String] {
        switch self {
        case .calls: ["method"]
        case .signedIn, .noDataOf, .hasDataOf: ["account"]
        case .signedOut, .noErrorShown, .notCrashed, .noElement, .scopesCovered, .deviceSignedOut, .errorShown, .brokerEnabled: []
        }
    }

    /// The keys a check of this kind allows besides the required ones, in the order documentation lists them.
    var optionalKeys: [String] {
        switch self {
        case .calls: ["count", "atLeast", "atMost", "answered", "during"]
        case .noDataOf: ["in", "session"]
        case .hasDataOf: ["in"]
        case .noElement: ["kind", "matching", "words", "except"]
        case .signedIn, .signedOut, .noErrorShown, .notCrashed, .scopesCovered, .deviceSignedOut, .errorShown, .brokerEnabled: []
        }
    }
}
