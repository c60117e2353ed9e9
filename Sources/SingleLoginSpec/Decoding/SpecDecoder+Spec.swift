extension SpecDecoder {
    /// The keys allowed at the top level.
    static let topLevelKeys = ["$schema", "formatVersion", "id", "version", "title", "accounts", "requirements"]
    /// The keys allowed in a requirement.
    static let requirementKeys = ["id", "level", "title", "rationale", "references", "tags", "scenarios"]

    /// Decodes the whole spec; nil when any error was reported.
    mutating func decodeSpec(_ root: JSONNode) -> Spec? {
        let path = JSONPath.root
        guard let members = members(root, path, what: "a spec") else { return nil }
        // A newer major version is reported alone: the rest of the file follows rules this build does not know.
        let formatVersion = string(members, "formatVersion", path)
        if let formatVersion, !checkFormatVersion(formatVersion, members: members) { return nil }
        checkKeys(members, of: root, path, allowed: Self.topLevelKeys, required: ["formatVersion", "id", "version", "title", "accounts", "requirements"])
        _ = string(members, "$schema", path)
        let id = string(members, "id", path)
        if let id, let node = members.first(where: { $0.key == "id" })?.value, !SpecPatterns.isSpecID(id) {
            report(node.position, "$.id", "spec id '\(id)' is not lowercase letters, digits, '.' and '-'", fix: "use an id such as 'single-login'")
        }
        let version = string(members, "version", path)
        if let version, let node = members.first(where: { $0.key == "version" })?.value, !SpecPatterns.isSemanticVersion(version) {
            report(node.position, "$.version", "version '\(version)' is not a semantic version", fix: "use MAJOR.MINOR.PATCH, e.g. '1.0.0'")
        }
        let title = string(members, "title", path)
        let accounts = decodeAccounts(members)
        var requirements: [Requirement] = []
        if let elements = array(members, "requirements", path, minimum: 1) {
            var firstByID: [String: JSONPosition] = [:]
            for (index, element) in elements.enumerated() {
                if let requirement = decodeRequirement(element, JSONPath.appending(index: index, to: "$.requirements"), firstByID: &firstByID) {
                    requirements.append(requirement)
                }
            }
        }
        guard diagnostics.isEmpty, let formatVersion, let id, let version, let title, let accounts else { return nil }
        return Spec(formatVersion: formatVersion, id: id, version: version, title: title, accounts: accounts, requirements: requirements,
                    source: SourceLocation(file: file, line: 1, column: 1))
    }

    /// Reports a malformed or unsupported format version; false when decoding should stop.
    private mutating func checkFormatVersion(_ text: String, members: [JSONMember]) -> Bool {
        guard let node = members.first(where: { $0.key == "formatVersion" })?.value else { return true }
        let path = "$.formatVersion"
        guard let (major, _) = SpecPatterns.formatVersion(text) else {
            report(node.position, path, "format version '\(text)' is not MAJOR.MINOR", fix: "write \"formatVersion\": \"\(Spec.supportedFormatVersion)\"")
            return true
        }
        if major > 1 {
            report(node.position, path, "format version \(text) is newer than this harness supports (\(Spec.supportedFormatVersion))",
                   fix: "upgrade sl-conformance, or write the spec in format \(Spec.supportedFormatVersion)")
            return false
        }
        if major < 1 {
            report(node.position, path, "format version \(text) is not supported; this harness reads format \(Spec.supportedFormatVersion)",
                   fix: "write \"formatVersion\": \"\(Spec.supportedFormatVersion)\"")
            return false
        }
        return true
    }

    /// Decodes `accounts` and records the defined names for reference checks.
    private mutating func decodeAccounts(_ topLevel: [JSONMember]) -> [AccountDefinition]? {
        guard let member = topLevel.first(where: { $0.key == "accounts" }) else { return nil }
        let path = "$.accounts"
        guard let entries = members(member.value, path, what: "'accounts'") else { return nil }
        accountNames = entries.map(\.key)
        if entries.isEmpty {
            report(member.value.position, path, "'accounts' needs at least 1 account", fix: "add an account such as \"alice\": {\"username\": \"alice@contoso.example\", \"displayName\": \"Alice\"}")
        }
        var accounts: [AccountDefinition] = []
        for entry in entries {
            let entryPath = JSONPath.appending(key: entry.key, to: path)
            if !SpecPatterns.isAccountName(entry.key) {
                report(entry.keyPosition, path, "account name '\(entry.key)' must start with a lowercase letter and hold only letters, digits, '_' and '-'")
            }
            guard let fields = members(entry.value, entryPath, what: "an account") else { continue }
            checkKeys(fields, of: entry.value, entryPath, allowed: ["username", "displayName", "objectId", "tenantId"], required: ["username", "displayName"])
            let username = string(fields, "username", entryPath)
            let displayName = string(fields, "displayName", entryPath)
            let objectId = string(fields, "objectId", entryPath)
            let tenantId = string(fields, "tenantId", entryPath)
            if let username, let displayName {
                accounts.append(AccountDefinition(name: entry.key, username: username, displayName: displayName, objectId: objectId, tenantId: tenantId))
            }
        }
        return accounts
    }

    /// Decodes one requirement; duplicate IDs are reported against the first.
    private mutating func decodeRequirement(_ node: JSONNode, _ path: String, firstByID: inout [String: JSONPosition]) -> Requirement? {
        guard let fields = members(node, path, what: "a requirement") else { return nil }
        checkKeys(fields, of: node, path, allowed: Self.requirementKeys, required: Self.requirementKeys)
        let id = string(fields, "id", path)
        if let id, let idNode = fields.first(where: { $0.key == "id" })?.value {
            let idPath = JSONPath.appending(key: "id", to: path)
            if !SpecPatterns.isRequirementID(id) {
                report(idNode.position, idPath, "requirement ID '\(id)' is not uppercase words joined by '-'", fix: "use an ID such as 'SL-LOGIN-1'")
            } else if let first = firstByID[id] {
                report(idNode.position, idPath, "duplicate requirement ID '\(id)' (first at line \(first.line), column \(first.column))",
                       fix: "give this requirement a new ID; never renumber existing ones")
            } else {
                firstByID[id] = idNode.position
            }
        }
        let level = enumeration(fields, "level", path, as: Requirement.Level.self, what: "level")
        let title = string(fields, "title", path)
        let rationale = string(fields, "rationale", path)
        var references: [Reference] = []
        for (index, element) in (array(fields, "references", path, minimum: 1) ?? []).enumerated() {
            let referencePath = JSONPath.appending(index: index, to: JSONPath.appending(key: "references", to: path))
            guard let reference = members(element, referencePath, what: "a reference") else { continue }
            checkKeys(reference, of: element, referencePath, allowed: ["title", "url"], required: ["title", "url"])
            let referenceTitle = string(reference, "title", referencePath)
            let url = string(reference, "url", referencePath)
            if let url, let urlNode = reference.first(where: { $0.key == "url" })?.value, !SpecPatterns.isURL(url) {
                report(urlNode.position, JSONPath.appending(key: "url", to: referencePath), "url '\(url)' is not an http or https address", fix: "write the full address, starting with https://")
            }
            if let referenceTitle, let url { references.append(Reference(title: referenceTitle, url: url)) }
        }
        var tags: [String] = []
        for (index, element) in (array(fields, "tags", path) ?? []).enumerated() {
            if let tag = string(element, JSONPath.appending(index: index, to: JSONPath.appending(key: "tags", to: path)), name: "tag") { tags.append(tag) }
        }
        var scenarios: [Scenario] = []
        var firstByName: [String: JSONPosition] = [:]
        for (index, element) in (array(fields, "scenarios", path, minimum: 1) ?? []).enumerated() {
            let scenarioPath = JSONPath.appending(index: index, to: JSONPath.appending(key: "scenarios", to: path))
            if let scenario = decodeScenario(element, scenarioPath, firstByName: &firstByName) { scenarios.append(scenario) }
        }
        guard let id, let level, let title, let rationale else { return nil }
        return Requirement(id: id, level: level, title: title, rationale: rationale, references: references, tags: tags, scenarios: scenarios, location: location(of: node))
    }
}
