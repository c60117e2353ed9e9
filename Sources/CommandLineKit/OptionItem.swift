/// A typed option or flag that a ``CommandSignature`` lists.
public protocol OptionItem: Sendable {
    /// What the parser and help see.
    var definition: OptionDefinition { get }
}
