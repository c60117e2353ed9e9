import DidYouMean

/// A tool with subcommands (`sl-conformance run ...`): picks the subcommand, handles help and
/// version, prints usage errors on standard error and maps them to exit status 64.
package struct CommandLineTool: Sendable {
    /// The executable's name as help and errors print it.
    package var name: String
    /// One line describing the whole tool.
    package var overview: String
    /// What `--version` prints.
    package var version: String
    /// The subcommands, in the order help lists them.
    package var commands: [AnyCommand]
    /// Paragraphs help prints after the subcommands (e.g. what this build leaves out).
    package var notes: [String]

    /// Creates a tool.
    package init(name: String, overview: String, version: String, commands: [AnyCommand], notes: [String] = []) {
        self.name = name
        self.overview = overview
        self.version = version
        self.commands = commands
        self.notes = notes
    }

    /// Runs with the arguments after the executable name and returns the exit status.
    package func run(_ arguments: [String], output: TextOutput = .standard) async -> Int32 {
        guard let first = arguments.first, !ArgumentParser.helpNames.contains(first) else {
            output.out(rootHelp)
            return 0
        }
        if first == "--version" {
            output.out(version)
            return 0
        }
        if first == "help" {
            return help(for: Array(arguments.dropFirst()), output: output)
        }
        if first.hasPrefix("-") {
            let suggestion = Suggestion.closest(to: first, among: ["--help", "--version"]).map { "Did you mean '\($0)'?" }
            return fail(UsageError("Unknown option '\(first)'", suggestion: suggestion), command: nil, output: output)
        }
        guard let command = commands.first(where: { $0.name == first }) else {
            return fail(unknownSubcommand(first), command: nil, output: output)
        }
        let rest = Array(arguments.dropFirst())
        if ArgumentParser.asksForHelp(rest) {
            output.out(help(of: command))
            return 0
        }
        do {
            let parsed = try ArgumentParser.parse(rest, signature: command.signature)
            let ran: Result<Int32, UsageError> = await Invocation.$arguments.withValue(arguments) {
                do throws(UsageError) { return .success(try await command.run(parsed, output: output)) } catch { return .failure(error) }
            }
            return try ran.get()
        } catch {
            return fail(error, command: command, output: output)
        }
    }

    /// `help` and `help NAME`.
    private func help(for arguments: [String], output: TextOutput) -> Int32 {
        guard let name = arguments.first else {
            output.out(rootHelp)
            return 0
        }
        guard let command = commands.first(where: { $0.name == name }) else {
            return fail(unknownSubcommand(name), command: nil, output: output)
        }
        output.out(help(of: command))
        return 0
    }

    private func unknownSubcommand(_ name: String) -> UsageError {
        UsageError("Unknown subcommand '\(name)'", suggestion: Suggestion.closest(to: name, among: commands.map(\.name)).map { "Did you mean '\($0)'?" })
    }

    private func fail(_ error: UsageError, command: AnyCommand?, output: TextOutput) -> Int32 {
        if let command {
            return Help.fail(error, usage: usage(of: command), helpCommand: "\(name) \(command.name) --help", output: output)
        }
        return Help.fail(error, usage: "\(name) <subcommand>", helpCommand: "\(name) --help", output: output)
    }

    /// `sl-conformance list [<spec>] [--format <format>]`.
    package func usage(of command: AnyCommand) -> String {
        Help.usage([name, command.name], signature: command.signature)
    }

    /// The help for one command: overview, usage, arguments, options, the pages that explain it.
    package func help(of command: AnyCommand) -> String {
        Help.page(abstract: command.abstract, discussion: command.discussion, usage: usage(of: command), signature: command.signature, docs: command.docs)
    }

    /// The help for the tool: overview, usage, subcommands.
    package var rootHelp: String {
        var lines = [
            "OVERVIEW: \(overview)", "",
            "USAGE: \(name) <subcommand>", "",
            "OPTIONS:",
            Help.row("--version", "Show the version."),
            Help.row("-h, --help", "Show help information."), "",
            "SUBCOMMANDS:",
        ]
        lines += commands.map { Help.row($0.name, $0.abstract) }
        lines.append(Help.row("help", "Show subcommand help information."))
        lines += ["", "  See '\(name) help <subcommand>' for detailed help."]
        for note in notes { lines += ["", note] }
        return lines.joined(separator: "\n")
    }
}
