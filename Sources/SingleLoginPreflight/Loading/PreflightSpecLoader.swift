import Foundation
import DidYouMean
import SingleLoginSpec

/// Reads preflight specs strictly: unknown keys, missing keys, wrong types and bad values are all
/// reported at once as compiler-style diagnostics (`file:line:col: error: ...`).
public enum PreflightSpecLoader {
    /// Loads and checks the spec at `path`; the path is used as given in diagnostics.
    public static func load(path: String) throws(SpecLoadingFailure) -> PreflightSpec {
        guard let data = FileManager.default.contents(atPath: path) else {
            let reason = FileManager.default.fileExists(atPath: path) ? "cannot read the file" : "no such file"
            throw SpecLoadingFailure(diagnostics: [
                SpecDiagnostic(location: SourceLocation(file: path, line: 1, column: 1), path: JSONPath.root, message: reason),
            ])
        }
        return try load(bytes: [UInt8](data), file: path)
    }

    /// Loads and checks a spec from UTF-8 bytes; `file` names it in diagnostics.
    public static func load(bytes: [UInt8], file: String) throws(SpecLoadingFailure) -> PreflightSpec {
        let root: JSONNode
        do {
            root = try JSONParser().parse(bytes)
        } catch {
            throw SpecLoadingFailure(diagnostics: [
                SpecDiagnostic(location: SourceLocation(file: file, line: error.position.line, column: error.position.column),
                               path: error.path, message: error.message, fix: error.fix),
            ])
        }
        var reader = JSONNodeReader(file: file)
        let spec = decodeSpec(root, reader: &reader, sha256Hex: SHA256.hexDigest(bytes))
        guard reader.diagnostics.isEmpty, let spec else {
            throw SpecLoadingFailure(diagnostics: reader.diagnostics)
        }
        return spec
    }

    static func decodeSpec(_ root: JSONNode, reader: inout JSONNodeReader, sha256Hex: String) -> PreflightSpec? {
        let path = JSONPath.root
        guard let members = reader.object(root, path: path, required: ["formatVersion", "id", "version", "title", "checks"], optional: ["$schema", "description"]) else { return nil }
        let formatVersion = reader.string(members["formatVersion"], path: path)
        if let formatVersion, let member = members["formatVersion"] {
            let major = formatVersion.split(separator: ".").first.flatMap { Int($0) }
            if major == nil {
                reader.error(at: member.value.position, path: "$.formatVersion", "'\(formatVersion)' is not a format version such as '1.0'")
            } else if major != 1 {
                reader.error(at: member.value.position, path: "$.formatVersion", "format version \(formatVersion) is newer than this build reads (\(PreflightSpec.supportedFormatVersion)); update sl-conformance")
            }
        }
        let id = reader.string(members["id"], path: path)
        let version = reader.string(members["version"], path: path)
        let title = reader.string(members["title"], path: path)
        _ = reader.string(members["description"], path: path, allowEmpty: true)
        _ = reader.string(members["$schema"], path: path)
        var checks: [PreflightCheck] = []
        var seen: [String: JSONPosition] = [:]
        for (index, node) in (reader.array(members["checks"], path: path) ?? []).enumerated() {
            let checkPath = JSONPath.appending(index: index, to: "$.checks")
            guard let check = decodeCheck(node, path: checkPath, reader: &reader) else { continue }
            if let first = seen[check.id] {
                reader.error(at: node.position, path: checkPath, "duplicate check ID '\(check.id)' (first at \(first))")
            }
            seen[check.id] = node.position
            checks.append(check)
        }
        guard let formatVersion, let id, let version, let title else { return nil }
        return PreflightSpec(formatVersion: formatVersion, id: id, version: version, title: title, checks: checks,
                             sha256Hex: sha256Hex, source: reader.location(root.position))
    }

    static func decodeCheck(_ node: JSONNode, path: String, reader: inout JSONNodeReader) -> PreflightCheck? {
        guard let members = reader.object(node, path: path, required: ["id", "level", "title", "rationale", "references", "rule"], optional: ["tags"]) else { return nil }
        let id = reader.string(members["id"], path: path)
        if let id, let member = members["id"], id.range(of: "^[A-Z][A-Z0-9]*(-[A-Z0-9]+)+$", options: .regularExpression) == nil {
            reader.error(at: member.value.position, path: path + ".id", "check ID '\(id)' must be upper-case words joined by '-', e.g. 'PF-REDIRECT'")
        }
        var level: Requirement.Level?
        if let text = reader.string(members["level"], path: path), let member = members["level"] {
            level = Requirement.Level(rawValue: text)
            if level == nil {
                let suggestion = Suggestion.closest(to: text, among: Requirement.Level.allCases.map(\.rawValue))
                reader.error(at: member.value.position, path: path + ".level", "unknown level '\(text)'; expected MUST or SHOULD", fix: suggestion.map { "write '\($0)'" })
            }
        }
        let title = reader.string(members["title"], path: path)
        let rationale = reader.string(members["rationale"], path: path)
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
        let rule = members["rule"].flatMap { decodeRule($0.value, path: path + ".rule", reader: &reader) }
        guard let id, let level, let title, let rationale, let tags, let rule else { return nil }
        return PreflightCheck(id: id, level: level, title: title, rationale: rationale, references: references, tags: tags, rule: rule, location: reader.location(node.position))
    }

