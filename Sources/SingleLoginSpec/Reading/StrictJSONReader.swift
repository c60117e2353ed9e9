import DidYouMean

/// The one strict reader of every JSON format the harness reads (the behavioural spec, the
/// preflight spec, and any kind added later): one set of rules and one diagnostic style.
///
/// A format's decoder conforms by holding the file name and the diagnostics found so far; the
/// rules come with the protocol. Every problem is collected rather than stopping at the first,
/// printed like a compiler (`file:line:column: error: message (at $.path)` with a `fix:` line),
/// and sorted by position when loading ends:
/// - syntax errors (from `JSONParser`, in `SingleLoginJSON`) stop the file; duplicate keys are reported, all of them;
/// - unknown keys get "did you mean" and a fix line, missing required keys are reported (but
///   not a required key that an unknown key was a misspelling of);
/// - scalars are typed: strings (empty only where allowed), integers in a range, words of a
///   closed set with "did you mean", arrays with a minimum count;
/// - identifiers, versions and addresses follow `SpecPatterns` (URLs: `http` or `https`).
public protocol StrictJSONReader {
    /// The file name diagnostics cite.
    var file: String { get }
    /// Every problem found so far.
    var diagnostics: [SpecDiagnostic] { get set }
}

extension StrictJSONReader {
    // MARK: Documents

    /// Parses `bytes`: a syntax error ends the reading (thrown); every duplicate key is recorded.
    public mutating func parse(_ bytes: [UInt8]) throws(SpecLoadingFailure) -> JSONNode {
        let document: JSONParser.Document
        do {
            document = try JSONParser().parseDocument(bytes)
        } catch {
            throw SpecLoadingFailure(diagnostics: [
                SpecDiagnostic(
                    location: SourceLocation(file: file, line: error.position.line, column: error.position.column), path: error.path, message: error.message,
                    fix: error.fix)
            ])
        }
        for duplicate in document.duplicateKeys {
            report(
                duplicate.position, duplicate.objectPath,
                "duplicate key '\(duplicate.key)' (first at line \(duplicate.firstPosition.line), column \(duplicate.firstPosition.column))",
                fix: "remove one of the two '\(duplicate.key)' entries")
        }
        return document.root
    }

    /// What `decode` makes of the tree `bytes` parse to, when nothing was reported (see ``finish(_:)``).
    public mutating func read<Value>(_ bytes: [UInt8], decode: (inout Self, JSONNode) -> Value?) throws(SpecLoadingFailure) -> Value {
        let root = try parse(bytes)
        // Decoded first: `finish` must see every diagnostic the decoding records.
        let value = decode(&self, root)
        return try finish(value)
    }

    /// `value` when nothing was reported, else every diagnostic sorted by line and column (then by discovery).
    public func finish<Value>(_ value: Value?) throws(SpecLoadingFailure) -> Value {
        guard let value, diagnostics.isEmpty else {
            throw SpecLoadingFailure(diagnostics: sortedDiagnostics)
        }
        return value
    }

    /// The diagnostics sorted by line and column, ties in the order they were found.
    public var sortedDiagnostics: [SpecDiagnostic] {
        diagnostics.enumerated().sorted { lhs, rhs in
            let (l, r) = (lhs.element.location, rhs.element.location)
            return (l.line, l.column, lhs.offset) < (r.line, r.column, rhs.offset)
        }.map(\.element)
    }

    /// Records an error at `position`.
    public mutating func report(_ position: JSONPosition, _ path: String, _ message: String, fix: String? = nil) {
        diagnostics.append(SpecDiagnostic(location: location(of: position), path: path, message: message, fix: fix))
    }

    /// The location of a position in this file.
    public func location(of position: JSONPosition) -> SourceLocation {
        SourceLocation(file: file, line: position.line, column: position.column)
    }

    /// The location a model keeps for a node.
    public func location(of node: JSONNode) -> SourceLocation {
        location(of: node.position)
    }

    // MARK: Objects and keys

    /// The members of `node`, or nil (reported as `expected <what> (an object)`) when it is not an object.
    public mutating func members(_ node: JSONNode, _ path: String, what: String) -> [JSONMember]? {
        guard case .object(let members) = node.value else {
            report(node.position, path, "expected \(what) (an object), found \(node.kindDescription)")
            return nil
        }
        return members
    }

    /// Reports keys outside `allowed` (with "did you mean" and a fix) and missing `required` keys.
    public mutating func checkKeys(_ members: [JSONMember], of node: JSONNode, _ path: String, allowed: [String], required: [String]) {
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

    /// The member at `key`, if present.
    public func member(_ members: [JSONMember], _ key: String) -> JSONMember? {
        members.first { $0.key == key }
    }

    /// The word in `key` that says which kind of object this is (`"check"`, `"do"`, `"kind"`), with its node.
    ///
    /// When the key is absent, the object's keys are checked against `allKeys` (every key any
    /// kind allows) and the key is reported missing; the caller checks the word itself.
    public mutating func kind(_ members: [JSONMember], of node: JSONNode, _ path: String, key: String, allKeys: [String]) -> (word: String, node: JSONNode)? {
        guard let kindNode = member(members, key)?.value else {
            checkKeys(members, of: node, path, allowed: allKeys, required: [key])
            return nil
        }
        guard let word = string(kindNode, JSONPath.appending(key: key, to: path), name: key, allowEmpty: true) else { return nil }
        return (word, kindNode)
    }
}
