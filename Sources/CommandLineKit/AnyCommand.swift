/// A command of any option type, as a tool holds it.
package struct AnyCommand: Sendable {
    /// The word that selects it.
    package let name: String
    /// One line of help.
    package let abstract: String
    /// Longer help.
    package let discussion: String
    /// Everything it accepts.
    package let signature: CommandSignature
    /// The pages that explain it, as paths a reader of the tool's sources opens (`docs/explore.md`);
    /// help ends with them.
    package let docs: [String]
    private let body: @Sendable (ParsedArguments, TextOutput) async throws(UsageError) -> Int32

    /// Wraps `command`, whose help ends by naming `docs`, the pages that explain it.
    package init<C: Command>(_ command: C, docs: [String] = []) {
        name = command.name
        abstract = command.abstract
        discussion = command.discussion
        signature = C.Options.signature
        self.docs = docs
        body = { (parsed: ParsedArguments, output: TextOutput) async throws(UsageError) -> Int32 in
            try await command.run(C.Options(parsing: parsed), output: output)
        }
    }

    /// Types the parsed arguments and runs the command.
    func run(_ parsed: ParsedArguments, output: TextOutput) async throws(UsageError) -> Int32 {
        try await body(parsed, output)
    }
}
