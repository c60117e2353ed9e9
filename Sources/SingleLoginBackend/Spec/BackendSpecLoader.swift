import Foundation
import SingleLoginSpec

/// Reads `specs/backend.json` strictly: every problem (syntax, unknown or missing keys with
/// "did you mean", wrong types, unknown probes, levels or modes, duplicate IDs) is reported at
/// once, as `file:line:column: error: message (at $.json.path)`.
public enum BackendSpecLoader {
    /// The spec used when `--spec` is not given.
    public static let defaultPath = "specs/backend.json"

    /// Loads the spec at `path`; the path is used as given in diagnostics.
    public static func load(path: String) throws(SpecLoadingFailure) -> BackendSpec {
        guard let data = FileManager.default.contents(atPath: path) else {
            let reason = FileManager.default.fileExists(atPath: path) ? "cannot read the file" : "no such file"
            throw SpecLoadingFailure(diagnostics: [SpecDiagnostic(location: SourceLocation(file: path, line: 1, column: 1), path: JSONPath.root, message: reason)])
        }
        return try load(bytes: [UInt8](data), file: path)
    }

    /// Loads a spec from UTF-8 bytes; `file` names it in diagnostics.
    public static func load(bytes: [UInt8], file: String) throws(SpecLoadingFailure) -> BackendSpec {
        let root: JSONNode
        do {
            root = try JSONParser().parse(bytes)
        } catch {
            throw SpecLoadingFailure(diagnostics: [SpecDiagnostic(location: SourceLocation(file: file, line: error.position.line, column: error.position.column), path: error.path, message: error.message, fix: error.fix)])
        }
        var reader = BackendSpecReader(file: file)
        let spec = decodeSpec(root, reader: &reader, sha256Hex: SHA256.hexDigest(bytes))
        guard reader.diagnostics.isEmpty, let spec else {
            throw SpecLoadingFailure(diagnostics: reader.diagnostics.sorted { ($0.location.line, $0.location.column) < ($1.location.line, $1.location.column) })
        }
        return spec
    }

    static func decodeSpec(_ root: JSONNode, reader: inout BackendSpecReader, sha256Hex: String) -> BackendSpec? {
        let path = JSONPath.root
        guard let members = reader.object(root, path: path, required: ["formatVersion", "id", "version", "title", "cases"], optional: ["$schema", "description"]) else { return nil }
        let formatVersion = reader.string(members["formatVersion"], path: path)
        if let formatVersion, let member = members["formatVersion"] {
            let major = formatVersion.split(separator: ".").first.flatMap { Int($0) }
            if major == nil {
                reader.error(at: member.value.position, path: "$.formatVersion", "'\(formatVersion)' is not a format version such as '1.0'")
            } else if major != 1 {
                reader.error(at: member.value.position, path: "$.formatVersion", "format version \(formatVersion) is newer than this build reads (\(BackendSpec.supportedFormatVersion))", fix: "update sl-conformance")
            }
        }
        let id = reader.string(members["id"], path: path)
        let version = reader.string(members["version"], path: path)
        let title = reader.string(members["title"], path: path)
        _ = reader.string(members["description"], path: path, allowEmpty: true)
        _ = reader.string(members["$schema"], path: path)
        var cases: [BackendCase] = []
        var seen: [String: JSONPosition] = [:]
        for (index, node) in (reader.array(members["cases"], path: path) ?? []).enumerated() {
            let casePath = JSONPath.appending(index: index, to: "$.cases")
            guard let backendCase = decodeCase(node, path: casePath, reader: &reader) else { continue }
            if let first = seen[backendCase.id] {
                reader.error(at: node.position, path: casePath + ".id", "duplicate case ID '\(backendCase.id)' (first at line \(first.line))", fix: "give this case a new ID; never reuse one")
            }
            seen[backendCase.id] = node.position
            cases.append(backendCase)
        }
        guard let formatVersion, let id, let version, let title else { return nil }
        return BackendSpec(formatVersion: formatVersion, id: id, version: version, title: title, cases: cases, sha256Hex: sha256Hex)
    }

    static func decodeCase(_ node: JSONNode, path: String, reader: inout BackendSpecReader) -> BackendCase? {
        guard let members = reader.object(node, path: path, required: ["id", "level", "title", "rationale", "references", "modes", "probe", "expect", "forges"], optional: ["tags", "timeLimit"]) else { return nil }
        let id = reader.string(members["id"], path: path)
        if let id, let member = members["id"], id.range(of: "^[A-Z][A-Z0-9]*(-[A-Z0-9]+)+$", options: .regularExpression) == nil {
            reader.error(at: member.value.position, path: path + ".id", "case ID '\(id)' must be upper-case words joined by '-', e.g. 'BE-SIG-1'")
        }
        let level = reader.word(members["level"], path: path, as: Requirement.Level.self, what: "level")
        let title = reader.string(members["title"], path: path)
        let rationale = reader.string(members["rationale"], path: path)
        let forges = reader.string(members["forges"], path: path)
        let probe = reader.word(members["probe"], path: path, as: BackendProbe.self, what: "probe")
        let expect = reader.word(members["expect"], path: path, as: BackendExpectation.self, what: "expectation")
        var references: [Reference] = []
        for (index, element) in (reader.array(members["references"], path: path) ?? []).enumerated() {
            let referencePath = JSONPath.appending(index: index, to: path + ".references")
            guard let fields = reader.object(element, path: referencePath, required: ["title", "url"]) else { continue }
            if let title = reader.string(fields["title"], path: referencePath), let url = reader.string(fields["url"], path: referencePath) {
                if !url.hasPrefix("https://"), let member = fields["url"] {
                    reader.error(at: member.value.position, path: referencePath + ".url", "reference URL must start with https://")
                }
                references.append(Reference(title: title, url: url))
            }
        }
        let tags = members["tags"] == nil ? [] : reader.strings(members["tags"], path: path, allowEmpty: true)
        var modes: Set<TenantMode>?
        if let member = members["modes"], let elements = reader.array(member, path: path) {
            var found: Set<TenantMode> = []
            for (index, element) in elements.enumerated() {
                let elementPath = JSONPath.appending(index: index, to: path + ".modes")
                if let mode = reader.word(element, path: elementPath, as: TenantMode.self, what: "tenant mode") {
                    if !found.insert(mode).inserted { reader.error(at: element.position, path: elementPath, "mode '\(mode.rawValue)' is listed twice") }
                }
            }
            modes = found
        }
        var timeLimit: Duration?
        if let member = members["timeLimit"] {
            if case .number(let number) = member.value.value, number.doubleValue > 0, number.doubleValue <= 600 {
                timeLimit = .milliseconds(Int64(number.doubleValue * 1000))
            } else {
                reader.error(at: member.value.position, path: path + ".timeLimit", "expected 'timeLimit' to be seconds between 0 and 600, found \(member.value.kindDescription)")
            }
        }
        guard let id, let level, let title, let rationale, let forges, let probe, let expect, let tags, let modes else { return nil }
        return BackendCase(id: id, level: level, title: title, rationale: rationale, references: references, tags: tags, modes: modes,
                           probe: probe, expect: expect, forges: forges, timeLimit: timeLimit, location: reader.location(node.position))
    }
}
