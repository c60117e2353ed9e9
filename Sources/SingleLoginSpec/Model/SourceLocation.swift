/// A position in a spec file, 1-based.
public struct SourceLocation: Hashable, Sendable, CustomStringConvertible {
    /// The file's path as given.
    public var file: String
    /// The line, from 1.
    public var line: Int
    /// The column in characters, from 1.
    public var column: Int

    /// `file:line:column`, as compilers print it.
    public var description: String { "\(file):\(line):\(column)" }
}

extension SourceLocation {
    /// The location ``description`` wrote; the file may hold colons itself (`embedded:single-login.json`).
    public init?(parsing text: String) {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count >= 3, let line = Int(parts[parts.count - 2]), let column = Int(parts[parts.count - 1]) else { return nil }
        self.init(file: parts.dropLast(2).joined(separator: ":"), line: line, column: column)
    }
}
