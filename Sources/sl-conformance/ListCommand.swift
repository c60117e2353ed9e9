import Foundation
import SingleLoginEvents
import SingleLoginSpec

/// `sl-conformance list [SPEC] [--format text|json]`: the requirements of a spec, one per line or as JSON.
struct ListCommand: Command {
    /// The spec used when none is named.
    static let defaultSpec = "specs/single-login.json"

    let name = "list"
    let abstract = "List the requirements of a spec: ID, level, title and tags."
    let signature = CommandSignature(
        options: [.option("--format", value: "format", allowed: ["text", "json"], default: "text", help: "Output format.")],
        arguments: [ArgumentDefinition(name: "spec", arity: .optional, help: "The spec file (default: \(ListCommand.defaultSpec)).")])

    func run(_ arguments: ParsedArguments) async throws(UsageError) -> Int32 {
        let path = arguments.argument("spec") ?? Self.defaultSpec
        let loaded: LoadedSpec
        do {
            loaded = try SpecLoader.load(path: path)
        } catch {
            StandardStreams.err(error.description)
            return ExitStatus.invalidSpec.rawValue
        }
        if arguments.value("--format") == "json" {
            StandardStreams.out(Self.json(loaded))
        } else {
            StandardStreams.out(Self.text(loaded.spec))
        }
        return ExitStatus.passed.rawValue
    }

    /// Aligned columns: ID, level, title, tags in brackets.
    static func text(_ spec: Spec) -> String {
        let idWidth = spec.requirements.map(\.id.count).max() ?? 0
        return spec.requirements.map { requirement in
            let id = requirement.id + String(repeating: " ", count: idWidth - requirement.id.count)
            let level = requirement.level.rawValue + String(repeating: " ", count: 6 - requirement.level.rawValue.count)
            let tags = requirement.tags.isEmpty ? "" : "  [\(requirement.tags.joined(separator: ", "))]"
            return "\(id)  \(level) \(requirement.title)\(tags)"
        }.joined(separator: "\n")
    }

    /// `{"spec": {...}, "requirements": [{"id", "level", "title", "tags", "scenarios"}]}`, keys sorted.
    static func json(_ loaded: LoadedSpec) -> String {
        let spec = loaded.spec
        let object: [String: Any] = [
            "spec": ["id": spec.id, "version": spec.version, "title": spec.title, "sha256": loaded.sha256Hex],
            "requirements": spec.requirements.map { requirement in
                [
                    "id": requirement.id, "level": requirement.level.rawValue, "title": requirement.title,
                    "tags": requirement.tags, "scenarios": requirement.scenarios.map(\.name),
                ] as [String: Any]
            },
        ]
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])) ?? Data()
        return String(decoding: data, as: UTF8.self)
    }
}
