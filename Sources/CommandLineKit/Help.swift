/// The help and usage text of commands, laid out as swift-argument-parser lays it out.
package enum Help {
    /// `tool list [<spec>] [--format <format>]`: the words that select the command, then its arguments and options.
    /// A command with more than ``mostOptionsListed`` options reads `tool run [<options>]` (its
    /// arguments after), as swift-argument-parser shortens it, so that a usage error's line stays
    /// readable; `--help` lists every option below.
    package static func usage(_ words: [String], signature: CommandSignature) -> String {
        var parts = words
        if signature.options.count > mostOptionsListed {
            parts.append("[<options>]")
            parts += signature.arguments.map(\.synopsis)
        } else {
            parts += signature.arguments.map(\.synopsis)
            parts += signature.options.map { "[\($0.synopsis)]" }
        }
        return parts.joined(separator: " ")
    }

    /// How many options a usage line lists one by one (swift-argument-parser's number).
    package static let mostOptionsListed = 12

    /// The help of one command: overview, discussion, usage, arguments, options, then the pages
    /// that explain it (`Docs: docs/explore.md`), when there are any.
    package static func page(abstract: String, discussion: String, usage: String, signature: CommandSignature, docs: [String] = []) -> String {
        var lines = ["OVERVIEW: \(abstract)"]
        if !discussion.isEmpty { lines += ["", discussion] }
        lines += ["", "USAGE: \(usage)"]
        if !signature.arguments.isEmpty {
            lines += ["", "ARGUMENTS:"]
            lines += signature.arguments.map { row("<\($0.name)>", $0.help) }
        }
        lines += ["", "OPTIONS:"]
        for option in signature.options {
            var names = option.synopsis
            if let short = option.shortName { names = "\(short), \(names)" }
            var text = option.help
            var notes: [String] = []
            if let allowed = option.allowedValues { notes.append("values: \(allowed.joined(separator: ", "))") }
            if let value = option.defaultValue { notes.append("default: \(value)") }
            if !notes.isEmpty { text += " (\(notes.joined(separator: "; ")))" }
            lines.append(row(names, text))
        }
        lines.append(row("-h, --help", "Show help information."))
        if !docs.isEmpty { lines += ["", "Docs: \(docs.joined(separator: ", "))"] }
        return lines.joined(separator: "\n")
    }

    /// A two-column help row: name padded to 24 columns, then text.
    package static func row(_ name: String, _ text: String) -> String {
        let indented = "  " + name
        if indented.count < 26 { return indented + String(repeating: " ", count: 26 - indented.count) + text }
        return indented + "\n" + String(repeating: " ", count: 26) + text
    }

    /// Prints a usage error the way swift-argument-parser does, on standard error, and returns 64.
    package static func fail(_ error: UsageError, usage: String, helpCommand: String, output: TextOutput) -> Int32 {
        output.err(error.line)
        output.err("Usage: \(usage)")
        output.err("  See '\(helpCommand)' for more information.")
        return UsageError.exitStatus
    }
}
