import DidYouMean
import Foundation

extension StrictJSONReader {
    // MARK: Strings

    /// The string at `key`, reported when it has another type or (unless allowed) is empty.
    public mutating func string(_ members: [JSONMember], _ key: String, _ path: String, allowEmpty: Bool = false) -> String? {
        guard let member = member(members, key) else { return nil }
        return string(member.value, JSONPath.appending(key: key, to: path), name: key, allowEmpty: allowEmpty)
    }

    /// The string in `node`, reported when it has another type or (unless allowed) is empty.
    ///
    /// The one rule for empty strings: `""` is empty; a string of spaces is not (as JSON Schema's `minLength`).
    public mutating func string(_ node: JSONNode, _ path: String, name: String, allowEmpty: Bool = false) -> String? {
        guard case .string(let text) = node.value else {
            let quoted = if case .number(let number) = node.value { ": \"\(number.text)\"" } else { "" }
            report(node.position, path, "expected '\(name)' to be a string, found \(node.kindDescription)", fix: "write it in double quotes\(quoted)")
            return nil
        }
        if !allowEmpty, text.isEmpty {
            report(node.position, path, "'\(name)' must not be empty")
            return nil
        }
        return text
    }

    /// The non-empty strings of the array at `key` (each element named `element` in messages); nil when any is wrong.
    public mutating func strings(_ members: [JSONMember], _ key: String, _ path: String, element: String, minimum: Int = 0) -> [String]? {
        guard let elements = array(members, key, path, minimum: minimum) else { return nil }
        let arrayPath = JSONPath.appending(key: key, to: path)
        var values: [String] = []
        var valid = elements.count >= minimum
        for (index, node) in elements.enumerated() {
            if let value = string(node, JSONPath.appending(index: index, to: arrayPath), name: element) { values.append(value) } else { valid = false }
        }
        return valid ? values : nil
    }

    /// The string at `key` when it is an `http` or `https` address (`SpecPatterns.isURL(_:)`).
    public mutating func url(_ members: [JSONMember], _ key: String, _ path: String) -> String? {
        guard let text = string(members, key, path), let node = member(members, key)?.value else { return nil }
        guard SpecPatterns.isURL(text) else {
            report(
                node.position, JSONPath.appending(key: key, to: path), "\(key) '\(text)' is not an http or https address",
                fix: "write the full address, starting with https://")
            return nil
        }
        return text
    }

    /// The string at `key` when it is a valid regular expression.
    public mutating func regularExpression(_ members: [JSONMember], _ key: String, _ path: String, options: NSRegularExpression.Options = []) -> String? {
        guard let pattern = string(members, key, path), let node = member(members, key)?.value else { return nil }
        guard (try? NSRegularExpression(pattern: pattern, options: options)) != nil else {
            report(
                node.position, JSONPath.appending(key: key, to: path), "'\(key)' is not a valid regular expression: '\(pattern)'",
                fix: "escape special characters such as ( [ { with a backslash (written \\\\ in JSON)")
            return nil
        }
        return pattern
    }

    // MARK: Numbers

    /// The integer at `key` within `range`, reported when it is not a whole number in range.
    public mutating func integer(_ members: [JSONMember], _ key: String, _ path: String, in range: ClosedRange<Int>) -> Int? {
        guard let member = member(members, key) else { return nil }
        let node = member.value
        let valuePath = JSONPath.appending(key: key, to: path)
        let bounds = range.upperBound == Int.max ? "at least \(range.lowerBound)" : "between \(range.lowerBound) and \(range.upperBound)"
        guard case .number(let number) = node.value, let value = number.integerValue else {
            // Digits alone that do not fit a 64-bit integer are a whole number out of range, not another kind.
            if case .number(let number) = node.value, number.text.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == "-") }) {
                report(node.position, valuePath, "'\(key)' must be \(bounds), found \(number.text)", fix: "use a whole number \(bounds)")
            } else if case .string(let text) = node.value, let number = Int(text) {
                report(node.position, valuePath, "expected '\(key)' to be an integer, found \(node.kindDescription)", fix: "write it without quotes: \(number)")
            } else {
                report(node.position, valuePath, "expected '\(key)' to be an integer, found \(node.kindDescription)", fix: "write a whole number \(bounds)")
            }
            return nil
        }
        guard range.contains(value) else {
            report(node.position, valuePath, "'\(key)' must be \(bounds), found \(value)", fix: "use a whole number \(bounds)")
            return nil
        }
        return value
    }

    // MARK: Closed sets of words

    /// The enumeration case named by the string at `key`, reported with "did you mean" when unknown.
    public mutating func enumeration<Value: RawRepresentable & CaseIterable>(
        _ members: [JSONMember], _ key: String, _ path: String, as type: Value.Type, what: String
    ) -> Value? where Value.RawValue == String {
        guard let member = member(members, key) else { return nil }
        return enumeration(member.value, JSONPath.appending(key: key, to: path), as: type, what: what)
    }

    /// The enumeration case named by the string in `node`.
    public mutating func enumeration<Value: RawRepresentable & CaseIterable>(_ node: JSONNode, _ path: String, as type: Value.Type, what: String) -> Value?
    where Value.RawValue == String {
        guard let text = string(node, path, name: what, allowEmpty: true) else { return nil }
        if let value = Value(rawValue: text) { return value }
        unknownWord(text, what: what, among: Value.allCases.map(\.rawValue), at: node.position, path)
        return nil
    }

    /// Reports `unknown <what> 'x'; did you mean 'y'?` with a fix, or the list of allowed words.
    public mutating func unknownWord(_ text: String, what: String, among names: [String], at position: JSONPosition, _ path: String) {
        if let suggestion = Suggestion.closest(to: text, among: names) {
            report(position, path, "unknown \(what) '\(text)'; did you mean '\(suggestion)'?", fix: "replace '\(text)' with '\(suggestion)'")
        } else {
            report(position, path, "unknown \(what) '\(text)'", fix: "use one of: \(names.joined(separator: ", "))")
        }
    }

    // MARK: Arrays

    /// The array at `key`, reported when it has another type or fewer than `minimum` elements.
    public mutating func array(_ members: [JSONMember], _ key: String, _ path: String, minimum: Int = 0) -> [JSONNode]? {
        guard let member = member(members, key) else { return nil }
        let node = member.value
        let valuePath = JSONPath.appending(key: key, to: path)
        guard case .array(let elements) = node.value else {
            report(
                node.position, valuePath, "expected '\(key)' to be an array, found \(node.kindDescription)", fix: "put its elements in square brackets: [ ... ]"
            )
            return nil
        }
        if elements.count < minimum {
            report(
                node.position, valuePath, "'\(key)' needs at least \(minimum) element\(minimum == 1 ? "" : "s")",
                fix: "add \(minimum == 1 ? "one" : "\(minimum)") between its brackets (spec-format.md lists what '\(key)' holds)")
        }
        return elements
    }
}
