import CommandLineKit
import DidYouMean
import Foundation
import SingleLoginEvents
import SingleLoginReports
import SingleLoginSpec

/// `sl-conformance spec [list | show NAME | export [NAME...]]`: the specs and schemas embedded in
/// the binary, listed, printed, or written out for a vendor to extend.
package struct SpecCommand: Command {
    /// What to do with the embedded files.
    package enum Action: String, CaseIterable, Sendable {
        /// One line per embedded file: name, kind, spec id and version.
        case list
        /// Print one file, byte for byte, on standard output.
        case show
        /// Write files (and the schemas they name) into a directory.
        case export
    }

    /// `spec`'s options.
    package struct Options: OptionGroup {
        /// The action.
        package static let action = Argument("action", arity: .optional, help: "list (default), show or export.", parser: ValueParser<Action>.cases)
        /// The files.
        package static let names = Argument("name", arity: .zeroOrMore, help: "An embedded file, e.g. single-login (see 'spec list').")
        /// `--output <dir>`.
        package static let output = Option(
            "--output", short: "-o", value: "dir", default: ".", help: "export: the directory to write into (created when missing).")
        /// `--force`.
        package static let force = Flag("--force", help: "export: overwrite files that exist and differ.")

        package static var signature: CommandSignature { CommandSignature([output, force], arguments: [action, names]) }

        /// What to do.
        package var action: Action
        /// The files named, in order.
        package var files: [EmbeddedSpec]
        /// Where export writes.
        package var outputDirectory: String
        /// Overwrite differing files.
        package var force: Bool

        package init(parsing arguments: ParsedArguments) throws(UsageError) {
            action = try arguments.value(Self.action) ?? .list
            files = []
            for name in try arguments.values(Self.names) {
                guard let file = EmbeddedSpec.named(name) else {
                    let known = EmbeddedSpec.all.map(\.name)
                    throw UsageError(
                        "No embedded spec or schema '\(name)'",
                        suggestion: Suggestion.closest(to: name, among: known).map { "Did you mean '\($0)'?" } ?? "Embedded: \(known.joined(separator: ", ")).")
                }
                files.append(file)
            }
            outputDirectory = try arguments.value(Self.output) ?? "."
            force = arguments.flag(Self.force)
            switch action {
            case .list where !files.isEmpty: throw UsageError("'spec list' takes no names")
            case .show where files.count != 1: throw UsageError("'spec show' takes exactly one name, e.g. 'spec show \(DefaultSpecs.catalogue.name)'")
            default: break
            }
        }
    }

    package let name = "spec"
    package let abstract = "List, print or export the specs and schemas embedded in sl-conformance."
    package let discussion = """
        Every command uses the embedded specs unless given a file (--spec FILE), so sl-conformance
        needs no checkout around it. To extend a spec, export it, edit the copy and pass it back:
          sl-conformance spec export single-login --output specs
          sl-conformance validate specs/single-login.json
          sl-conformance run --spec specs/single-login.json --adapter './my-adapter'
        export writes each named file (all when none is named) and the JSON Schema its "$schema"
        names, beside it, so editors keep completing and checking the copy. It refuses to replace a
        file that differs unless --force is given.
        Exit status: 0 done; 2 a file could not be written; 64 usage error (or a differing file without --force).
        """

    /// Creates the command.
    package init() {}

    package func run(_ options: Options, output: TextOutput) async throws(UsageError) -> Int32 {
        switch options.action {
        case .list:
            let width = EmbeddedSpec.all.map(\.name.count).max() ?? 0
            for file in EmbeddedSpec.all {
                let name = file.name.padding(toLength: width, withPad: " ", startingAt: 0)
                if let identity = file.identity {
                    output.out("\(name)  spec    \(identity.id) \(identity.version)")
                } else {
                    output.out("\(name)  schema")
                }
            }
            return ExitStatus.passed.rawValue
        case .show:
            output.write(options.files[0].text)
            return ExitStatus.passed.rawValue
        case .export:
            return try export(options, output: output)
        }
    }

    /// Writes the named files (all by default) and the schemas they name into the output directory.
    private func export(_ options: Options, output: TextOutput) throws(UsageError) -> Int32 {
        var files: [EmbeddedSpec] = []
        for file in options.files.isEmpty ? EmbeddedSpec.all : options.files {
            for candidate in [file] + (file.schema.map { [$0] } ?? []) where !files.contains(candidate) { files.append(candidate) }
        }
        let directory = URL(fileURLWithPath: options.outputDirectory)
        // Check everything before writing anything, so a refusal leaves the directory as it was.
        for file in files where !options.force {
            let target = directory.appendingPathComponent(file.fileName)
            if let existing = FileManager.default.contents(atPath: target.path), existing != Data(file.bytes) {
                throw UsageError(
                    "\(target.path) exists and differs from the embedded \(file.fileName)",
                    suggestion: "Pass '--force' to overwrite it, or '--output <dir>' to write elsewhere.")
            }
        }
        let fix = "  fix: give '--output' a directory that can be written (created when missing)"
        for file in files {
            do { try AtomicFileWriter.prepare(directory.appendingPathComponent(file.fileName)) } catch {
                output.err("error: \(error)\n\(fix); nothing was written")
                return ExitStatus.adapterOrHarnessError.rawValue
            }
        }
        for file in files {
            let target = directory.appendingPathComponent(file.fileName)
            do { try AtomicFileWriter.write(Data(file.bytes), to: target) } catch {
                output.err("error: \(error)\n\(fix)")
                return ExitStatus.adapterOrHarnessError.rawValue
            }
            output.out("wrote \(target.path)" + (file.identity.map { " (\($0.id) \($0.version))" } ?? ""))
        }
        return ExitStatus.passed.rawValue
    }
}
