/// How a container item's key names its file and what the harness made of it:
/// `Library/Caches/feed.gz [gzip: JSON]`, `Library/blob.bin [not decoded: ...]`. The note is in the
/// key so that every report that shows where a leftover is also shows how it was read.
public enum ContainerItemKey {
    /// The words that begin the note of a file the harness could not decode.
    public static let undecodedNote = "not decoded: "

    /// The key for `path`, with its formats (outermost first) and notes.
    static func key(path: String, formats: [String], notes: [String]) -> String {
        var parts: [String] = []
        if !formats.isEmpty { parts.append(formats.joined(separator: ": ")) }
        parts += notes
        return parts.isEmpty ? path : path + " [" + parts.joined(separator: "; ") + "]"
    }

    /// The note for a file that could not be decoded.
    static func undecoded(_ reason: String) -> String {
        undecodedNote + reason + "; only its printable runs were scanned"
    }

    /// The file's path in a key made by ``key(path:formats:notes:)``.
    public static func path(of key: String) -> String {
        guard key.hasSuffix("]"), let open = key.range(of: " [", options: .backwards) else { return key }
        return String(key[..<open.lowerBound])
    }
}
