extension StrictJSONReader {
    /// The `formatVersion`, `id`, `version` and `title` every spec kind starts with, and whether
    /// reading should go on: a format version this build does not read is reported alone, since
    /// the rest of the file follows rules it does not know.
    ///
    /// The rules: `formatVersion` is `MAJOR.MINOR` of `supported`'s major version; `id` is lowercase
    /// letters, digits, `.` and `-` (`SpecPatterns.isSpecID(_:)`); `version` is a semantic version.
    public mutating func header(_ members: [JSONMember], supported: String) -> (header: SpecHeader?, proceed: Bool) {
        let path = JSONPath.root
        let formatVersion = string(members, "formatVersion", path)
        if let formatVersion, let node = member(members, "formatVersion")?.value {
            guard let (major, _) = SpecPatterns.formatVersion(formatVersion) else {
                report(
                    node.position, "$.formatVersion", "format version '\(formatVersion)' is not MAJOR.MINOR", fix: "write \"formatVersion\": \"\(supported)\"")
                return (nil, true)
            }
            let supportedMajor = SpecPatterns.formatVersion(supported)?.0 ?? 1
            if major > supportedMajor {
                report(
                    node.position, "$.formatVersion", "format version \(formatVersion) is newer than this harness supports (\(supported))",
                    fix: "upgrade sl-conformance, or write the spec in format \(supported)")
                return (nil, false)
            }
            if major < supportedMajor {
                report(
                    node.position, "$.formatVersion", "format version \(formatVersion) is not supported; this harness reads format \(supported)",
                    fix: "write \"formatVersion\": \"\(supported)\"")
                return (nil, false)
            }
        }
        let id = string(members, "id", path)
        if let id, let node = member(members, "id")?.value, !SpecPatterns.isSpecID(id) {
            report(node.position, "$.id", "spec id '\(id)' is not lowercase letters, digits, '.' and '-'", fix: "use an id such as 'single-login'")
        }
        let version = string(members, "version", path)
        if let version, let node = member(members, "version")?.value, !SpecPatterns.isSemanticVersion(version) {
            report(node.position, "$.version", "version '\(version)' is not a semantic version", fix: "use MAJOR.MINOR.PATCH, e.g. '1.0.0'")
        }
        let title = string(members, "title", path)
        guard let formatVersion, let id, let version, let title else { return (nil, true) }
        return (SpecHeader(formatVersion: formatVersion, id: id, version: version, title: title), true)
    }

    /// The requirement-style ID at `key` (uppercase words joined by `-`), unique among `firstByID`:
    /// the ID of a `noun` (`requirement`, `check`) such as `example` (`SL-LOGIN-1`).
    public mutating func identifier(
        _ members: [JSONMember], _ key: String, _ path: String, of noun: String, example: String, firstByID: inout [String: JSONPosition]
    ) -> String? {
        guard let id = string(members, key, path), let node = member(members, key)?.value else { return nil }
        let idPath = JSONPath.appending(key: key, to: path)
        if !SpecPatterns.isRequirementID(id) {
            report(node.position, idPath, "\(noun) ID '\(id)' is not uppercase words joined by '-'", fix: "use an ID such as '\(example)'")
        } else if let first = firstByID[id] {
            report(
                node.position, idPath, "duplicate \(noun) ID '\(id)' (first at line \(first.line), column \(first.column))",
                fix: "give this \(noun) a new ID; never renumber existing ones")
        } else {
            firstByID[id] = node.position
        }
        return id
    }

    /// What every listed entry of a spec starts with (a requirement, a preflight check, a backend
    /// case): its ``identifier(_:_:_:of:example:firstByID:)`` at `id`, `level`, `title`, `rationale` and `references`.
    public mutating func entry(
        _ members: [JSONMember], _ path: String, of noun: String, example: String, firstByID: inout [String: JSONPosition]
    ) -> (id: String?, level: Requirement.Level?, title: String?, rationale: String?, references: [Reference]) {
        let id = identifier(members, "id", path, of: noun, example: example, firstByID: &firstByID)
        let level = enumeration(members, "level", path, as: Requirement.Level.self, what: "level")
        let title = string(members, "title", path)
        let rationale = string(members, "rationale", path)
        return (id, level, title, rationale, references(members, path))
    }

    /// The `references` at `key`: at least one `{"title", "url"}`, each URL `http` or `https`.
    public mutating func references(_ members: [JSONMember], _ path: String) -> [Reference] {
        var references: [Reference] = []
        for (index, element) in (array(members, "references", path, minimum: 1) ?? []).enumerated() {
            let referencePath = JSONPath.appending(index: index, to: JSONPath.appending(key: "references", to: path))
            guard let fields = self.members(element, referencePath, what: "a reference") else { continue }
            checkKeys(fields, of: element, referencePath, allowed: ["title", "url"], required: ["title", "url"])
            let title = string(fields, "title", referencePath)
            let url = url(fields, "url", referencePath)
            if let title, let url { references.append(Reference(title: title, url: url)) }
        }
        return references
    }
}

extension StrictJSONReader {
    /// The top level of a spec document whose entries (cases, checks) are the array `listKey`:
    /// the header, `$schema` and `description`, then each entry decoded by `entry`, with the
    /// positions of the IDs seen so far (a duplicate is reported against the first). Nil when
    /// anything was reported.
    ///
    /// `what` names the document in messages ("a backend spec"); `topLevelKeys` are the keys it may
    /// have, of which `formatVersion`, `id`, `version`, `title` and `listKey` are required.
    public mutating func document<Entry>(
        _ root: JSONNode, what: String, supported: String, topLevelKeys: [String], listKey: String,
        entry: (inout Self, JSONNode, String, inout [String: JSONPosition]) -> Entry?
    ) -> (header: SpecHeader, entries: [Entry])? {
        let path = JSONPath.root
        guard let members = members(root, path, what: what) else { return nil }
        let (header, proceed) = header(members, supported: supported)
        guard proceed else { return nil }
        checkKeys(members, of: root, path, allowed: topLevelKeys, required: ["formatVersion", "id", "version", "title", listKey])
        _ = string(members, "$schema", path)
        _ = string(members, "description", path, allowEmpty: true)
        var entries: [Entry] = []
        var firstByID: [String: JSONPosition] = [:]
        for (index, node) in (array(members, listKey, path, minimum: 1) ?? []).enumerated() {
            if let decoded = entry(&self, node, JSONPath.appending(index: index, to: "$." + listKey), &firstByID) { entries.append(decoded) }
        }
        guard diagnostics.isEmpty, let header else { return nil }
        return (header, entries)
    }
}
