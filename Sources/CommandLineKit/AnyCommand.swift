/// A command of any option type, as a tool holds it.
public struct AnyCommand: Sendable {
    /// The word that selects it.
    public let name: String
    /// One line of help.
    public let abstract: String
    /// Longer help.
    public let discussion: String
    /// Everything it accepts.
    public let signature: CommandSignature
    private let body: @Sendable (ParsedArguments, TextOutput) async throws(UsageError) -> Int32

    /// Wraps `command`.
    public init<C: Command>(_ command: C) {
        name = command.name
        abstract = command.abstract
        discussion = command.discussion
        signature = C.Options.signature
        body = { (parsed: ParsedArguments, output: TextOutput) async throws(UsageError) -> Int32 in
            try await command.run(C.Options(parsing: parsed), output: output)
        }
    }

    /// Types the parsed arguments and runs the command.
    func run(_ parsed: ParsedArguments, output: TextOutput) async throws(UsageError) -> Int32 {
        try await body(parsed, output)
    }
}
