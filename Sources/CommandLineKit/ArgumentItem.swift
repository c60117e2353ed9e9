/// A typed positional argument that a ``CommandSignature`` lists.
package protocol ArgumentItem: Sendable {
    /// What the parser and help see.
    var definition: ArgumentDefinition { get }
}