    static func decodeRule(_ node: JSONNode, path: String, reader: inout JSONNodeReader) -> PreflightRule? {
        guard case let .object(members) = node.value else {
            reader.error(at: node.position, path: path, "expected an object, found \(node.kindDescription)")
            return nil
        }
        guard let kindMember = members.first(where: { $0.key == "kind" }) else {
            reader.error(at: node.position, path: path, "missing required key 'kind'; expected one of \(PreflightRule.kindNames.joined(separator: ", "))")
            return nil
        }
        guard case let .string(kind) = kindMember.value.value else {
            reader.error(at: kindMember.value.position, path: path + ".kind", "expected a string, found \(kindMember.value.kindDescription)")
            return nil
        }
        switch kind {
        case "urlSchemeRegistered":
            guard let fields = reader.object(node, path: path, required: ["kind", "template"]),
                  let template = reader.string(fields["template"], path: path) else { return nil }
            return .urlSchemeRegistered(template: template)
        case "arrayContainsAll":
            guard let fields = reader.object(node, path: path, required: ["kind", "file", "key", "values"]) else { return nil }
            var file: PropertyListKind?
            if let text = reader.string(fields["file"], path: path), let member = fields["file"] {
                file = PropertyListKind(rawValue: text)
                if file == nil {
                    reader.error(at: member.value.position, path: path + ".file", "unknown file '\(text)'; expected one of \(PropertyListKind.allCases.map(\.rawValue).joined(separator: ", "))")
                }
            }
            guard let key = reader.string(fields["key"], path: path), let values = reader.strings(fields["values"], path: path), let file else { return nil }
            return .arrayContainsAll(file: file, key: key, values: values)
        case "entitlementContainsOneOf":
            guard let fields = reader.object(node, path: path, required: ["kind", "key", "valuesByPlatform"]),
                  let key = reader.string(fields["key"], path: path),
                  let values = reader.stringListsByKey(fields["valuesByPlatform"], path: path, allowedKeys: ["iOS", "macOS"]) else { return nil }
            return .entitlementContainsOneOf(key: key, valuesByPlatform: values)
        case "minimumDependencyVersion":
            guard let fields = reader.object(node, path: path, required: ["kind", "minimum", "packages"]) else { return nil }
            let minimum = reader.string(fields["minimum"], path: path)
            if let minimum, let member = fields["minimum"], SemanticVersion(minimum) == nil {
                reader.error(at: member.value.position, path: path + ".minimum", "'\(minimum)' is not a version such as '1.1.0'")
                return nil
            }
            guard let minimum, let lists = reader.stringListsByKey(fields["packages"], path: path, allowedKeys: DependencyManager.allCases.map(\.rawValue)) else { return nil }
            var packages: [DependencyManager: [String]] = [:]
            for (manager, names) in lists { if let manager = DependencyManager(rawValue: manager) { packages[manager] = names } }
            return .minimumDependencyVersion(minimum: minimum, packages: packages)
        case "sourceContains":
            guard let fields = reader.object(node, path: path, required: ["kind", "pattern", "extensions"]),
                  let pattern = reader.string(fields["pattern"], path: path),
                  let extensions = reader.strings(fields["extensions"], path: path) else { return nil }
            do {
                _ = try NSRegularExpression(pattern: pattern)
            } catch {
                reader.error(at: fields["pattern"]!.value.position, path: path + ".pattern", "invalid regular expression '\(pattern)'")
                return nil
            }
            return .sourceContains(pattern: pattern, extensions: extensions.map { $0.hasPrefix(".") ? String($0.dropFirst()) : $0 })
        default:
            let suggestion = Suggestion.closest(to: kind, among: PreflightRule.kindNames)
            reader.error(at: kindMember.value.position, path: path + ".kind",
                         "unknown rule kind '\(kind)'" + (suggestion.map { "; did you mean '\($0)'?" } ?? "; expected one of \(PreflightRule.kindNames.joined(separator: ", "))"),
                         fix: suggestion.map { "write '\($0)'" })
            return nil
        }
    }
}
