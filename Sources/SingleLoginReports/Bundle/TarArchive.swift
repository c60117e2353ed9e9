import Foundation

/// A POSIX ustar archive, written in memory: what `tar -xf` (GNU, bsdtar, macOS, Windows 10+)
/// opens with no option.
///
/// Tar rather than zip: ustar is a 512-byte header per file and the bytes, so the harness writes it
/// with no dependency and no CRC-32, and reads it back as simply; the evidence it holds is text
/// that compresses well but must stay readable without a tool of ours. Entries are regular files
/// with mode 0644, owner 0, the same modification time, in the order they are added.
public struct TarArchive: Sendable {
    /// The archive so far (without its end marker).
    private var bytes = Data()
    /// Every entry's modification time, in seconds since 1970.
    private let modified: Int

    /// Why a name cannot go into a ustar header.
    public struct NameError: Error, CustomStringConvertible {
        /// The name.
        public var name: String
        public var description: String { "'\(name)' is longer than a ustar name (100 bytes, or a 155-byte directory and 100-byte name)" }
    }

    /// An empty archive whose entries are dated `modified`.
    public init(modified: Date) {
        self.modified = max(0, Int(modified.timeIntervalSince1970))
    }

    /// Adds a regular file.
    public mutating func add(_ name: String, _ data: Data) throws(NameError) {
        var header = [UInt8](repeating: 0, count: 512)
        let (prefix, base) = try Self.split(name)
        func put(_ text: String, at offset: Int, width: Int) {
            for (index, byte) in text.utf8.prefix(width).enumerated() { header[offset + index] = byte }
        }
        func octal(_ value: Int, at offset: Int, width: Int) {
            put(String(repeating: "0", count: max(0, width - 1 - String(value, radix: 8).count)) + String(value, radix: 8), at: offset, width: width - 1)
        }
        put(base, at: 0, width: 100)
        octal(0o644, at: 100, width: 8)
        octal(0, at: 108, width: 8)
        octal(0, at: 116, width: 8)
        octal(data.count, at: 124, width: 12)
        octal(modified, at: 136, width: 12)
        header[156] = UInt8(ascii: "0")
        put("ustar\u{0}00", at: 257, width: 8)
        put("root", at: 265, width: 32)
        put("root", at: 297, width: 32)
        put(prefix, at: 345, width: 155)
        // The checksum is the sum of the header's bytes with its own field read as spaces.
        for index in 148..<156 { header[index] = 0x20 }
        let sum = header.reduce(0) { $0 + Int($1) }
        put(String(repeating: "0", count: max(0, 6 - String(sum, radix: 8).count)) + String(sum, radix: 8) + "\u{0} ", at: 148, width: 8)
        bytes.append(contentsOf: header)
        bytes.append(data)
        let padding = (512 - data.count % 512) % 512
        bytes.append(Data(count: padding))
    }

    /// The archive with its end marker (two zero blocks).
    public var data: Data { bytes + Data(count: 1024) }

    /// A name as ustar stores it: a directory prefix of up to 155 bytes and a name of up to 100.
    static func split(_ name: String) throws(NameError) -> (prefix: String, name: String) {
        if name.utf8.count <= 100 { return ("", name) }
        let parts = name.split(separator: "/", omittingEmptySubsequences: false)
        for cut in (1..<parts.count).reversed() {
            let prefix = parts[..<cut].joined(separator: "/"), rest = parts[cut...].joined(separator: "/")
            if prefix.utf8.count <= 155, rest.utf8.count <= 100 { return (prefix, rest) }
        }
        throw NameError(name: name)
    }

    /// One entry of an archive as `tar -xf` would create it.
    public struct Entry: Sendable {
        /// What kind of entry it is.
        public enum Kind: Sendable, Hashable {
            case file, directory, symbolicLink(to: String), hardLink(to: String)
            /// Any other type flag (a device, a FIFO, a vendor extension).
            case other(UInt8)
        }

        /// Its name, with a leading `./` removed (what `tar -cf NEW.tar .` of an extracted bundle adds).
        public var name: String
        /// Its kind.
        public var kind: Kind
        /// Its bytes (empty for anything but a file).
        public var data: Data
    }

