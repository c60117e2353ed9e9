import CommandLineKit
import SingleLoginBackend
import SingleLoginEvents
import SingleLoginPreflight
import SingleLoginSpec

/// `sl-conformance validate [SPEC...]`: checks spec files of any kind and prints every problem like a compiler.
package struct ValidateCommand: Command {
    /// The kinds of spec `validate` recognises, by the rule of ``SpecFormat``: add a new kind here.
    package static let formats: [SpecFormat] = [.behavioural, .preflight, .backend]

    /// `validate`'s options.
    package struct Options: OptionGroup {
        /// `--quiet`, `-q`.
        package static let quiet = Flag("--quiet", short: "-q", help: "Print nothing for valid files.")
        /// The files.
        package static let specs = Argument(
            "spec", arity: .zeroOrMore, help: "A spec file to check: behavioural, preflight or backend (default: the specs embedded in sl-conformance).")
        package static var signature: CommandSignature { CommandSignature([quiet], arguments: [specs]) }

        /// Print nothing for valid files.
        package var quiet: Bool
        /// The files to check, in order; empty for the embedded specs.
        package var paths: [String]

        package init(parsing arguments: ParsedArguments) throws(UsageError) {
            quiet = arguments.flag(Self.quiet)
            paths = try arguments.values(Self.specs)
        }
    }

    package let name = "validate"
    package let abstract = "Check spec files (behavioural, preflight or backend) and report every problem."
    package let discussion = """
        Each file's kind is recognised by the top-level key that holds its items: 'requirements'
        for a behavioural spec (spec-format-v1.schema.json), 'checks' for a preflight spec
        (preflight-format-v1.schema.json), 'cases' for a backend spec
        (backend-spec-v1.schema.json). Problems print on standard error as
        'file:line:column: error: message (at JSON path)', with an indented 'fix:' line when there
        is an obvious fix. With no file, checks the specs embedded in sl-conformance.
        Exit status: 0 when every file is valid; otherwise the first problem's: 65 an invalid spec,
        66 no such file or unreadable, 64 a directory (or another usage error).
        """

    /// Creates the command.
    package init() {}

    package func run(_ options: Options, output: TextOutput) async throws(UsageError) -> Int32 {
        var status = ExitStatus.passed
        let sources = options.paths.isEmpty ? DefaultSpecs.specs.map(SpecSource.embedded) : options.paths.map(SpecSource.file)
        for source in sources {
            let path = source.displayPath
            let bytes: [UInt8]
            do { bytes = try SpecInput.bytes(source, option: "validate", embeddedFallback: false) } catch {
                output.err(error.message)
                if status == .passed { status = error.status }
                continue
            }
            do {
                let summary = try SpecFormat.recognise(bytes, file: path, among: Self.formats).check(bytes, path)
                if !options.quiet { output.out("\(path): valid (\(summary))") }
            } catch {
                output.err(error.description)
                let count = error.diagnostics.count
                output.err("\(path): invalid (\(count) problem\(count == 1 ? "" : "s"))")
                if status == .passed { status = .invalidSpec }
            }
        }
        return status.rawValue
    }
}
