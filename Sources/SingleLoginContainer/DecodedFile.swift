/// What the harness made of one file's bytes: text to scan, and how it got there.
public struct DecodedFile: Hashable, Sendable {
    /// The text the leftover scan reads: the file's text, a property list's strings, a database's rows.
    public var text: String
    /// How the bytes were read, outermost first (`gzip`, `binary property list`), empty for plain text.
    public var formats: [String]
    /// Why the bytes could not be decoded, when they could not: `text` then holds only their
    /// printable runs, which is all the scan can read of them.
    public var undecodedReason: String?

    /// Creates a decoding.
    public init(text: String, formats: [String] = [], undecodedReason: String? = nil) {
        self.text = text
        self.formats = formats
        self.undecodedReason = undecodedReason
    }

    /// The same decoding read through one more outer layer (`gzip` around it).
    func inside(_ format: String) -> DecodedFile {
        var wrapped = self
        wrapped.formats.insert(format, at: 0)
        return wrapped
    }
}
