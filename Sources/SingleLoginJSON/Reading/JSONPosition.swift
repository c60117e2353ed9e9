/// A position in a JSON text: 1-based line and column (in Unicode scalars), and the 0-based byte offset.
public struct JSONPosition: Hashable, Sendable, CustomStringConvertible {
    /// The line, from 1.
    public var line: Int
    /// The column, from 1, counted in Unicode scalars.
    public var column: Int
    /// The byte offset from the start of the text, from 0.
    public var offset: Int

    /// Creates a position.
    package init(line: Int, column: Int, offset: Int) { (self.line, self.column, self.offset) = (line, column, offset) }

    /// `line:column`.
    public var description: String { "\(line):\(column)" }
}
