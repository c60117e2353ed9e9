import CommandLineKit
import Testing

@Suite("The parser reads a command line against a signature, or names the first mistake")
struct ArgumentParserTests {
    static let format = Option(
        "--format", short: "-f", value: "format", default: "text", help: "Output format.", parser: .choice(["text": "text", "json": "json"]))
    static let only = Option("--only", value: "id", repeatable: true, help: "Only these.")
    static let quiet = Flag("--quiet", short: "-q", help: "Quiet.")
    static let spec = Argument("spec", arity: .optional, help: "A spec.")
    static let signature = CommandSignature([format, only, quiet], arguments: [spec])

    static func parse(_ words: [String]) throws(UsageError) -> ParsedArguments {
        try ArgumentParser.parse(words, signature: signature)
    }

    static func error(_ words: [String]) -> UsageError? {
        do { _ = try parse(words); return nil } catch { return error }
    }

    @Test("values come as '--name value', '--name=value' or a short name; defaults fill in; '--' ends options")
    func forms() throws {
        #expect(try Self.parse(["--format", "json"]).value(Self.format) == "json")
        #expect(try Self.parse(["--format=json"]).value(Self.format) == "json")
        #expect(try Self.parse(["-f", "json"]).value(Self.format) == "json")
        #expect(try Self.parse([]).value(Self.format) == "text")
        #expect(try Self.parse([]).isGiven(Self.format) == false)
        #expect(try Self.parse(["-q"]).flag(Self.quiet))
        #expect(try Self.parse(["--", "--quiet"]).value(Self.spec) == "--quiet")
        #expect(try Self.parse(["-"]).value(Self.spec) == "-")
        #expect(try Self.parse(["--only", "a", "x.json", "--only=b"]).values(Self.only) == ["a", "b"])
        #expect(try Self.parse(["--only", "a", "x.json"]).value(Self.spec) == "x.json")
    }

    @Test(
        "each mistake is one usage error with the message swift-argument-parser would print",
        arguments: [
            (["--formt", "json"], "Unknown option '--formt'", "Did you mean '--format'?"),
            (["--bogus"], "Unknown option '--bogus'", nil),
            (["--format"], "Missing value for '--format <format>'", nil),
            (["--format", "--quiet"], "Missing value for '--format <format>'", nil),
            (["--format", "xml"], "The value 'xml' is invalid for '--format <format>'", "Please provide one of 'text' or 'json'."),
            (["--quiet=yes"], "The flag '--quiet' does not take a value", nil),
            (["--format", "json", "--format", "text"], "The option '--format' was given more than once", nil),
            (["a.json", "b.json"], "Unexpected argument 'b.json'", nil),
        ] as [([String], String, String?)])
    func mistakes(words: [String], message: String, suggestion: String?) {
        #expect(Self.error(words) == UsageError(message, suggestion: suggestion))
    }

    @Test("'--help' and '-h' ask for help anywhere before '--'")
    func help() {
        #expect(ArgumentParser.asksForHelp(["list", "--help"]))
        #expect(ArgumentParser.asksForHelp(["-h"]))
        #expect(!ArgumentParser.asksForHelp(["--", "--help"]))
        #expect(!ArgumentParser.asksForHelp(["--helpful"]))
    }

    @Test("required positional arguments are counted", arguments: [ArgumentDefinition.Arity.one, .oneOrMore])
    func missingArgument(arity: ArgumentDefinition.Arity) throws {
        let out = Argument("out", arity: arity, help: "Where.")
        #expect(throws: UsageError("Missing expected argument '\(out.definition.synopsis)'")) {
            try ArgumentParser.parse([], signature: CommandSignature([], arguments: [out]))
        }
        #expect(
            try ArgumentParser.parse(["a", "b"], signature: CommandSignature([], arguments: [Argument("in", arity: .zeroOrMore, help: "")])).positionals["in"]
                == ["a", "b"])
    }

    @Test("a usage line lists up to 12 options one by one; more read [<options>], the arguments after, as swift-argument-parser writes it")
    func shortUsage() {
        #expect(Help.usage(["tool", "list"], signature: Self.signature) == "tool list [<spec>] [--format <format>] [--only <id>] [--quiet]")
        let many = (1...13).map { Flag("--flag-\($0)", help: "Flag \($0).") }
        let long = CommandSignature(many, arguments: [Self.spec])
        #expect(Help.usage(["tool", "run"], signature: long) == "tool run [<options>] [<spec>]")
        let twelve = CommandSignature(Array(many.prefix(12)))
        #expect(Help.usage(["tool", "run"], signature: twelve).hasSuffix("[--flag-12]"))
    }
}