    /// An archive read whole: its entries in order, and whether anything but zeros follows its end marker.
    public struct Listing: Sendable {
        /// Every entry, in order, with pax and GNU long names applied.
        public var entries: [Entry]
        /// How many bytes other than zero padding follow the end marker (a second archive appended,
        /// which `tar -xf` never reads).
        public var bytesAfterEnd: Int
    }

    /// Reads every entry of a ustar archive, as GNU tar, bsdtar and Python's tarfile read it:
    /// names from pax `path` records and GNU `L` entries are applied to the entry that follows.
    /// Nil when a header is damaged or the archive is cut short.
    public static func read(_ archive: Data) -> Listing? {
        let bytes = [UInt8](archive)
        var entries: [Entry] = []
        var offset = 0
        var nextName: String?
        var nextLink: String?
        while offset + 512 <= bytes.count {
            let header = bytes[offset..<offset + 512]
            if header.allSatisfy({ $0 == 0 }) {
                let rest = bytes[(offset + 512)...]
                return Listing(entries: entries, bytesAfterEnd: rest.contains { $0 != 0 } ? rest.count : 0)
            }
            func text(_ start: Int, _ width: Int) -> String {
                let field = bytes[(offset + start)..<(offset + start + width)]
                return String(decoding: field.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard text(257, 5) == "ustar" else { return nil }
            let stored = header.enumerated().reduce(0) { $0 + ((148..<156).contains($1.offset) ? 0x20 : Int($1.element)) }
            guard let size = Int(text(124, 12).trimmingCharacters(in: .whitespaces), radix: 8),
                Int(text(148, 8).trimmingCharacters(in: CharacterSet(charactersIn: " \u{0}")), radix: 8) == stored,
                offset + 512 + size <= bytes.count
            else { return nil }
            let data = Data(bytes[(offset + 512)..<(offset + 512 + size)])
            let prefix = text(345, 155), base = text(0, 100), linkField = text(157, 100)
            let type = bytes[offset + 156]
            offset += 512 + (size + 511) / 512 * 512
            switch type {
            case UInt8(ascii: "x"):
                let records = paxRecords(data)
                nextName = records["path"] ?? nextName
                nextLink = records["linkpath"] ?? nextLink
                continue
            case UInt8(ascii: "L"):
                nextName = String(decoding: data.prefix { $0 != 0 }, as: UTF8.self)
                continue
            case UInt8(ascii: "K"):
                nextLink = String(decoding: data.prefix { $0 != 0 }, as: UTF8.self)
                continue
            case UInt8(ascii: "g"):
                // Global pax records set defaults for every later entry; none of ours needs one.
                continue
            default: break
            }
            var name = nextName ?? (prefix.isEmpty ? base : prefix + "/" + base)
            let link = nextLink ?? linkField
            nextName = nil
            nextLink = nil
            while name.hasPrefix("./") { name.removeFirst(2) }
            let kind: Entry.Kind =
                switch type {
                case UInt8(ascii: "0"), 0, UInt8(ascii: "7"): .file
                case UInt8(ascii: "5"): .directory
                case UInt8(ascii: "2"): .symbolicLink(to: link)
                case UInt8(ascii: "1"): .hardLink(to: link)
                default: .other(type)
                }
            entries.append(Entry(name: name, kind: kind, data: kind == .file ? data : Data()))
        }
        return nil
    }

    /// The `key=value` records of a pax extended header (`LENGTH key=value\n` each).
    private static func paxRecords(_ data: Data) -> [String: String] {
        var records: [String: String] = [:]
        let text = String(decoding: data, as: UTF8.self)
        for line in text.split(separator: "\n") {
            guard let space = line.firstIndex(of: " "), let equals = line[space...].firstIndex(of: "=") else { continue }
            records[String(line[line.index(after: space)..<equals])] = String(line[line.index(after: equals)...])
        }
        return records
    }

    /// The regular files of a ustar archive, in order: what ``add(_:_:)`` wrote, and what any tar
    /// that writes ustar, pax or GNU headers writes for plain files (other entries are left out).
    public static func entries(of archive: Data) -> [(name: String, data: Data)]? {
        read(archive)?.entries.compactMap { $0.kind == .file ? ($0.name, $0.data) : nil }
    }
}
