import CommandLineKit
import Foundation

/// sl-embed-specs: regenerates the Swift source that carries `specs/*.json` inside the binary
/// (`EmbeddedSpec` in SingleLoginSpec), so that `sl-conformance` needs no checkout around it.
///
/// A build-tool plugin would do this at build time, but a package with build-tool plugins makes
/// Xcode ask every vendor who adds it to "Trust & Enable" it; generated, checked-in source does not.
struct EmbedSpecsCommand: Command {
    struct Options: OptionGroup {
        static let specs = Option("--specs", value: "dir", default: "specs", help: "The directory whose *.json files are embedded.")
        static let output = Option("--output", value: "dir", default: EmbedSpecsCommand.defaultOutput, help: "Where the generated Swift files go.")
        static let check = Flag("--check", help: "Change nothing; exit 1 when a generated file is missing, stale or extra.")

        static var signature: CommandSignature { CommandSignature([specs, output, check]) }

        var specsDirectory: String
        var outputDirectory: String
        var check: Bool

        init(parsing arguments: ParsedArguments) throws(UsageError) {
            specsDirectory = try arguments.value(Self.specs) ?? "specs"
            outputDirectory = try arguments.value(Self.output) ?? EmbedSpecsCommand.defaultOutput
            check = arguments.flag(Self.check)
        }
    }

    static let defaultOutput = "Sources/SingleLoginSpec/Embedded/Generated"

    let name = "sl-embed-specs"
    let abstract = "Regenerate the embedded copies of specs/*.json (run from the repository's root after editing a spec)."
    let discussion = """
        Writes one EmbeddedSpec+<Name>.swift per file and EmbeddedSpec+All.swift listing them, and
        removes generated files whose spec is gone. The test 'embedded specs are the files in specs/'
        fails until this has been run after a spec changed.
        Exit status: 0 done (or, with --check, nothing to change); 1 with --check when something would
        change; 66 the specs directory is missing; 65 a file cannot be embedded; 64 usage error.
        """

    func run(_ options: Options, output: TextOutput) async throws(UsageError) -> Int32 {
        let fileManager = FileManager.default
        var isDirectory: ObjCBool = false
        guard fileManager.fileExists(atPath: options.specsDirectory, isDirectory: &isDirectory), isDirectory.boolValue else {
            output.err("error: no such directory '\(options.specsDirectory)' (run from the repository's root, or pass --specs DIR)")
            return 66
        }
        let names = ((try? fileManager.contentsOfDirectory(atPath: options.specsDirectory)) ?? []).filter { $0.hasSuffix(".json") }.sorted()
        var generated: [String: String] = [:]
        var identifiers: [String] = []
        for fileName in names {
            let path = options.specsDirectory + "/" + fileName
            guard let data = fileManager.contents(atPath: path), let text = String(data: data, encoding: .utf8) else {
                output.err("\(path): error: cannot read the file as UTF-8")
                return 65
            }
            if text.contains("\r") {
                output.err("\(path): error: the file has carriage returns, which a Swift string literal would not keep; save it with LF line endings")
                return 65
            }
            let identifier = Self.identifier(for: fileName)
            identifiers.append(identifier)
            generated["EmbeddedSpec+\(Self.typeName(identifier)).swift"] = Self.source(fileName: fileName, identifier: identifier, text: text)
        }
        generated["EmbeddedSpec+All.swift"] = Self.index(identifiers)

        let existing = Set(
            ((try? fileManager.contentsOfDirectory(atPath: options.outputDirectory)) ?? []).filter { $0.hasPrefix("EmbeddedSpec+") && $0.hasSuffix(".swift") })
        var changes: [String] = []
        for (file, source) in generated.sorted(by: { $0.key < $1.key }) {
            let path = options.outputDirectory + "/" + file
            if fileManager.contents(atPath: path) == Data(source.utf8) { continue }
            changes.append((existing.contains(file) ? "update " : "create ") + path)
            if !options.check {
                do {
                    try fileManager.createDirectory(atPath: options.outputDirectory, withIntermediateDirectories: true)
                    try Data(source.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
                } catch {
                    output.err("error: cannot write \(path): \(error.localizedDescription)")
                    return 2
                }
            }
        }
        for file in existing.subtracting(generated.keys).sorted() {
            let path = options.outputDirectory + "/" + file
            changes.append("remove " + path)
            if !options.check { try? fileManager.removeItem(atPath: path) }
        }
        for change in changes { output.out((options.check ? "would " : "") + change) }
        if changes.isEmpty { output.out("\(names.count) embedded file\(names.count == 1 ? "" : "s") up to date in \(options.outputDirectory)") }
        return options.check && !changes.isEmpty ? 1 : 0
    }

    /// `single-login.json` → `singleLogin`; `spec-format-v1.schema.json` → `specFormatV1Schema`.
    static func identifier(for fileName: String) -> String {
        let stem = fileName.hasSuffix(".json") ? String(fileName.dropLast(5)) : fileName
        let words = stem.split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map(String.init)
        guard let first = words.first else { return "file" }
        let rest = words.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }
        let joined = first.prefix(1).lowercased() + first.dropFirst() + rest.joined()
        return joined.first?.isNumber == true ? "file" + joined : joined
    }

    /// `singleLogin` → `SingleLogin`.
    static func typeName(_ identifier: String) -> String {
        identifier.prefix(1).uppercased() + identifier.dropFirst()
    }

    /// The fewest `#` that make a raw string literal of `text` unambiguous.
    static func delimiter(for text: String) -> String {
        var hashes = "#"
        while text.contains("\"\"\"" + hashes) || text.contains("\\" + hashes) { hashes += "#" }
        return hashes
    }

    /// The generated file for one spec: its text in a raw multi-line string literal, which keeps every byte.
    static func source(fileName: String, identifier: String, text: String) -> String {
        let hashes = delimiter(for: text)
        return """
            // Generated by `swift run sl-embed-specs` from specs/\(fileName): do not edit.
            // The test "embedded specs are the files in specs/" fails when this copy differs from the file.

            extension EmbeddedSpec {
                /// `specs/\(fileName)`, byte for byte.
                public static let \(identifier) = EmbeddedSpec(fileName: "\(fileName)", text: \(hashes)\"\"\"

            """ + text + "\n\"\"\"\(hashes))\n}\n"
    }

    /// `EmbeddedSpec.all`.
    static func index(_ identifiers: [String]) -> String {
        """
        // Generated by `swift run sl-embed-specs`: do not edit.

        extension EmbeddedSpec {
            /// Every embedded file, in file-name order.
            public static let all: [EmbeddedSpec] = [\(identifiers.map { "." + $0 }.joined(separator: ", "))]
        }

        """
    }
}
