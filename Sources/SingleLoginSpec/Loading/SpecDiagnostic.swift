/// One problem found in a spec file, printed like a compiler diagnostic.
///
/// The printed form is one line, optionally followed by an indented `fix:` line:
///
///     specs/x.json:14:9: error: unknown key 'acount'; did you mean 'account'? (at $.requirements[0].scenarios[1].steps[2])
///       fix: rename 'acount' to 'account'
public struct SpecDiagnostic: Hashable, Sendable, Error, CustomStringConvertible {
    /// How serious the problem is.
    public enum Severity: String, Hashable, Sendable {
        /// The spec cannot be used.
        case error
        /// The spec can be used, but something looks wrong.
        case warning
    }

    /// How serious the problem is.
    public var severity: Severity = .error
    /// The file, line and column (1-based) of the offending value or key.
    public var location: SourceLocation
    /// The JSON path of the value the problem is in, e.g. `$.requirements[0].id`.
    public var path: String
    /// What is wrong, in one sentence without a trailing period.
    public var message: String
    /// How to fix it, when there is an obvious fix.
    public var fix: String?

    /// The first line: `file:line:column: error: message (at path)`.
    public var headline: String {
        "\(location): \(severity.rawValue): \(message) (at \(path))"
    }

    /// The headline, then `  fix: ...` on its own line when there is a fix.
    public var description: String {
        guard let fix else { return headline }
        return headline + "\n  fix: " + fix
    }
}
