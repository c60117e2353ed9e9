/// Options that parse into typed values: a command's options, or a group several commands share.
///
/// A group lists its typed ``Option``, ``Flag`` and ``Argument`` values in ``signature`` and
/// reads them in ``init(parsing:)``, which turns the words into typed values or throws the
/// usage error. A command's group includes shared groups by adding their signature and
/// calling their initializer, as swift-argument-parser's `@OptionGroup` does.
package protocol OptionGroup: Sendable {
    /// Everything the group accepts, in the order help lists it.
    static var signature: CommandSignature { get }

    /// Reads the group's values from a parsed command line, or throws the usage error.
    init(parsing arguments: ParsedArguments) throws(UsageError)
}

extension OptionGroup {
    /// Parses `arguments` against ``signature`` and reads the group: the whole parse of one command line.
    package static func parse(_ arguments: [String]) throws(UsageError) -> Self {
        try Self(parsing: ArgumentParser.parse(arguments, signature: signature))
    }
}
