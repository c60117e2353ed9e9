import DidYouMean

/// Turns a parsed JSON tree into a ``Spec``, collecting every problem rather than stopping at the
/// first; the rules of keys, scalars and diagnostics are the ``StrictJSONReader``'s.
struct SpecDecoder: StrictJSONReader {
    /// The file name diagnostics cite.
    let file: String
    /// Every problem found so far.
    var diagnostics: [SpecDiagnostic] = []
    /// The account names defined, or nil when `accounts` is unusable (references are then not checked).
    var accountNames: [String]?
    /// The ID of the requirement being decoded.
    var currentRequirementID: String?
    /// Every step's `startingPoint` and every check's `precondition`, checked once all requirement IDs are known.
    var requirementReferences: [RequirementReference] = []
    /// Where the checks decoded so far write `"byRelease": true`, for the scenario to check that a
    /// `release` step follows them.
    var byReleaseMarks: [(position: JSONPosition, path: String)] = []

    /// A step's `startingPoint` or a check's `precondition`: the key, the ID it names, where it is
    /// written and the requirement it is in.
    struct RequirementReference {
        var key: String
        var id: String
        var owner: String?
        var position: JSONPosition
        var path: String
    }

    init(file: String) {
        self.file = file
    }

    // MARK: Accounts

    /// Checks that the string in `node` names a defined account and returns it.
    mutating func accountReference(_ node: JSONNode, _ path: String, name: String = "account") -> String? {
        guard let account = string(node, path, name: name) else { return nil }
        guard let names = accountNames, !names.contains(account) else { return account }
        if let suggestion = Suggestion.closest(to: account, among: names) {
            report(
                node.position, path, "undefined account '\(account)'; did you mean '\(suggestion)'?",
                fix: "replace '\(account)' with '\(suggestion)', or define '\(account)' under \"accounts\"")
        } else {
            let defined = names.isEmpty ? "none" : names.joined(separator: ", ")
            report(node.position, path, "undefined account '\(account)'", fix: "define '\(account)' under \"accounts\" (defined: \(defined))")
        }
        return account
    }

    /// The account named at `key`, checked against the defined accounts.
    mutating func accountReference(_ members: [JSONMember], _ key: String, _ path: String) -> String? {
        guard let member = members.first(where: { $0.key == key }) else { return nil }
        return accountReference(member.value, JSONPath.appending(key: key, to: path), name: key)
    }

    // MARK: Values of format 1.1

    /// The boolean in `node`, reported when it has another type.
    mutating func boolean(_ node: JSONNode, _ path: String, name: String) -> Bool? {
        guard case .bool(let value) = node.value else {
            report(
                node.position, path, "expected '\(name)' to be true or false, found \(node.kindDescription)",
                fix: "write true or false, in lowercase and without quotes")
            return nil
        }
        return value
    }

    /// The non-empty list of distinct, non-empty strings at `key`; nil (reported) when it is not one.
    mutating func distinctStrings(_ members: [JSONMember], _ key: String, _ path: String) -> [String]? {
        guard let elements = array(members, key, path, minimum: 1) else { return nil }
        let listPath = JSONPath.appending(key: key, to: path)
        var values: [String] = []
        var seen: Set<String> = []
        var valid = !elements.isEmpty
        for (index, element) in elements.enumerated() {
            let elementPath = JSONPath.appending(index: index, to: listPath)
            guard let value = string(element, elementPath, name: key) else { valid = false; continue }
            if !seen.insert(value).inserted {
                report(element.position, elementPath, "'\(value)' is listed twice in '\(key)'", fix: "remove the repetition")
                valid = false
            }
            values.append(value)
        }
        return valid ? values : nil
    }
}
