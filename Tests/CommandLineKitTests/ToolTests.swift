import CommandLineKit
import Testing

/// A group two commands share, and a command that includes it.
struct SharedGroup: OptionGroup {
    static let verbose = Flag("--verbose", short: "-v", help: "Say more.")
    static var signature: CommandSignature { CommandSignature([verbose]) }
    var verbose: Bool
    init(parsing arguments: ParsedArguments) throws(UsageError) { verbose = arguments.flag(Self.verbose) }
}

struct GreetCommand: Command {
    struct Options: OptionGroup {
        static let times = Option("--times", value: "n", default: "1", help: "How often.", parser: .positiveInteger)
        static let who = Argument("name", arity: .one, help: "Whom to greet.")
        static var signature: CommandSignature { CommandSignature([times], arguments: [who]).including(SharedGroup.signature) }
        var times: Int
        var name: String
        var shared: SharedGroup
        init(parsing arguments: ParsedArguments) throws(UsageError) {
            times = try arguments.value(Self.times) ?? 1
            name = try arguments.value(Self.who) ?? ""
            shared = try SharedGroup(parsing: arguments)
        }
    }

    var name = "greet"
    let abstract = "Greet someone."

    func run(_ options: Options, output: TextOutput) async throws(UsageError) -> Int32 {
        guard options.name != "nobody" else { throw UsageError("Cannot greet 'nobody'") }
        for _ in 0..<options.times { output.out("hello \(options.name)" + (options.shared.verbose ? "!" : "")) }
        return 0
    }
}

@Suite("Tools print help on stdout and usage errors on stderr with exit status 64")
struct ToolTests {
    static let tool = CommandLineTool(name: "demo", overview: "A demo.", version: "1.2.3", commands: [AnyCommand(GreetCommand())])

    static func run(_ words: [String]) async -> (status: Int32, out: String, err: String) {
        let captured = CapturedOutput()
        let status = await tool.run(words, output: captured.output)
        return (status, captured.standardOutput, captured.standardError)
    }

    @Test("a command runs with its typed options, shared groups included")
    func runs() async {
        let run = await Self.run(["greet", "ada", "--times", "2", "-v"])
        #expect(run.status == 0 && run.out == "hello ada!\nhello ada!\n" && run.err.isEmpty)
    }

    @Test("help of the tool and of a command, on stdout, exit 0", arguments: [["--help"], ["-h"], [], ["help"], ["help", "greet"], ["greet", "--help"]])
    func help(words: [String]) async {
        let run = await Self.run(words)
        #expect(run.status == 0 && run.err.isEmpty)
        #expect(run.out.hasPrefix("OVERVIEW: "))
    }

    @Test("a command's help lists its arguments and options, shared ones included, with values and defaults")
    func commandHelp() async {
        let run = await Self.run(["greet", "-h"])
        #expect(
            run.out == """
                OVERVIEW: Greet someone.

                USAGE: demo greet <name> [--times <n>] [--verbose]

                ARGUMENTS:
                  <name>                  Whom to greet.

                OPTIONS:
                  --times <n>             How often. (default: 1)
                  -v, --verbose           Say more.
                  -h, --help              Show help information.

                """)
    }

    @Test("a command's help ends with the pages that explain it, when it names any")
    func docsLine() async {
        let tool = CommandLineTool(
            name: "demo", overview: "A demo.", version: "1.2.3", commands: [AnyCommand(GreetCommand(), docs: ["docs/greeting.md", "docs/names.md"])])
        let captured = CapturedOutput()
        #expect(await tool.run(["greet", "--help"], output: captured.output) == 0)
        #expect(captured.standardOutput.hasSuffix("  -h, --help              Show help information.\n\nDocs: docs/greeting.md, docs/names.md\n"))
        let plain = await Self.run(["greet", "--help"])
        #expect(!plain.out.contains("Docs:"), "no line when a command names no page")
    }

    @Test("a usage error prints the error, the usage line and where help is, on stderr; stdout stays empty")
    func usageError() async {
        let run = await Self.run(["greet", "ada", "--tims", "2"])
        #expect(run.status == 64 && run.out.isEmpty)
        #expect(
            run.err == """
                Error: Unknown option '--tims'. Did you mean '--times'?
                Usage: demo greet <name> [--times <n>] [--verbose]
                  See 'demo greet --help' for more information.

                """)
    }

    @Test(
        "usage errors: an unknown subcommand or option, a bad value, or one the command finds itself",
        arguments: [
            (["gret"], "Error: Unknown subcommand 'gret'. Did you mean 'greet'?"),
            (["--bogus"], "Error: Unknown option '--bogus'"),
            (["help", "nope"], "Error: Unknown subcommand 'nope'"),
            (["greet", "ada", "--times", "0"], "Error: The value '0' is invalid for '--times <n>'. Please give a whole number of at least 1."),
            (["greet"], "Error: Missing expected argument '<name>'"),
            (["greet", "nobody"], "Error: Cannot greet 'nobody'"),
        ])
    func usageErrors(words: [String], firstLine: String) async {
        let run = await Self.run(words)
        #expect(run.status == 64 && run.out.isEmpty)
        #expect(run.err.split(separator: "\n").first.map(String.init) == firstLine)
        #expect(run.err.contains("for more information."))
    }

    @Test("--version prints the version")
    func version() async {
        let run = await Self.run(["--version"])
        #expect(run.status == 0 && run.out == "1.2.3\n")
    }

    @Test("a single-command tool: help, and '--bogus' on stderr with its usage, exit 64")
    func singleCommand() async {
        let tool = SingleCommandTool(GreetCommand(name: "greeter"))
        let captured = CapturedOutput()
        #expect(await tool.run(["--bogus"], output: captured.output) == 64)
        #expect(captured.standardOutput.isEmpty)
        #expect(
            captured.standardError == """
                Error: Unknown option '--bogus'
                Usage: greeter <name> [--times <n>] [--verbose]
                  See 'greeter --help' for more information.

                """)
        let help = CapturedOutput()
        #expect(await tool.run(["-h"], output: help.output) == 0)
        #expect(help.standardOutput.hasPrefix("OVERVIEW: Greet someone.\n\nUSAGE: greeter <name>"))
    }
}
