/// What a command accepts: options (with values), flags, and positional arguments, in the order help lists them.
package struct CommandSignature: Sendable, Equatable {
    /// The options and flags, in the order help lists them.
    package var options: [OptionDefinition]
    /// The positional arguments, in order; only the last may be variadic or optional.
    package var arguments: [ArgumentDefinition]

    /// Creates a signature from definitions.
    package init(options: [OptionDefinition] = [], arguments: [ArgumentDefinition] = []) {
        self.options = options
        self.arguments = arguments
    }

    /// Creates a signature from typed options, flags and arguments.
    package init(_ options: [any OptionItem], arguments: [any ArgumentItem] = []) {
        self.init(options: options.map(\.definition), arguments: arguments.map(\.definition))
    }

    /// This signature followed by `other`'s options and arguments: how option groups combine.
    package func including(_ other: CommandSignature) -> CommandSignature {
        CommandSignature(options: options + other.options, arguments: arguments + other.arguments)
    }
}
