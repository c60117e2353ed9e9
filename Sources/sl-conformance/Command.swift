/// A subcommand of `sl-conformance`: one file per command, registered in `main.swift`.
///
/// The dispatcher handles `--help`/`-h`, parses the arguments against ``signature`` (unknown
/// options, missing values and wrong counts become usage errors, exit 64) and then calls ``run(_:)``.
protocol Command: Sendable {
    /// The word that selects the command, e.g. `validate`.
    var name: String { get }
    /// One line for the command list in `sl-conformance --help`.
    var abstract: String { get }
    /// Longer help shown under the overview in `sl-conformance help NAME`; may be empty.
    var discussion: String { get }
    /// The options, flags and positional arguments the command accepts.
    var signature: CommandSignature { get }
    /// Runs the command with parsed arguments and returns the exit status.
    ///
    /// Throw ``UsageError`` for a problem with the command line found after parsing (exit 64).
    func run(_ arguments: ParsedArguments) async throws(UsageError) -> Int32
}

extension Command {
    /// No discussion unless a command provides one.
    var discussion: String { "" }
}

/// What a command accepts: options (with values), flags, and positional arguments in order.
struct CommandSignature: Sendable {
    /// The options and flags, in the order help lists them.
    var options: [OptionDefinition]
    /// The positional arguments, in order; only the last may be variadic or optional.
    var arguments: [ArgumentDefinition]

    /// Creates a signature.
    init(options: [OptionDefinition] = [], arguments: [ArgumentDefinition] = []) {
        self.options = options
        self.arguments = arguments
    }
}

/// An option such as `--format <format>` or a flag such as `--quiet`.
struct OptionDefinition: Sendable {
    /// The long name with dashes, e.g. `--format`.
    var name: String
    /// A short name with one dash, e.g. `-f`, if any.
    var shortName: String?
    /// The placeholder for the value (`format` prints as `<format>`); nil makes a flag.
    var valueName: String?
    /// The values allowed, if the set is closed.
    var allowedValues: [String]?
    /// The value used when the option is absent, shown in help.
    var defaultValue: String?
    /// Whether the option may be given more than once (values accumulate).
    var repeatable: Bool
    /// One line of help.
    var help: String

    /// An option that takes a value.
    static func option(_ name: String, short: String? = nil, value: String, allowed: [String]? = nil, default defaultValue: String? = nil, repeatable: Bool = false, help: String) -> OptionDefinition {
        OptionDefinition(name: name, shortName: short, valueName: value, allowedValues: allowed, defaultValue: defaultValue, repeatable: repeatable, help: help)
    }

    /// A flag: present or absent.
    static func flag(_ name: String, short: String? = nil, help: String) -> OptionDefinition {
        OptionDefinition(name: name, shortName: short, valueName: nil, allowedValues: nil, defaultValue: nil, repeatable: false, help: help)
    }

    /// `--format <format>` or `--quiet`, as usage lines show it.
    var synopsis: String {
        valueName.map { "\(name) <\($0)>" } ?? name
    }
}

/// A positional argument.
struct ArgumentDefinition: Sendable {
    /// How many values it takes.
    enum Arity: Sendable {
        /// Exactly one.
        case one
        /// Zero or one.
        case optional
        /// One or more.
        case oneOrMore
        /// Zero or more.
        case zeroOrMore
    }

    /// The placeholder, e.g. `spec` (prints as `<spec>`).
    var name: String
    /// How many values it takes.
    var arity: Arity
    /// One line of help.
    var help: String

    /// `<spec>`, `[<spec>]`, `<spec> ...` or `[<spec> ...]`, as usage lines show it.
    var synopsis: String {
        switch arity {
        case .one: "<\(name)>"
        case .optional: "[<\(name)>]"
        case .oneOrMore: "<\(name)> ..."
        case .zeroOrMore: "[<\(name)> ...]"
        }
    }
}
