/// A tool that is one command (`sl-soak --scenarios 100`): help, usage errors on standard error
/// with exit status 64, then the command.
package struct SingleCommandTool: Sendable {
    /// The command; its name is the executable's.
    package var command: AnyCommand

    /// Creates a tool of `command`.
    package init<C: Command>(_ command: C) {
        self.command = AnyCommand(command)
    }

    /// Runs with the arguments after the executable name and returns the exit status.
    package func run(_ arguments: [String], output: TextOutput = .standard) async -> Int32 {
        if ArgumentParser.asksForHelp(arguments) {
            output.out(help)
            return 0
        }
        do {
            return try await command.run(try ArgumentParser.parse(arguments, signature: command.signature), output: output)
        } catch {
            return Help.fail(error, usage: usage, helpCommand: "\(command.name) --help", output: output)
        }
    }

    /// `sl-soak [--scenarios <n>] ...`.
    package var usage: String {
        Help.usage([command.name], signature: command.signature)
    }

    /// The tool's help: overview, discussion, usage, options.
    package var help: String {
        Help.page(abstract: command.abstract, discussion: command.discussion, usage: usage, signature: command.signature, docs: command.docs)
    }
}
