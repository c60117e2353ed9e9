import SingleLoginSpec

/// Turns a parsed JSON tree into a ``BackendSpec``, collecting every problem; the rules of keys,
/// scalars and diagnostics are the ``StrictJSONReader``'s, the same as the behavioural and the
/// preflight spec's.
struct BackendSpecDecoder: StrictJSONReader {
    /// The file name diagnostics cite.
    let file: String
    /// Every problem found so far.
    var diagnostics: [SpecDiagnostic] = []

    /// The keys allowed at the top level.
    static let topLevelKeys = ["$schema", "formatVersion", "id", "version", "title", "description", "cases"]
    /// The keys a case requires, and those it may have.
    static let caseKeys = (
        required: ["id", "level", "title", "rationale", "references", "modes", "probe", "expect", "forges"], optional: ["tags", "timeLimit"]
    )

    /// Decodes the whole spec; nil when any error was reported.
    mutating func decodeSpec(_ root: JSONNode, sha256Hex: String) -> BackendSpec? {
        guard
            let (header, cases) = document(
                root, what: "a backend spec", supported: BackendSpec.supportedFormatVersion, topLevelKeys: Self.topLevelKeys, listKey: "cases",
                entry: { decoder, node, path, firstByID in decoder.decodeCase(node, path, firstByID: &firstByID) })
        else { return nil }
        return BackendSpec(formatVersion: header.formatVersion, id: header.id, version: header.version, title: header.title, cases: cases, sha256Hex: sha256Hex)
    }

    /// Decodes one case; a duplicate ID is reported against the first.
    private mutating func decodeCase(_ node: JSONNode, _ path: String, firstByID: inout [String: JSONPosition]) -> BackendCase? {
        guard let fields = members(node, path, what: "a case") else { return nil }
        checkKeys(fields, of: node, path, allowed: Self.caseKeys.required + Self.caseKeys.optional, required: Self.caseKeys.required)
        let (id, level, title, rationale, references) = entry(fields, path, of: "case", example: "BE-SIG-1", firstByID: &firstByID)
        let forges = string(fields, "forges", path)
        let tags = member(fields, "tags") == nil ? [] : strings(fields, "tags", path, element: "tag")
        let probe = enumeration(fields, "probe", path, as: BackendProbe.self, what: "probe")
        let expect = enumeration(fields, "expect", path, as: BackendExpectation.self, what: "expectation")
        let modes = decodeModes(fields, path)
        var timeLimit: Duration?
        if let seconds = number(fields, "timeLimit", path, in: 0.001...600) { timeLimit = .milliseconds(Int64(seconds * 1000)) }
        guard let id, let level, let title, let rationale, let forges, let tags, let probe, let expect, let modes else { return nil }
        return BackendCase(
            id: id, level: level, title: title, rationale: rationale, references: references, tags: tags, modes: modes,
            probe: probe, expect: expect, forges: forges, timeLimit: timeLimit, location: location(of: node))
    }

    /// The `modes`: at least one of `single` and `multi`, none twice.
    private mutating func decodeModes(_ fields: [JSONMember], _ path: String) -> Set<TenantMode>? {
        guard let elements = array(fields, "modes", path, minimum: 1) else { return nil }
        var modes: Set<TenantMode> = []
        let modesPath = JSONPath.appending(key: "modes", to: path)
        for (index, element) in elements.enumerated() {
            let elementPath = JSONPath.appending(index: index, to: modesPath)
            guard let mode = enumeration(element, elementPath, as: TenantMode.self, what: "tenant mode") else { continue }
            if !modes.insert(mode).inserted { report(element.position, elementPath, "mode '\(mode.rawValue)' is listed twice", fix: "remove one") }
        }
        return elements.isEmpty ? nil : modes
    }

    /// The number at `key` within `range` (seconds, for `timeLimit`).
    private mutating func number(_ fields: [JSONMember], _ key: String, _ path: String, in range: ClosedRange<Double>) -> Double? {
        guard let node = member(fields, key)?.value else { return nil }
        guard case .number(let number) = node.value, number.doubleValue.isFinite, range.contains(number.doubleValue) else {
            report(
                node.position, JSONPath.appending(key: key, to: path),
                "expected '\(key)' to be seconds from \(range.lowerBound) to \(Int(range.upperBound)), found \(node.kindDescription)")
            return nil
        }
        return number.doubleValue
    }
}
