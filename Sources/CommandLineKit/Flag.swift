/// A flag: present or absent (`--quiet`).
public struct Flag: OptionItem {
    /// What the parser and help see.
    public let definition: OptionDefinition

    /// Creates a flag.
    public init(_ name: String, short: String? = nil, help: String) {
        self.definition = OptionDefinition(name: name, shortName: short, valueName: nil, help: help)
    }
}
