/// A typed option or flag that a ``CommandSignature`` lists.
package protocol OptionItem: Sendable {
    /// What the parser and help see.
    var definition: OptionDefinition { get }
}
