import DidYouMean

/// Turns a parsed JSON tree into a ``Spec``, collecting every problem rather than stopping at the first.
struct SpecDecoder {
    /// The file name diagnostics cite.
    let file: String
    /// Every problem found so far.
    var diagnostics: [SpecDiagnostic] = []
    /// The account names defined, or nil when `accounts` is unusable (references are then not checked).
    var accountNames: [String]?

    init(file: String) {
        self.file = file
    }

    /// Records an error at `position`.
    mutating func report(_ position: JSONPosition, _ path: String, _ message: String, fix: String? = nil) {
        diagnostics.append(SpecDiagnostic(
            location: SourceLocation(file: file, line: position.line, column: position.column),
            path: path, message: message, fix: fix))
    }

    /// The location the model keeps for a node.
    func location(of node: JSONNode) -> SourceLocation {
        SourceLocation(file: file, line: node.position.line, column: node.position.column)
    }

    // MARK: Objects and keys

    /// The members of `node`, or nil (reported) when it is not an object.
    mutating func members(_ node: JSONNode, _ path: String, what: String) -> [JSONMember]? {
        guard case .object(let members) = node.value else {
            report(node.position, path, "expected \(what) (an object), found \(node.kindDescription)")
            return nil
        }
        return members
    }

    /// Reports keys outside `allowed` (with "did you mean") and missing `required` keys.
    mutating func checkKeys(_ members: [JSONMember], of node: JSONNode, _ path: String, allowed: [String], required: [String]) {
        // A misspelt required key is one mistake: the "did you mean" says it all, so the key it
        // names is not also reported as missing.
        var suggested: Set<String> = []
        for member in members where !allowed.contains(member.key) {
            if let suggestion = Suggestion.closest(to: member.key, among: allowed) {
                suggested.insert(suggestion)
                report(member.keyPosition, path, "unknown key '\(member.key)'; did you mean '\(suggestion)'?", fix: "rename '\(member.key)' to '\(suggestion)'")
            } else {
                report(member.keyPosition, path, "unknown key '\(member.key)'", fix: "remove it; allowed keys here: \(allowed.joined(separator: ", "))")
            }
        }
        for key in required where !members.contains(where: { $0.key == key }) && !suggested.contains(key) {
            report(node.position, path, "missing required key '\(key)'", fix: "add \"\(key)\"")
        }
    }

    // MARK: Scalars

    /// The string at `key`, reported when it has another type or is empty.
    mutating func string(_ members: [JSONMember], _ key: String, _ path: String, allowEmpty: Bool = false) -> String? {
        guard let member = members.first(where: { $0.key == key }) else { return nil }
        return string(member.value, JSONPath.appending(key: key, to: path), name: key, allowEmpty: allowEmpty)
    }

    /// The string in `node`, reported when it has another type or is empty.
    mutating func string(_ node: JSONNode, _ path: String, name: String, allowEmpty: Bool = false) -> String? {
        guard case .string(let text) = node.value else {
            report(node.position, path, "expected '\(name)' to be a string, found \(node.kindDescription)")
            return nil
        }
        if !allowEmpty, text.isEmpty {
            report(node.position, path, "'\(name)' must not be empty")
            return nil
        }
        return text
    }

    /// The integer at `key` within `range`, reported when it is not a whole number in range.
    mutating func integer(_ members: [JSONMember], _ key: String, _ path: String, in range: ClosedRange<Int>) -> Int? {
        guard let member = members.first(where: { $0.key == key }) else { return nil }
        let node = member.value
        let valuePath = JSONPath.appending(key: key, to: path)
        guard case .number(let number) = node.value, let value = number.integerValue else {
            report(node.position, valuePath, "expected '\(key)' to be an integer, found \(node.kindDescription)")
            return nil
        }
        guard range.contains(value) else {
            let bounds = range.upperBound == Int.max ? "at least \(range.lowerBound)" : "between \(range.lowerBound) and \(range.upperBound)"
            report(node.position, valuePath, "'\(key)' must be \(bounds), found \(value)")
            return nil
        }
        return value
    }

    /// The enumeration case named by the string at `key`, reported with "did you mean" when unknown.
    mutating func enumeration<Value: RawRepresentable & CaseIterable>(_ members: [JSONMember], _ key: String, _ path: String, as type: Value.Type, what: String) -> Value? where Value.RawValue == String {
        guard let member = members.first(where: { $0.key == key }) else { return nil }
        return enumeration(member.value, JSONPath.appending(key: key, to: path), as: type, what: what)
    }

    /// The enumeration case named by the string in `node`.
    mutating func enumeration<Value: RawRepresentable & CaseIterable>(_ node: JSONNode, _ path: String, as type: Value.Type, what: String) -> Value? where Value.RawValue == String {
        let names = Value.allCases.map(\.rawValue)
        guard let text = string(node, path, name: what, allowEmpty: true) else { return nil }
        if let value = Value(rawValue: text) { return value }
        unknownWord(text, what: what, among: names, at: node.position, path)
        return nil
    }

    /// Reports `unknown <what> 'x'; did you mean 'y'?`, or the list of allowed words.
    mutating func unknownWord(_ text: String, what: String, among names: [String], at position: JSONPosition, _ path: String) {
        if let suggestion = Suggestion.closest(to: text, among: names) {
            report(position, path, "unknown \(what) '\(text)'; did you mean '\(suggestion)'?", fix: "replace '\(text)' with '\(suggestion)'")
        } else {
            report(position, path, "unknown \(what) '\(text)'", fix: "use one of: \(names.joined(separator: ", "))")
        }
    }

    /// The array at `key`, reported when it has another type or fewer than `minimum` elements.
    mutating func array(_ members: [JSONMember], _ key: String, _ path: String, minimum: Int = 0) -> [JSONNode]? {
        guard let member = members.first(where: { $0.key == key }) else { return nil }
        let node = member.value
        let valuePath = JSONPath.appending(key: key, to: path)
        guard case .array(let elements) = node.value else {
            report(node.position, valuePath, "expected '\(key)' to be an array, found \(node.kindDescription)")
            return nil
        }
        if elements.count < minimum {
            report(node.position, valuePath, "'\(key)' needs at least \(minimum) element\(minimum == 1 ? "" : "s")")
        }
        return elements
    }

    // MARK: Accounts

    /// Checks that the string in `node` names a defined account and returns it.
    mutating func accountReference(_ node: JSONNode, _ path: String, name: String = "account") -> String? {
        guard let account = string(node, path, name: name) else { return nil }
        guard let names = accountNames, !names.contains(account) else { return account }
        if let suggestion = Suggestion.closest(to: account, among: names) {
            report(node.position, path, "undefined account '\(account)'; did you mean '\(suggestion)'?", fix: "replace '\(account)' with '\(suggestion)', or define '\(account)' under \"accounts\"")
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
}
