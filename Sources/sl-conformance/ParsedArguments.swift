/// The result of parsing a command line against a ``CommandSignature``.
struct ParsedArguments: Sendable, Equatable {
    /// Values given for each option, by long name, in command-line order.
    var optionValues: [String: [String]] = [:]
    /// Long names of the flags that were given.
    var flags: Set<String> = []
    /// Values of positional arguments, by argument name, in order.
    var positionals: [String: [String]] = [:]
    /// Defaults from the signature, by long option name.
    var defaults: [String: String] = [:]

    /// Whether the flag `name` (e.g. `--quiet`) was given.
    func flag(_ name: String) -> Bool { flags.contains(name) }

    /// The last value given for option `name`, or its default.
    func value(_ name: String) -> String? { optionValues[name]?.last ?? defaults[name] }

    /// Every value given for a repeatable option `name`.
    func values(_ name: String) -> [String] { optionValues[name] ?? [] }

    /// The values of the positional argument `name`.
    func arguments(_ name: String) -> [String] { positionals[name] ?? [] }

    /// The single value of the positional argument `name`, if given.
    func argument(_ name: String) -> String? { positionals[name]?.first }
}
