/// A mistake on the command line: printed as `Error: ...` with the usage line, exit status 64.
package struct UsageError: Error, Sendable, Equatable {
    /// The exit status of a usage error (`EX_USAGE`).
    package static let exitStatus: Int32 = 64

    /// The message after `Error: `, e.g. `Unknown option '--foo'`.
    package var message: String
    /// A suggestion printed after the message, e.g. `Did you mean '--format'?`.
    package var suggestion: String?

    /// Creates a usage error.
    package init(_ message: String, suggestion: String? = nil) {
        self.message = message
        self.suggestion = suggestion
    }

    /// `Error: message. Did you mean 'x'?` on one line.
    package var line: String {
        guard let suggestion else { return "Error: \(message)" }
        return "Error: \(message). \(suggestion)"
    }
}
