/// A mistake on the command line: printed as `Error: ...` with the usage line, exit status 64.
struct UsageError: Error, Sendable, Equatable {
    /// The message after `Error: `, e.g. `Unknown option '--foo'`.
    var message: String
    /// A suggestion printed after the message, e.g. `Did you mean '--format'?`.
    var suggestion: String?

    /// Creates a usage error.
    init(_ message: String, suggestion: String? = nil) {
        self.message = message
        self.suggestion = suggestion
    }

    /// `Error: message. Did you mean 'x'?` on one line.
    var line: String {
        guard let suggestion else { return "Error: \(message)" }
        return "Error: \(message). \(suggestion)"
    }
}
