import DidYouMean

extension SpecDecoder {
    /// The keys allowed at the top level.
    static let topLevelKeys = ["$schema", "formatVersion", "id", "version", "title", "accounts", "requirements"]
    /// The keys allowed in a requirement.
    static let requirementKeys = ["id", "level", "title", "rationale", "references", "tags", "scenarios"]

    /// Decodes the whole spec; nil when any error was reported.
    mutating func decodeSpec(_ root: JSONNode) -> Spec? {
        let path = JSONPath.root
        guard let members = members(root, path, what: "a spec") else { return nil }
        let (header, proceed) = header(members, supported: Spec.supportedFormatVersion)
        guard proceed else { return nil }
        checkKeys(members, of: root, path, allowed: Self.topLevelKeys, required: ["formatVersion", "id", "version", "title", "accounts", "requirements"])
        _ = string(members, "$schema", path)
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
        checkRequirementReferences(definedIDs: Set(requirements.map(\.id)))
        guard diagnostics.isEmpty, let header, let accounts else { return nil }
        return Spec(
            formatVersion: header.formatVersion, id: header.id, version: header.version, title: header.title, accounts: accounts, requirements: requirements,
            source: SourceLocation(file: file, line: 1, column: 1))
    }

    /// Decodes `accounts` and records the defined names for reference checks.
    private mutating func decodeAccounts(_ topLevel: [JSONMember]) -> [AccountDefinition]? {
        guard let member = topLevel.first(where: { $0.key == "accounts" }) else { return nil }
        let path = "$.accounts"
        guard let entries = members(member.value, path, what: "'accounts'") else { return nil }
        accountNames = entries.map(\.key)
        if entries.isEmpty {
            report(
                member.value.position, path, "'accounts' needs at least 1 account",
                fix: "add an account such as \"alice\": {\"username\": \"alice@contoso.example\", \"displayName\": \"Alice\"}")
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
        let (id, level, title, rationale, references) = entry(fields, path, of: "requirement", example: "SL-LOGIN-1", firstByID: &firstByID)
        let tags = strings(fields, "tags", path, element: "tag") ?? []
        var scenarios: [Scenario] = []
        var firstByName: [String: JSONPosition] = [:]
        currentRequirementID = id
        for (index, element) in (array(fields, "scenarios", path, minimum: 1) ?? []).enumerated() {
            let scenarioPath = JSONPath.appending(index: index, to: JSONPath.appending(key: "scenarios", to: path))
            if let scenario = decodeScenario(element, scenarioPath, firstByName: &firstByName) { scenarios.append(scenario) }
        }
        guard let id, let level, let title, let rationale else { return nil }
        return Requirement(
            id: id, level: level, title: title, rationale: rationale, references: references, tags: tags, scenarios: scenarios, location: location(of: node))
    }

    /// Checks every step's `startingPoint` and every check's `precondition` once all requirement IDs
    /// are known: each names another requirement of the spec, or one of the shipped catalogue (a
    /// vendor's own spec runs on its own, and its scenarios start where the catalogue's SL-LOGIN-1
    /// leaves the app).
    private mutating func checkRequirementReferences(definedIDs: Set<String>) {
        for reference in requirementReferences {
            let key = reference.key
            if reference.id == reference.owner {
                report(
                    reference.position, reference.path, "'\(key)' names the requirement it is in ('\(reference.id)')",
                    fix: key == "startingPoint"
                        ? "name the requirement that covers this step's checks on their own (e.g. SL-LOGIN-1 for being signed in after launch), or remove 'startingPoint'"
                        : "a check of the requirement's own behaviour is its subject, not a precondition: remove 'precondition', or name the requirement that owns the behaviour it checks"
                )
            } else if !definedIDs.contains(reference.id), !EmbeddedSpec.catalogueRequirementIDs.contains(reference.id) {
                let known = definedIDs.union(EmbeddedSpec.catalogueRequirementIDs)
                let suggestion = Suggestion.closest(to: reference.id, among: known.sorted())
                report(
                    reference.position, reference.path,
                    "'\(key)' names requirement '\(reference.id)', which neither this spec nor the shipped catalogue defines"
                        + (suggestion.map { "; did you mean '\($0)'?" } ?? ""),
                    fix: suggestion.map { "replace '\(reference.id)' with '\($0)'" }
                        ?? "name a requirement ID defined in this spec or in the shipped catalogue (sl-conformance list)")
            }
        }
    }
}
