import DidYouMean

/// Parses a command line against a ``CommandSignature``, the way swift-argument-parser does.
///
/// Accepts `--name value`, `--name=value`, short names, and `--` to end options. Unknown
/// options (with "Did you mean"), missing values, values outside a closed set, a
/// non-repeatable option given twice and wrong argument counts are usage errors.
package enum ArgumentParser {
    /// The names every command accepts for help.
    package static let helpNames: Set<String> = ["--help", "-h"]

    /// Parses `arguments` (without the command name) or throws the first usage error.
    package static func parse(_ arguments: [String], signature: CommandSignature) throws(UsageError) -> ParsedArguments {
        var parsed = ParsedArguments()
        for option in signature.options where option.valueName != nil {
            if let value = option.defaultValue { parsed.defaults[option.name] = value }
        }
        var loose: [String] = []
        var index = 0
        var optionsEnded = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if optionsEnded || !argument.hasPrefix("-") || argument == "-" {
                loose.append(argument)
                continue
            }
            if argument == "--" {
                optionsEnded = true
                continue
            }
            var name = argument
            var inlineValue: String?
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            }
            guard let option = signature.options.first(where: { $0.name == name || $0.shortName == name }) else {
                throw unknownOption(name, signature: signature)
            }
            guard let valueName = option.valueName else {
                if inlineValue != nil { throw UsageError("The flag '\(option.name)' does not take a value") }
                parsed.flags.insert(option.name)
                continue
            }
            let value: String
            if let inlineValue {
                value = inlineValue
            } else if index < arguments.count, !arguments[index].hasPrefix("-") || arguments[index] == "-" || Self.isNegativeNumber(arguments[index]) {
                value = arguments[index]
                index += 1
            } else {
                throw UsageError("Missing value for '\(option.name) <\(valueName)>'")
            }
            if let allowed = option.allowedValues,
                !allowed.contains(where: { option.allowedValuesIgnoreCase ? $0.lowercased() == value.lowercased() : $0 == value })
            {
                let list = allowed.map { "'\($0)'" }
                let choices = list.count > 1 ? list.dropLast().joined(separator: ", ") + " or " + list.last! : list.joined()
                throw UsageError(
                    "The value '\(value)' is invalid for '\(option.name) <\(valueName)>'",
                    suggestion: "Please provide one of \(choices).")
            }
            if !option.repeatable, parsed.optionValues[option.name] != nil {
                throw UsageError("The option '\(option.name)' was given more than once")
            }
            parsed.optionValues[option.name, default: []].append(value)
        }
        try assignPositionals(loose, to: signature.arguments, into: &parsed)
        return parsed
    }

    /// Whether `argument` is a negative number (`-1`, `-1/3`): an option's value that its own check
    /// then refuses by name, not a missing value.
    static func isNegativeNumber(_ argument: String) -> Bool {
        argument.count > 1 && argument.hasPrefix("-") && argument.dropFirst().first!.isNumber
    }

    /// Whether `arguments` ask for help (`--help` or `-h` before any `--`).
    package static func asksForHelp(_ arguments: [String]) -> Bool {
        arguments.prefix(while: { $0 != "--" }).contains(where: helpNames.contains)
    }

    /// Distributes loose arguments over the positional definitions in order.
    private static func assignPositionals(_ loose: [String], to definitions: [ArgumentDefinition], into parsed: inout ParsedArguments) throws(UsageError) {
        var remaining = loose[...]
        for definition in definitions {
            switch definition.arity {
            case .one:
                guard let value = remaining.popFirst() else { throw UsageError("Missing expected argument '\(definition.synopsis)'") }
                parsed.positionals[definition.name] = [value]
            case .optional:
                if let value = remaining.popFirst() { parsed.positionals[definition.name] = [value] }
            case .oneOrMore:
                guard !remaining.isEmpty else { throw UsageError("Missing expected argument '\(definition.synopsis)'") }
                parsed.positionals[definition.name] = Array(remaining)
                remaining = []
            case .zeroOrMore:
                parsed.positionals[definition.name] = Array(remaining)
                remaining = []
            }
        }
        if let extra = remaining.first { throw UsageError("Unexpected argument '\(extra)'") }
    }

    /// `Unknown option '--foo'`, with the closest known option as a suggestion.
    static func unknownOption(_ name: String, signature: CommandSignature) -> UsageError {
        let known = signature.options.map(\.name) + ["--help"]
        let suggestion = Suggestion.closest(to: name, among: known).map { "Did you mean '\($0)'?" }
        return UsageError("Unknown option '\(name)'", suggestion: suggestion)
    }
}
