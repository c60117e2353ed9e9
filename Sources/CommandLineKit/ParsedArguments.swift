/// A command line parsed against a ``CommandSignature``: the words, not yet typed.
///
/// Option groups read it with their typed ``Option``, ``Flag`` and ``Argument`` values, which
/// convert the text or throw the usage error; commands never see it.
package struct ParsedArguments: Sendable, Equatable {
    /// Values given for each option, by long name, in command-line order.
    package var optionValues: [String: [String]] = [:]
    /// Long names of the flags that were given.
    package var flags: Set<String> = []
    /// Values of positional arguments, by argument name, in order.
    package var positionals: [String: [String]] = [:]
    /// Defaults from the signature, by long option name.
    package var defaults: [String: String] = [:]

    /// Creates an empty result.
    package init() {}

    /// Whether `flag` was given.
    package func flag(_ flag: Flag) -> Bool {
        flags.contains(flag.definition.name)
    }

    /// Whether `option` was given (rather than left to its default).
    package func isGiven<Value>(_ option: Option<Value>) -> Bool {
        optionValues[option.definition.name] != nil
    }

    /// The last value given for `option`, or its default, typed; nil when absent without a default.
    package func value<Value>(_ option: Option<Value>) throws(UsageError) -> Value? {
        let definition = option.definition
        guard let text = optionValues[definition.name]?.last ?? defaults[definition.name] else { return nil }
        return try Self.convert(text, with: option.parser, for: definition.synopsis)
    }

    /// The value of `option`, or a usage error naming it when it was not given and has no default.
    package func required<Value>(_ option: Option<Value>) throws(UsageError) -> Value {
        guard let value = try value(option) else { throw UsageError("Missing expected option '\(option.definition.synopsis)'") }
        return value
    }

    /// Every value given for a repeatable `option`, typed, in command-line order.
    package func values<Value>(_ option: Option<Value>) throws(UsageError) -> [Value] {
        var values: [Value] = []
        for text in optionValues[option.definition.name] ?? [] {
            values.append(try Self.convert(text, with: option.parser, for: option.definition.synopsis))
        }
        return values
    }

    /// The single value of a positional `argument`, typed, if given.
    package func value<Value>(_ argument: Argument<Value>) throws(UsageError) -> Value? {
        try values(argument).first
    }

    /// Every value of a positional `argument`, typed, in order.
    package func values<Value>(_ argument: Argument<Value>) throws(UsageError) -> [Value] {
        var values: [Value] = []
        for text in positionals[argument.definition.name] ?? [] {
            values.append(try Self.convert(text, with: argument.parser, for: argument.definition.synopsis))
        }
        return values
    }

    private static func convert<Value>(_ text: String, with parser: ValueParser<Value>, for synopsis: String) throws(UsageError) -> Value {
        guard let value = parser.parse(text) else {
            throw UsageError("The value '\(text)' is invalid for '\(synopsis)'", suggestion: parser.expectation)
        }
        return value
    }
}
