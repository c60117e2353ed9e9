/// A typed positional argument that a ``CommandSignature`` lists.
public protocol ArgumentItem: Sendable {
    /// What the parser and help see.
    var definition: ArgumentDefinition { get }
}
