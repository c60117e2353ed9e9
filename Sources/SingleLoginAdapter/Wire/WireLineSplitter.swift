/// Splits bytes read from a pipe or socket into lines, as both ends of the wire read them.
///
/// A line longer than the limit is dropped as it arrives (its length is still counted), so a
/// runaway writer costs no memory; bytes left after the last newline when the stream ends are
/// a message cut off mid-line.
public struct WireLineSplitter: Sendable {
    /// One unit read from the stream.
    public enum Line: Sendable, Equatable {
        /// A complete line, without its newline.
        case text([UInt8])
        /// A line longer than the limit, dropped; its length.
        case overlong(Int)
        /// Bytes after the last newline when the stream ended.
        case unterminated([UInt8])
    }

    /// The longest line kept, in bytes.
    public let maximumLineLength: Int
    private var ready = FIFOQueue<Line>()
    private var partial: [UInt8] = []
    private var partialLength = 0
    private var dropping = false
    private var finished = false

    /// A splitter keeping lines of up to `maximumLineLength` bytes (16 MiB unless told otherwise).
    public init(maximumLineLength: Int = 16 << 20) {
        self.maximumLineLength = maximumLineLength
    }

    /// Adds bytes read from the stream.
    public mutating func append(_ bytes: UnsafeRawBufferPointer) {
        var index = 0
        while let newline = Self.newline(in: bytes, from: index) {
            let piece = UnsafeRawBufferPointer(rebasing: bytes[index..<newline])
            partialLength += piece.count
            if dropping || partialLength > maximumLineLength {
                ready.append(.overlong(partialLength))
            } else if partial.isEmpty {
                ready.append(.text(Array(piece)))
            } else {
                partial.append(contentsOf: piece)
                ready.append(.text(partial))
            }
            partial = []
            partialLength = 0
            dropping = false
            index = newline + 1
        }
        let rest = UnsafeRawBufferPointer(rebasing: bytes[index...])
        partialLength += rest.count
        if dropping || partialLength > maximumLineLength {
            dropping = true
            partial = []
        } else {
            partial.append(contentsOf: rest)
        }
    }

    /// The next complete line, if one has arrived (after ``finish()``, also what was left).
    public mutating func nextLine() -> Line? {
        if let line = ready.popFirst() { return line }
        guard finished, partialLength > 0 else { return nil }
        defer { partial = []; partialLength = 0; dropping = false }
        return dropping ? .overlong(partialLength) : .unterminated(partial)
    }

    /// The stream ended: what is left comes out of ``nextLine()`` as a last, unterminated line.
    public mutating func finish() { finished = true }

    /// Whether a complete line is waiting.
    public var hasCompleteLine: Bool { !ready.isEmpty }

    /// Bytes received after the last newline, not yet a line (empty while a line is being dropped).
    public var partialLine: [UInt8] { dropping ? [] : partial }

    private static func newline(in bytes: UnsafeRawBufferPointer, from start: Int) -> Int? {
        guard start < bytes.count, let base = bytes.baseAddress else { return nil }
        var index = start
        while index < bytes.count {
            if base.load(fromByteOffset: index, as: UInt8.self) == 0x0A { return index }
            index += 1
        }
        return nil
    }
}
