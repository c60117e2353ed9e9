/// An option such as `--format <format>` or a flag such as `--quiet`, as the parser and help see it.
///
/// Commands declare typed ``Option`` and ``Flag`` values, which carry one of these.
package struct OptionDefinition: Sendable, Equatable {
    /// The long name with dashes, e.g. `--format`.
    package var name: String
    /// A short name with one dash, e.g. `-f`, if any.
    package var shortName: String?
    /// The placeholder for the value (`format` prints as `<format>`); nil makes a flag.
    package var valueName: String?
    /// The values allowed, if the set is closed.
    package var allowedValues: [String]?
    /// Whether ``allowedValues`` match in any case.
    package var allowedValuesIgnoreCase = false
    /// The value used when the option is absent, shown in help.
    package var defaultValue: String?
    /// Whether the option may be given more than once (values accumulate).
    package var repeatable = false
    /// One line of help.
    package var help: String

    /// `--format <format>` or `--quiet`, as usage lines show it.
    package var synopsis: String {
        valueName.map { "\(name) <\($0)>" } ?? name
    }
}
