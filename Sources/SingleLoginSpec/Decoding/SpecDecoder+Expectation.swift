import Foundation
import SingleLoginAdapter

extension SpecDecoder {
    /// Every check kind, in the order documentation lists them.
    static let checkKinds = ["calls", "signedIn", "signedOut", "noDataOf", "hasDataOf", "noErrorShown", "notCrashed", "noElement", "scopesCovered"]

    /// Decodes the optional `expect` array of a step or scenario.
    mutating func decodeChecks(_ fields: [JSONMember], _ path: String) -> [Expectation] {
        var checks: [Expectation] = []
        for (index, element) in (array(fields, "expect", path) ?? []).enumerated() {
            if let check = decodeCheck(element, JSONPath.appending(index: index, to: JSONPath.appending(key: "expect", to: path))) { checks.append(check) }
        }
        return checks
    }

    /// Decodes one check: its kind decides which keys are allowed.
    private mutating func decodeCheck(_ node: JSONNode, _ path: String) -> Expectation? {
        guard let fields = members(node, path, what: "a check") else { return nil }
        guard let kindNode = fields.first(where: { $0.key == "check" })?.value else {
            checkKeys(fields, of: node, path, allowed: ["check", "method", "count", "atLeast", "atMost", "account", "in", "session", "kind", "matching"], required: ["check"])
            return nil
        }
        let kindPath = JSONPath.appending(key: "check", to: path)
        guard let kind = string(kindNode, kindPath, name: "check", allowEmpty: true) else { return nil }
        switch kind {
        case "calls":
            checkKeys(fields, of: node, path, allowed: ["check", "method", "count", "atLeast", "atMost"], required: ["method"])
            return decodeCalls(fields, node, path)
        case "signedIn":
            checkKeys(fields, of: node, path, allowed: ["check", "account"], required: ["account"])
            return accountReference(fields, "account", path).map { .signedIn(account: $0) }
        case "signedOut", "noErrorShown", "notCrashed", "scopesCovered":
            checkKeys(fields, of: node, path, allowed: ["check"], required: [])
            return [.signedOut, .noErrorShown, .notCrashed, .scopesCovered][["signedOut", "noErrorShown", "notCrashed", "scopesCovered"].firstIndex(of: kind)!]
        case "noDataOf", "hasDataOf":
            let allowed = kind == "noDataOf" ? ["check", "account", "in", "session"] : ["check", "account", "in"]
            checkKeys(fields, of: node, path, allowed: allowed, required: ["account"])
            let account = accountReference(fields, "account", path)
            let places = decodePlaces(fields, path)
            let session = kind == "noDataOf" ? integer(fields, "session", path, in: 1...Int.max) : nil
            guard let account, let places else { return nil }
            if kind == "hasDataOf" { return .hasDataOf(account: account, places: places) }
            if fields.contains(where: { $0.key == "session" }), session == nil { return nil }
            return .noDataOf(account: account, places: places, session: session)
        case "noElement":
            checkKeys(fields, of: node, path, allowed: ["check", "kind", "matching"], required: ["matching"])
            let elementKind = enumeration(fields, "kind", path, as: ScreenElement.Kind.self, what: "element kind")
            guard let pattern = string(fields, "matching", path) else { return nil }
            if (try? NSRegularExpression(pattern: pattern, options: [.caseInsensitive])) == nil {
                let patternNode = fields.first { $0.key == "matching" }!.value
                report(patternNode.position, JSONPath.appending(key: "matching", to: path), "'matching' is not a valid regular expression: '\(pattern)'",
                       fix: "escape special characters such as ( [ { with a backslash (written \\\\ in JSON)")
                return nil
            }
            if fields.contains(where: { $0.key == "kind" }), elementKind == nil { return nil }
            return .noElement(kind: elementKind, matching: pattern)
        default:
            unknownWord(kind, what: "check kind", among: Self.checkKinds, at: kindNode.position, kindPath)
            return nil
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
                report(key.keyPosition, path, "'count' and '\(key.key)' cannot be used together", fix: "use 'count' for an exact number, or 'atLeast'/'atMost' for a range")
                return nil
            }
            range = integer(fields, "count", path, in: 0...Int.max).map(CountRange.exactly)
        } else if has("atLeast") || has("atMost") {
            let least = has("atLeast") ? integer(fields, "atLeast", path, in: 0...Int.max) : 0
            let most = has("atMost") ? integer(fields, "atMost", path, in: 0...Int.max) : nil
            guard let least, !has("atMost") || most != nil else { return nil }
            if let most, least > most {
                let mostNode = fields.first { $0.key == "atMost" }!.value
                report(mostNode.position, JSONPath.appending(key: "atMost", to: path), "'atMost' (\(most)) is less than 'atLeast' (\(least))", fix: "swap the two bounds")
                return nil
            }
            range = CountRange(atLeast: least, atMost: most)
        } else {
            report(node.position, path, "'calls' needs 'count', or 'atLeast' and/or 'atMost'", fix: "add \"count\": 1, for example")
            return nil
        }
        guard let method, let range else { return nil }
        return .calls(method: method, range: range)
    }

    /// Decodes `in`: a non-empty list of distinct places, both when absent.
    private mutating func decodePlaces(_ fields: [JSONMember], _ path: String) -> Set<Expectation.Place>? {
        guard fields.contains(where: { $0.key == "in" }) else { return Set(Expectation.Place.allCases) }
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
