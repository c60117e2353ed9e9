import DidYouMean
import SingleLoginSpec

/// Reads a positioned JSON tree strictly for the backend spec, collecting compiler-style
/// diagnostics instead of stopping at the first problem.
///
/// To be replaced by the one strict JSON object reader of `SingleLoginSpec` once it exists
/// (issue 13); it follows the same rules as the app spec's and the preflight spec's readers.
struct BackendSpecReader {
    /// The file named in diagnostics.
    let file: String
    /// Every problem found so far.
    private(set) var diagnostics: [SpecDiagnostic] = []

    init(file: String) {
        self.file = file
    }

    func location(_ position: JSONPosition) -> SourceLocation {
        SourceLocation(file: file, line: position.line, column: position.column)
    }

    mutating func error(at position: JSONPosition, path: String, _ message: String, fix: String? = nil) {
        diagnostics.append(SpecDiagnostic(location: location(position), path: path, message: message, fix: fix))
    }

    /// The members of an object by key, after reporting unknown (with "did you mean"), duplicate and missing keys.
    mutating func object(_ node: JSONNode, path: String, required: [String], optional: [String] = []) -> [String: JSONMember]? {
        guard case let .object(members) = node.value else {
            error(at: node.position, path: path, "expected an object, found \(node.kindDescription)")
            return nil
        }
        let known = required + optional
        var byKey: [String: JSONMember] = [:]
        var suggested: Set<String> = []
        for member in members {
            guard known.contains(member.key) else {
                let suggestion = Suggestion.closest(to: member.key, among: known)
                if let suggestion { suggested.insert(suggestion) }
                error(at: member.keyPosition, path: JSONPath.appending(key: member.key, to: path),
                      "unknown key '\(member.key)'" + (suggestion.map { "; did you mean '\($0)'?" } ?? ""),
                      fix: suggestion.map { "rename '\(member.key)' to '\($0)'" } ?? "remove it; allowed keys here: \(known.joined(separator: ", "))")
                continue
            }
            byKey[member.key] = member
        }
        for key in required where byKey[key] == nil && !suggested.contains(key) {
            error(at: node.position, path: path, "missing required key '\(key)'", fix: "add \"\(key)\"")
        }
        return byKey
    }

    /// A string; nil (reported) when not a string or, unless allowed, empty.
    mutating func string(_ member: JSONMember?, path: String, allowEmpty: Bool = false) -> String? {
        guard let member else { return nil }
        let memberPath = JSONPath.appending(key: member.key, to: path)
        guard case let .string(value) = member.value.value else {
            error(at: member.value.position, path: memberPath, "expected '\(member.key)' to be a string, found \(member.value.kindDescription)")
            return nil
        }
        if !allowEmpty && value.allSatisfy(\.isWhitespace) {
            error(at: member.value.position, path: memberPath, "'\(member.key)' must not be empty")
            return nil
        }
        return value
    }

    /// An array; nil (reported) when not an array or, unless allowed, empty.
    mutating func array(_ member: JSONMember?, path: String, allowEmpty: Bool = false) -> [JSONNode]? {
        guard let member else { return nil }
        let memberPath = JSONPath.appending(key: member.key, to: path)
        guard case let .array(elements) = member.value.value else {
            error(at: member.value.position, path: memberPath, "expected '\(member.key)' to be an array, found \(member.value.kindDescription)")
            return nil
        }
        if !allowEmpty && elements.isEmpty {
            error(at: member.value.position, path: memberPath, "'\(member.key)' must not be empty")
            return nil
        }
        return elements
    }

    /// An array of non-empty strings.
    mutating func strings(_ member: JSONMember?, path: String, allowEmpty: Bool = false) -> [String]? {
        guard let member, let elements = array(member, path: path, allowEmpty: allowEmpty) else { return nil }
        let memberPath = JSONPath.appending(key: member.key, to: path)
        var result: [String] = []
        var ok = true
        for (index, element) in elements.enumerated() {
            if case let .string(value) = element.value, !value.isEmpty {
                result.append(value)
            } else {
                error(at: element.position, path: JSONPath.appending(index: index, to: memberPath), "expected a non-empty string, found \(element.kindDescription)")
                ok = false
            }
        }
        return ok ? result : nil
    }

    /// The enumeration case a member's string names, with "did you mean" when unknown.
    mutating func word<Value: RawRepresentable & CaseIterable>(_ member: JSONMember?, path: String, as type: Value.Type, what: String) -> Value? where Value.RawValue == String {
        guard let member else { return nil }
        return word(member.value, path: JSONPath.appending(key: member.key, to: path), as: type, what: what)
    }

    /// The enumeration case a string node names, with "did you mean" when unknown.
    mutating func word<Value: RawRepresentable & CaseIterable>(_ node: JSONNode, path: String, as type: Value.Type, what: String) -> Value? where Value.RawValue == String {
        guard case let .string(text) = node.value else {
            error(at: node.position, path: path, "expected \(what) to be a string, found \(node.kindDescription)")
            return nil
        }
        if let value = Value(rawValue: text) { return value }
        let names = Value.allCases.map(\.rawValue)
        if let suggestion = Suggestion.closest(to: text, among: names) {
            error(at: node.position, path: path, "unknown \(what) '\(text)'; did you mean '\(suggestion)'?", fix: "replace '\(text)' with '\(suggestion)'")
        } else {
            error(at: node.position, path: path, "unknown \(what) '\(text)'", fix: "use one of: \(names.joined(separator: ", "))")
        }
        return nil
    }
}
