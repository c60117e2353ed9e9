/// A positional argument, with the type each of its values parses into.
package struct Argument<Value: Sendable>: ArgumentItem {
    /// What the parser and help see.
    package let definition: ArgumentDefinition
    /// How each value's text becomes a value.
    package let parser: ValueParser<Value>

    /// Creates an argument.
    package init(_ name: String, arity: ArgumentDefinition.Arity, help: String, parser: ValueParser<Value>) {
        self.definition = ArgumentDefinition(name: name, arity: arity, help: help)
        self.parser = parser
    }
}

extension Argument where Value == String {
    /// An argument whose values are any text.
    package init(_ name: String, arity: ArgumentDefinition.Arity, help: String) {
        self.init(name, arity: arity, help: help, parser: .string)
    }
}
