/// An option such as `--format <format>` or a flag such as `--quiet`, as the parser and help see it.
///
/// Commands declare typed ``Option`` and ``Flag`` values, which carry one of these.
public struct OptionDefinition: Sendable, Equatable {
    /// The long name with dashes, e.g. `--format`.
    public var name: String
    /// A short name with one dash, e.g. `-f`, if any.
    public var shortName: String?
    /// The placeholder for the value (`format` prints as `<format>`); nil makes a flag.
    public var valueName: String?
    /// The values allowed, if the set is closed.
    public var allowedValues: [String]?
    /// Whether ``allowedValues`` match in any case.
    public var allowedValuesIgnoreCase = false
    /// The value used when the option is absent, shown in help.
    public var defaultValue: String?
    /// Whether the option may be given more than once (values accumulate).
    public var repeatable = false
    /// One line of help.
    public var help: String

    /// `--format <format>` or `--quiet`, as usage lines show it.
    public var synopsis: String {
        valueName.map { "\(name) <\($0)>" } ?? name
    }
}
