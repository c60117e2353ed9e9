import CommandLineKit
import Testing

@Suite("Values are typed when parsed; a value that does not parse is a usage error saying what was expected")
struct ValueParserTests {
    static let jobs = Option("--jobs", short: "-j", value: "n", default: "1", help: "Jobs.", parser: .positiveInteger)
    static let timeout = Option("--timeout", value: "seconds", help: "Timeout.", parser: .positiveSeconds)
    static let rate = Option("--rate", value: "p", help: "Rate.", parser: .fraction)
    static let adapter = Option("--adapter", value: "command", help: "Adapter.")
    static let signature = CommandSignature([jobs, timeout, rate, adapter])

    static func parsed(_ words: [String]) throws(UsageError) -> ParsedArguments {
        try ArgumentParser.parse(words, signature: signature)
    }

    @Test("whole numbers, seconds and fractions parse into their types")
    func typed() throws {
        #expect(try Self.parsed(["-j", "4"]).value(Self.jobs) == 4)
        #expect(try Self.parsed([]).value(Self.jobs) == 1)
        #expect(try Self.parsed(["--timeout", "2.5"]).value(Self.timeout) == .milliseconds(2500))
        #expect(try Self.parsed([]).value(Self.timeout) == nil)
        #expect(try Self.parsed(["--rate", "0.2"]).value(Self.rate) == 0.2)
    }

    @Test(
        "an invalid value names the option and what it should be",
        arguments: [
            (["--jobs", "0"], "The value '0' is invalid for '--jobs <n>'", "Please give a whole number of at least 1."),
            (["--jobs", "two"], "The value 'two' is invalid for '--jobs <n>'", "Please give a whole number of at least 1."),
            (["--timeout=-1"], "The value '-1' is invalid for '--timeout <seconds>'", "Please give a positive number of seconds, e.g. 2.5."),
            (["--timeout", "inf"], "The value 'inf' is invalid for '--timeout <seconds>'", "Please give a positive number of seconds, e.g. 2.5."),
            (["--rate", "1.5"], "The value '1.5' is invalid for '--rate <p>'", "Please give a number from 0 to 1."),
        ] as [([String], String, String)])
    func invalid(words: [String], message: String, suggestion: String) throws {
        let arguments = try Self.parsed(words)
        #expect(throws: UsageError(message, suggestion: suggestion)) {
            _ = try arguments.value(Self.jobs)
            _ = try arguments.value(Self.timeout)
            _ = try arguments.value(Self.rate)
        }
    }

    @Test("a required option that is absent is a usage error naming it")
    func required() throws {
        #expect(throws: UsageError("Missing expected option '--adapter <command>'")) { try Self.parsed([]).required(Self.adapter) }
        #expect(try Self.parsed(["--adapter", "./a"]).required(Self.adapter) == "./a")
    }

    enum Color: String, CaseIterable, Sendable { case red, green }

    @Test("an enumeration's cases are the closed set of words, listed in help")
    func cases() throws {
        let color = Option("--color", value: "color", help: "Colour.", parser: ValueParser<Color>.cases)
        #expect(color.definition.allowedValues == ["red", "green"])
        #expect(try ArgumentParser.parse(["--color", "green"], signature: CommandSignature([color])).value(color) == .green)
        let mapped = ValueParser<Int>.positiveInteger.map(expectation: "Please give an even number.") { $0 % 2 == 0 ? $0 : nil }
        #expect(mapped.parse("4") == 4 && mapped.parse("3") == nil && mapped.expectation == "Please give an even number.")
    }
}
