import Foundation

/// Turns a file's bytes into text the leftover scan can read, whatever the app wrote them as:
/// text and JSON as they are; XML and binary property lists and keyed archives (`bplist00`, read
/// by Foundation's `PropertyListSerialization`, on Linux too) as their strings; gzip, zlib and raw
/// deflate streams (the system's zlib) as what they hold; SQLite databases as their rows (the
/// system's SQLite). What is none of these is undecoded: its printable runs are all that is
/// scanned, and the reason goes with them into the evidence.
public struct ContainerFileDecoder: Sendable {
    /// The most bytes a decompressed stream or a decoded layer may grow to.
    public var maxDecodedBytes: Int
    /// The most characters of rows read from one database.
    public var maxDatabaseText: Int

    /// Creates a decoder with these bounds.
    public init(maxDecodedBytes: Int = 8 << 20, maxDatabaseText: Int = 4 << 20) {
        self.maxDecodedBytes = maxDecodedBytes
        self.maxDatabaseText = maxDatabaseText
    }

    /// Layers within layers (an archive's data holding a gzip'd plist) are followed this deep.
    private static let maxDepth = 6

    /// The file at `url` (a SQLite database is read with its `-wal` and `-shm` beside it), its
    /// first `bytes` already read.
    public func decode(file url: URL, bytes: [UInt8]) -> DecodedFile {
        if SQLiteSnapshot.isDatabase(bytes) {
            do {
                let rows = try SQLiteSnapshot.text(of: url, limit: maxDatabaseText) { decodeNested($0, depth: 1) }
                return DecodedFile(text: rows, formats: ["SQLite"])
            } catch {
                return undecoded(bytes, reason: "a SQLite database that could not be opened (\(error))")
            }
        }
        return decode(bytes, depth: 0)
    }

    /// Bytes that are no file of their own (a blob, a property list's data): decoded as a file's.
    public func decode(_ bytes: [UInt8]) -> DecodedFile { decode(bytes, depth: 0) }

    private func decode(_ bytes: [UInt8], depth: Int) -> DecodedFile {
        if bytes.isEmpty { return DecodedFile(text: "") }
        guard depth < Self.maxDepth else { return undecoded(bytes, reason: "layers nested more than \(Self.maxDepth) deep") }
        if Inflater.isGzip(bytes) || Inflater.isZlib(bytes) {
            let name = Inflater.isGzip(bytes) ? "gzip" : "zlib"
            guard let inflated = Inflater.inflate(bytes, framing: .gzipOrZlib, limit: maxDecodedBytes) else {
                return undecoded(bytes, reason: "a \(name) stream that does not inflate (damaged, or over \(maxDecodedBytes >> 20) MiB)")
            }
            return decode(inflated, depth: depth + 1).inside(name)
        }
        if bytes.starts(with: Self.binaryPlistMagic) || looksLikeXMLPlist(bytes) {
            let name = bytes.starts(with: Self.binaryPlistMagic) ? "binary property list" : "XML property list"
            guard let list = try? PropertyListSerialization.propertyList(from: Data(bytes), options: [], format: nil) else {
                return undecoded(bytes, reason: "a \(name) that Foundation cannot read")
            }
            let keyed = (list as? [String: Any])?["$archiver"] as? String == "NSKeyedArchiver"
            var lines: [String] = []
            flatten(list, into: &lines, depth: depth)
            return DecodedFile(text: lines.joined(separator: "\n"), formats: [keyed ? "keyed archive" : name])
        }
        if let text = String(validUTF8: bytes), !Self.isBinary(bytes) { return DecodedFile(text: text) }
        if let text = Self.utf16(bytes) { return DecodedFile(text: text, formats: ["UTF-16"]) }
        // Raw deflate has no header: only a stream that inflates whole, to the last byte, and holds
        // something decodable is taken for one (random bytes rarely do both).
        if let inflated = Inflater.inflate(bytes, framing: .raw, limit: maxDecodedBytes) {
            let inner = decode(inflated, depth: depth + 1)
            if inner.undecodedReason == nil { return inner.inside("raw deflate") }
        }
        return undecoded(bytes, reason: "\(bytes.count) bytes in no format the harness reads")
    }

    /// A nested layer as one string: its text, or its printable runs.
    private func decodeNested(_ bytes: [UInt8], depth: Int) -> String {
        decode(bytes, depth: depth).text
    }

    /// A property list's strings, numbers and dates, one a line (`key: value` in dictionaries,
    /// keys in sorted order, so the same file always gives the same text); data is decoded as a
    /// layer of its own (a keyed archive keeps an `NSData` as data).
    private func flatten(_ value: Any, into lines: inout [String], depth: Int, key: String? = nil) {
        func emit(_ text: String) { lines.append(key.map { "\($0): \(text)" } ?? text) }
        switch value {
        case let string as String: emit(string)
        case let data as Data: emit(decodeNested(Array(data), depth: depth + 1))
        case let date as Date: emit(ISO8601DateFormatter().string(from: date))
        case let number as NSNumber: emit(number.stringValue)
        case let array as [Any]: for element in array { flatten(element, into: &lines, depth: depth, key: key) }
        case let dictionary as [AnyHashable: Any]:
            for (name, element) in dictionary.map({ ("\($0.key)", $0.value) }).sorted(by: { $0.0 < $1.0 }) {
                lines.append(name)
                flatten(element, into: &lines, depth: depth, key: name)
            }
        default: break  // a keyed archive's object references (UIDs) carry no data
        }
    }

    private func looksLikeXMLPlist(_ bytes: [UInt8]) -> Bool {
        let head = String(decoding: bytes.prefix(256), as: UTF8.self)
        return head.hasPrefix("<?xml") && head.contains("<plist") || head.hasPrefix("<plist")
    }

    private static let binaryPlistMagic: [UInt8] = Array("bplist00".utf8)

    /// Whether UTF-8 bytes hold control characters no text file has (NUL and the like): binary
    /// formats can be valid UTF-8 by chance.
    private static func isBinary(_ bytes: [UInt8]) -> Bool {
        bytes.contains { $0 < 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D && $0 != 0x0C && $0 != 0x1B }
    }

    /// Text in UTF-16 with a byte-order mark (as `NSString` writes it when asked to).
    private static func utf16(_ bytes: [UInt8]) -> String? {
        guard bytes.count >= 2, bytes.count % 2 == 0, (bytes[0] == 0xFF && bytes[1] == 0xFE) || (bytes[0] == 0xFE && bytes[1] == 0xFF) else { return nil }
        let little = bytes[0] == 0xFF
        let units = stride(from: 2, to: bytes.count, by: 2).map {
            little ? UInt16(bytes[$0]) | UInt16(bytes[$0 + 1]) << 8 : UInt16(bytes[$0]) << 8 | UInt16(bytes[$0 + 1])
        }
        return String(validUTF16: units)
    }

    /// Bytes in no format read: their runs of four or more printable ASCII characters, so that a
    /// name in plain sight in an unknown format is still found, and the reason for the evidence.
    func undecoded(_ bytes: [UInt8], reason: String) -> DecodedFile {
        var runs: [String] = []
        var run: [UInt8] = []
        func flush() {
            if run.count >= 4 { runs.append(String(decoding: run, as: UTF8.self)) }
            run.removeAll(keepingCapacity: true)
        }
        for byte in bytes {
            if byte >= 0x20 && byte < 0x7F { run.append(byte) } else { flush() }
        }
        flush()
        return DecodedFile(text: runs.joined(separator: "\n"), undecodedReason: reason)
    }
}
