import CommandLineKit
import SingleLoginEvents
import SingleLoginSpec

/// `sl-conformance validate SPEC...`: checks spec files and prints every problem like a compiler.
public struct ValidateCommand: Command {
    /// `validate`'s options.
    public struct Options: OptionGroup {
        /// `--quiet`, `-q`.
        public static let quiet = Flag("--quiet", short: "-q", help: "Print nothing for valid files.")
        /// The files.
        public static let specs = Argument("spec", arity: .oneOrMore, help: "A spec file to check.")
        public static var signature: CommandSignature { CommandSignature([quiet], arguments: [specs]) }

        /// Print nothing for valid files.
        public var quiet: Bool
        /// The files to check, in order.
        public var paths: [String]

        public init(parsing arguments: ParsedArguments) throws(UsageError) {
            quiet = arguments.flag(Self.quiet)
            paths = try arguments.values(Self.specs)
        }
    }

    public let name = "validate"
    public let abstract = "Check spec files against spec format v1 and report every problem."
    public let discussion = """
        Problems print on standard error as 'file:line:column: error: message (at JSON path)',
        with an indented 'fix:' line when there is an obvious fix. Exit status: 0 when every
        file is valid, 65 when any is invalid.
        """

    /// Creates the command.
    public init() {}

    public func run(_ options: Options, output: TextOutput) async throws(UsageError) -> Int32 {
        var status = ExitStatus.passed
        for path in options.paths {
            do {
                let loaded = try SpecLoader.load(path: path)
                if !options.quiet {
                    let requirements = loaded.spec.requirements.count
                    let scenarios = loaded.spec.requirements.reduce(0) { $0 + $1.scenarios.count }
                    output.out("\(path): valid (\(requirements) requirement\(requirements == 1 ? "" : "s"), \(scenarios) scenario\(scenarios == 1 ? "" : "s"))")
                }
            } catch {
                output.err(error.description)
                let count = error.diagnostics.count
                output.err("\(path): invalid (\(count) problem\(count == 1 ? "" : "s"))")
                status = .invalidSpec
            }
        }
        return status.rawValue
    }
}
