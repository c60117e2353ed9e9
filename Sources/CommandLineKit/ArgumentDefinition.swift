/// A positional argument, as the parser and help see it.
package struct ArgumentDefinition: Sendable, Equatable {
    /// How many values a positional argument takes.
    package enum Arity: Sendable, Equatable {
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
    package var name: String
    /// How many values it takes.
    package var arity: Arity
    /// One line of help.
    package var help: String

    /// `<spec>`, `[<spec>]`, `<spec> ...` or `[<spec> ...]`, as usage lines show it.
    package var synopsis: String {
        switch arity {
        case .one: "<\(name)>"
        case .optional: "[<\(name)>]"
        case .oneOrMore: "<\(name)> ..."
        case .zeroOrMore: "[<\(name)> ...]"
        }
    }
}
