import SingleLoginEvents
import SingleLoginSpec

/// `sl-conformance validate SPEC...`: checks spec files and prints every problem like a compiler.
struct ValidateCommand: Command {
    let name = "validate"
    let abstract = "Check spec files against spec format v1 and report every problem."
    let discussion = """
        Problems print on standard error as 'file:line:column: error: message (at JSON path)',
        with an indented 'fix:' line when there is an obvious fix. Exit status: 0 when every
        file is valid, 65 when any is invalid.
        """
    let signature = CommandSignature(
        options: [.flag("--quiet", short: "-q", help: "Print nothing for valid files.")],
        arguments: [ArgumentDefinition(name: "spec", arity: .oneOrMore, help: "A spec file to check.")])

    func run(_ arguments: ParsedArguments) async throws(UsageError) -> Int32 {
        var status = ExitStatus.passed
        for path in arguments.arguments("spec") {
            do {
                let loaded = try SpecLoader.load(path: path)
                if !arguments.flag("--quiet") {
                    let requirements = loaded.spec.requirements.count
                    let scenarios = loaded.spec.requirements.reduce(0) { $0 + $1.scenarios.count }
                    StandardStreams.out("\(path): valid (\(requirements) requirement\(requirements == 1 ? "" : "s"), \(scenarios) scenario\(scenarios == 1 ? "" : "s"))")
                }
            } catch {
                StandardStreams.err(error.description)
                let count = error.diagnostics.count
                StandardStreams.err("\(path): invalid (\(count) problem\(count == 1 ? "" : "s"))")
                status = .invalidSpec
            }
        }
        return status.rawValue
    }
}
