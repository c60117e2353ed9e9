import DidYouMean
import SingleLoginSpec

/// Reads a positioned JSON tree strictly, collecting compiler-style diagnostics instead of stopping
/// at the first problem: unknown keys (with "did you mean"), missing keys and wrong types.
struct JSONNodeReader {
    /// The file named in diagnostics.
    let file: String
    /// Every problem found so far, in file order of discovery.
    private(set) var diagnostics: [SpecDiagnostic] = []

    /// Creates a reader for `file`.
    init(file: String) {
        self.file = file
    }

    /// The source location of a position.
    func location(_ position: JSONPosition) -> SourceLocation {
        SourceLocation(file: file, line: position.line, column: position.column)
    }

    /// Records an error.
    mutating func error(at position: JSONPosition, path: String, _ message: String, fix: String? = nil) {
        diagnostics.append(SpecDiagnostic(location: location(position), path: path, message: message, fix: fix))
    }

    /// The members of an object by key, after reporting unknown and missing keys; nil (reported) when not an object.
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
                      fix: suggestion.map { "rename '\(member.key)' to '\($0)'" })
                continue
            }
            if let first = byKey[member.key] {
                error(at: member.keyPosition, path: path, "duplicate key '\(member.key)' (first at \(first.keyPosition))")
                continue
            }
            byKey[member.key] = member
        }
        // A misspelt key already says which key it should be; do not report that key missing too.
        for key in required where byKey[key] == nil && !suggested.contains(key) {
            error(at: node.position, path: path, "missing required key '\(key)'")
        }
        return byKey
    }

    /// A string value; nil (reported) when not a string or, unless allowed, empty.
    mutating func string(_ member: JSONMember?, path: String, allowEmpty: Bool = false) -> String? {
        guard let member else { return nil }
        let memberPath = JSONPath.appending(key: member.key, to: path)
        guard case let .string(value) = member.value.value else {
            error(at: member.value.position, path: memberPath, "expected a string, found \(member.value.kindDescription)")
            return nil
        }
        if !allowEmpty && value.trimmingCharacters(in: .whitespaces).isEmpty {
            error(at: member.value.position, path: memberPath, "'\(member.key)' must not be empty")
            return nil
        }
        return value
    }

    /// The elements of an array value; nil (reported) when not an array or, unless allowed, empty.
    mutating func array(_ member: JSONMember?, path: String, allowEmpty: Bool = false) -> [JSONNode]? {
        guard let member else { return nil }
        let memberPath = JSONPath.appending(key: member.key, to: path)
        guard case let .array(elements) = member.value.value else {
            error(at: member.value.position, path: memberPath, "expected an array, found \(member.value.kindDescription)")
            return nil
        }
        if !allowEmpty && elements.isEmpty {
            error(at: member.value.position, path: memberPath, "'\(member.key)' must not be empty")
            return nil
        }
        return elements
    }

    /// An array of non-empty strings; nil (reported) on any wrong element.
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

    /// An object whose values are arrays of strings, keyed by one of `allowedKeys`.
    mutating func stringListsByKey(_ member: JSONMember?, path: String, allowedKeys: [String]) -> [String: [String]]? {
        guard let member else { return nil }
        let memberPath = JSONPath.appending(key: member.key, to: path)
        guard let entries = object(member.value, path: memberPath, required: [], optional: allowedKeys) else { return nil }
        if entries.isEmpty {
            error(at: member.value.position, path: memberPath, "'\(member.key)' must name at least one of \(allowedKeys.joined(separator: ", "))")
            return nil
        }
        var result: [String: [String]] = [:]
        for (key, entry) in entries {
            guard let values = strings(entry, path: memberPath) else { return nil }
            result[key] = values
        }
        return result
    }
}
