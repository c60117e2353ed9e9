/// A flag: present or absent (`--quiet`).
package struct Flag: OptionItem {
    /// What the parser and help see.
    package let definition: OptionDefinition

    /// Creates a flag.
    package init(_ name: String, short: String? = nil, help: String) {
        self.definition = OptionDefinition(name: name, shortName: short, valueName: nil, help: help)
    }
}
