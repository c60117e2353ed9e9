import CommandLineKit
import Foundation
import SingleLoginEvents
import SingleLoginReports
import SingleLoginSpec

/// `sl-conformance list [SPEC] [--format text|json|markdown]`: the requirements of a spec, one per line, as JSON,
/// or as the README's Markdown table.
package struct ListCommand: Command {
    /// `list`'s options.
    package struct Options: OptionGroup {
        /// `--format text|json|markdown`.
        package static let format = ListFormat.option(help: "Output format (markdown: the README's catalogue table).")
        /// The spec file.
        package static let spec = Argument("spec", arity: .optional, help: "The spec file (default: the embedded \(DefaultSpecs.catalogue.name) spec).")
        package static var signature: CommandSignature { CommandSignature([format], arguments: [spec]) }

        /// What to print.
        package var format: ListFormat
        /// The spec: the embedded catalogue unless a file is named.
        package var spec: SpecSource

        package init(parsing arguments: ParsedArguments) throws(UsageError) {
            format = try arguments.value(Self.format) ?? .text
            spec = SpecSource(path: try arguments.value(Self.spec), default: DefaultSpecs.catalogue)
        }
    }

    package let name = "list"
    package let abstract = "List the requirements of a spec: ID, level, title and tags."
    package let discussion = """
        With no file, lists the spec embedded in sl-conformance ('sl-conformance spec show single-login' prints it).
        Exit status: 0 listed; 64 usage error or a directory given; 65 invalid spec; 66 no such file or unreadable.
        """

    /// Creates the command.
    package init() {}

    package func run(_ options: Options, output: TextOutput) async throws(UsageError) -> Int32 {
        let loaded: LoadedSpec
        do { loaded = try SpecInput.catalogue(options.spec, option: "<spec>") } catch { return error.report(to: output) }
        switch options.format {
        case .json: output.out(Self.json(loaded))
        case .text: output.out(Self.text(loaded.spec))
        case .markdown: output.out(String(CatalogueTable.markdown(loaded.spec).dropLast()))
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
