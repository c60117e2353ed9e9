import SingleLoginSpec

/// Turns a parsed JSON tree into a ``PreflightSpec``, collecting every problem; the rules of keys,
/// scalars and diagnostics are the ``StrictJSONReader``'s, the same as the behavioural spec's.
struct PreflightSpecDecoder: StrictJSONReader {
    /// The file name diagnostics cite.
    let file: String
    /// Every problem found so far.
    var diagnostics: [SpecDiagnostic] = []

    /// The keys allowed at the top level.
    static let topLevelKeys = ["$schema", "formatVersion", "id", "version", "title", "description", "checks"]
    /// The keys a check requires, and the one it may have.
    static let checkKeys = (required: ["id", "level", "title", "rationale", "references", "rule"], optional: ["tags"])
    /// Each rule kind with the keys it requires besides `"kind"`, in the order documentation lists them.
    static let ruleKeys: KeyValuePairs<String, [String]> = [
        "urlSchemeRegistered": ["template"], "arrayContainsAll": ["file", "key", "values"],
        "entitlementContainsOneOf": ["key", "valuesByPlatform"], "minimumDependencyVersion": ["minimum", "packages"],
        "sourceContains": ["pattern", "extensions"], "sourceLacks": ["pattern", "extensions"],
    ]

    /// Decodes the whole spec; nil when any error was reported.
    mutating func decodeSpec(_ root: JSONNode, sha256Hex: String) -> PreflightSpec? {
        guard
            let (header, checks) = document(
                root, what: "a preflight spec", supported: PreflightSpec.supportedFormatVersion, topLevelKeys: Self.topLevelKeys, listKey: "checks",
                entry: { decoder, node, path, firstByID in decoder.decodeCheck(node, path, firstByID: &firstByID) })
        else { return nil }
        return PreflightSpec(
            formatVersion: header.formatVersion, id: header.id, version: header.version, title: header.title, checks: checks,
            sha256Hex: sha256Hex, source: location(of: root))
    }

    /// Decodes one check; duplicate IDs are reported against the first.
    private mutating func decodeCheck(_ node: JSONNode, _ path: String, firstByID: inout [String: JSONPosition]) -> PreflightCheck? {
        guard let fields = members(node, path, what: "a check") else { return nil }
        checkKeys(fields, of: node, path, allowed: Self.checkKeys.required + Self.checkKeys.optional, required: Self.checkKeys.required)
        let (id, level, title, rationale, references) = entry(fields, path, of: "check", example: "PF-REDIRECT", firstByID: &firstByID)
        let tags = member(fields, "tags") == nil ? [] : strings(fields, "tags", path, element: "tag")
        let rule = member(fields, "rule").flatMap { decodeRule($0.value, JSONPath.appending(key: "rule", to: path)) }
        guard let id, let level, let title, let rationale, let tags, let rule else { return nil }
        return PreflightCheck(
            id: id, level: level, title: title, rationale: rationale, references: references, tags: tags, rule: rule, location: location(of: node))
    }

    /// Decodes a rule: its kind decides which keys are allowed.
    private mutating func decodeRule(_ node: JSONNode, _ path: String) -> PreflightRule? {
        guard let fields = members(node, path, what: "a rule") else { return nil }
        let allKeys = ["kind"] + Self.ruleKeys.flatMap(\.value).reduce(into: [String]()) { keys, key in if !keys.contains(key) { keys.append(key) } }
        guard let (kind, kindNode) = self.kind(fields, of: node, path, key: "kind", allKeys: allKeys) else { return nil }
        guard let keys = Self.ruleKeys.first(where: { $0.key == kind })?.value else {
            unknownWord(kind, what: "rule kind", among: Self.ruleKeys.map(\.key), at: kindNode.position, JSONPath.appending(key: "kind", to: path))
            return nil
        }
        checkKeys(fields, of: node, path, allowed: ["kind"] + keys, required: keys)
        switch kind {
        case "urlSchemeRegistered":
            return string(fields, "template", path).map { .urlSchemeRegistered(template: $0) }
        case "arrayContainsAll":
            let file = enumeration(fields, "file", path, as: PropertyListKind.self, what: "file")
            let key = string(fields, "key", path)
            let values = strings(fields, "values", path, element: "value", minimum: 1)
            guard let file, let key, let values else { return nil }
            return .arrayContainsAll(file: file, key: key, values: values)
        case "entitlementContainsOneOf":
            let key = string(fields, "key", path)
            let values = stringLists(fields, "valuesByPlatform", path, keys: ["iOS", "macOS"])
            guard let key, let values else { return nil }
            return .entitlementContainsOneOf(key: key, valuesByPlatform: values)
        case "minimumDependencyVersion":
            let minimum = string(fields, "minimum", path)
            if let minimum, let node = member(fields, "minimum")?.value, SemanticVersion(minimum) == nil {
                report(
                    node.position, JSONPath.appending(key: "minimum", to: path), "minimum '\(minimum)' is not a version", fix: "write a version such as '1.1.0'"
                )
                return nil
            }
            let lists = stringLists(fields, "packages", path, keys: DependencyManager.allCases.map(\.rawValue))
            guard let minimum, let lists else { return nil }
            var packages: [DependencyManager: [String]] = [:]
            for (manager, names) in lists { if let manager = DependencyManager(rawValue: manager) { packages[manager] = names } }
            return .minimumDependencyVersion(minimum: minimum, packages: packages)
        default:  // sourceContains, sourceLacks
            let pattern = regularExpression(fields, "pattern", path)
            let extensions = strings(fields, "extensions", path, element: "extension", minimum: 1)
            guard let pattern, let extensions else { return nil }
            let bare = extensions.map { $0.hasPrefix(".") ? String($0.dropFirst()) : $0 }
            return kind == "sourceContains" ? .sourceContains(pattern: pattern, extensions: bare) : .sourceLacks(pattern: pattern, extensions: bare)
        }
    }

    /// The object at `key` whose members, named by some of `keys` (at least one), are lists of non-empty strings.
    private mutating func stringLists(_ members: [JSONMember], _ key: String, _ path: String, keys: [String]) -> [String: [String]]? {
        guard let member = member(members, key) else { return nil }
        let objectPath = JSONPath.appending(key: key, to: path)
        guard let entries = self.members(member.value, objectPath, what: "'\(key)'") else { return nil }
        checkKeys(entries, of: member.value, objectPath, allowed: keys, required: [])
        if entries.isEmpty {
            report(member.value.position, objectPath, "'\(key)' must name at least one of \(keys.joined(separator: ", "))", fix: "add \"\(keys[0])\": [...]")
            return nil
        }
        var lists: [String: [String]] = [:]
        var valid = true
        for entry in entries where keys.contains(entry.key) {
            if let values = strings(entries, entry.key, objectPath, element: entry.key, minimum: 1) { lists[entry.key] = values } else { valid = false }
        }
        return valid && entries.allSatisfy({ keys.contains($0.key) }) ? lists : nil
    }
}
