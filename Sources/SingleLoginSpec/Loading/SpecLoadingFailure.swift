/// Why a spec could not be loaded: every problem found, in file order, or an unreadable file.
public struct SpecLoadingFailure: Error, Hashable, Sendable, CustomStringConvertible {
    /// The problems, sorted by line and column; never empty.
    public var diagnostics: [SpecDiagnostic]

    /// Creates a failure from its diagnostics.
    public init(diagnostics: [SpecDiagnostic]) {
        self.diagnostics = diagnostics
    }

    /// The diagnostics, one per line (fix lines indented), as a compiler prints them.
    public var description: String {
        diagnostics.map(\.description).joined(separator: "\n")
    }
}
