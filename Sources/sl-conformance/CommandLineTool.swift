import SingleLoginEvents
import SingleLoginSpec

/// The `sl-conformance` dispatcher: picks the subcommand, handles help and version, maps errors to exit codes.
struct CommandLineTool: Sendable {
    /// The executable's name as help and errors print it.
    static let executableName = "sl-conformance"

    /// The registered subcommands, in the order help lists them.
    var commands: [any Command]

    /// One line describing the whole tool.
    var overview = "Prove that an iOS app signs in and out correctly on a shared device (Microsoft Shared Device Mode)."

    /// Runs with the arguments after the executable name and returns the exit status.
    func run(_ arguments: [String]) async -> Int32 {
        guard let first = arguments.first else {
            StandardStreams.out(rootHelp)
            return ExitStatus.passed.rawValue
        }
        if ArgumentParser.helpNames.contains(first) {
            StandardStreams.out(rootHelp)
            return ExitStatus.passed.rawValue
        }
        if first == "--version" {
            StandardStreams.out(HarnessVersion.current)
            return ExitStatus.passed.rawValue
        }
        if first == "help" {
            return help(for: Array(arguments.dropFirst()))
        }
        if first.hasPrefix("-") {
            let suggestion = Suggestion.closest(to: first, among: ["--help", "--version"]).map { "Did you mean '\($0)'?" }
            return fail(UsageError("Unknown option '\(first)'", suggestion: suggestion), command: nil)
        }
        guard let command = commands.first(where: { $0.name == first }) else {
            let suggestion = Suggestion.closest(to: first, among: commands.map(\.name)).map { "Did you mean '\($0)'?" }
            return fail(UsageError("Unknown subcommand '\(first)'", suggestion: suggestion), command: nil)
        }
        let rest = Array(arguments.dropFirst())
        if rest.prefix(while: { $0 != "--" }).contains(where: { ArgumentParser.helpNames.contains($0) }) {
            StandardStreams.out(help(of: command))
            return ExitStatus.passed.rawValue
        }
        do {
            let parsed = try ArgumentParser.parse(rest, signature: command.signature)
            return try await command.run(parsed)
        } catch {
            return fail(error, command: command)
        }
    }

    /// `help` and `help NAME`.
    private func help(for arguments: [String]) -> Int32 {
        guard let name = arguments.first else {
            StandardStreams.out(rootHelp)
            return ExitStatus.passed.rawValue
        }
        guard let command = commands.first(where: { $0.name == name }) else {
            let suggestion = Suggestion.closest(to: name, among: commands.map(\.name)).map { "Did you mean '\($0)'?" }
            return fail(UsageError("Unknown subcommand '\(name)'", suggestion: suggestion), command: nil)
        }
        StandardStreams.out(help(of: command))
        return ExitStatus.passed.rawValue
    }

    /// Prints a usage error the way swift-argument-parser does and returns 64.
    func fail(_ error: UsageError, command: (any Command)?) -> Int32 {
        StandardStreams.err(error.line)
        if let command {
            StandardStreams.err("Usage: \(usage(of: command))")
            StandardStreams.err("  See '\(Self.executableName) \(command.name) --help' for more information.")
        } else {
            StandardStreams.err("Usage: \(Self.executableName) <subcommand>")
            StandardStreams.err("  See '\(Self.executableName) --help' for more information.")
        }
        return ExitStatus.usage.rawValue
    }

    /// `sl-conformance list [<spec>] [--format <format>]`.
    func usage(of command: any Command) -> String {
        var parts = [Self.executableName, command.name]
        parts += command.signature.arguments.map(\.synopsis)
        parts += command.signature.options.map { "[\($0.synopsis)]" }
        return parts.joined(separator: " ")
    }

    /// The help for one command: overview, usage, arguments, options.
    func help(of command: any Command) -> String {
        var lines = ["OVERVIEW: \(command.abstract)"]
        if !command.discussion.isEmpty { lines += ["", command.discussion] }
        lines += ["", "USAGE: \(usage(of: command))"]
        if !command.signature.arguments.isEmpty {
            lines += ["", "ARGUMENTS:"]
            lines += command.signature.arguments.map { Self.row("<\($0.name)>", $0.help) }
        }
        lines += ["", "OPTIONS:"]
        for option in command.signature.options {
            var names = option.synopsis
            if let short = option.shortName { names = "\(short), \(names)" }
            var text = option.help
            var notes: [String] = []
            if let allowed = option.allowedValues { notes.append("values: \(allowed.joined(separator: ", "))") }
            if let value = option.defaultValue { notes.append("default: \(value)") }
            if !notes.isEmpty { text += " (\(notes.joined(separator: "; ")))" }
            lines.append(Self.row(names, text))
        }
        lines.append(Self.row("-h, --help", "Show help information."))
        return lines.joined(separator: "\n")
    }

    /// The help for the tool: overview, usage, subcommands.
    var rootHelp: String {
        var lines = [
            "OVERVIEW: \(overview)", "",
            "USAGE: \(Self.executableName) <subcommand>", "",
            "OPTIONS:",
            Self.row("--version", "Show the version."),
            Self.row("-h, --help", "Show help information."), "",
            "SUBCOMMANDS:",
        ]
        lines += commands.map { Self.row($0.name, $0.abstract) }
        lines.append(Self.row("help", "Show subcommand help information."))
        lines += ["", "  See '\(Self.executableName) help <subcommand>' for detailed help."]
        return lines.joined(separator: "\n")
    }

    /// A two-column help row: name padded to 24 columns, then text.
    static func row(_ name: String, _ text: String) -> String {
        let indented = "  " + name
        if indented.count < 26 { return indented + String(repeating: " ", count: 26 - indented.count) + text }
        return indented + "\n" + String(repeating: " ", count: 26) + text
    }
}
