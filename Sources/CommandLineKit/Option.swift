/// An option that takes a value (`--jobs 4`, `--jobs=4`), with the type it parses into.
package struct Option<Value: Sendable>: OptionItem {
    /// What the parser and help see.
    package let definition: OptionDefinition
    /// How its text becomes a value.
    package let parser: ValueParser<Value>

    /// Creates an option; `defaultValue` is the text used when it is absent (help shows it).
    package init(
        _ name: String, short: String? = nil, value valueName: String, default defaultValue: String? = nil, repeatable: Bool = false, help: String,
        parser: ValueParser<Value>
    ) {
        var definition = OptionDefinition(
            name: name, shortName: short, valueName: valueName, allowedValues: parser.choices, defaultValue: defaultValue, repeatable: repeatable, help: help)
        definition.allowedValuesIgnoreCase = parser.choicesIgnoreCase
        self.definition = definition
        self.parser = parser
    }
}

extension Option where Value == String {
    /// An option whose value is any text.
    package init(_ name: String, short: String? = nil, value valueName: String, default defaultValue: String? = nil, repeatable: Bool = false, help: String) {
        self.init(name, short: short, value: valueName, default: defaultValue, repeatable: repeatable, help: help, parser: .string)
    }
}
