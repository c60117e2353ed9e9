/// The fast path's reader: just enough JSON for an observation, nil at the first surprise.
struct WireJSONReader {
    private let bytes: UnsafeRawBufferPointer
    private var position = 0

    init(_ bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

    mutating func observation() -> Observation? {
        var running: Bool?, crashed: Bool?, screen: [ScreenElement]?, storage: [StoredItem]?
        var account: String??
        let finished = members { key, reader in
            switch key {
            case Self.running where running == nil: running = reader.bool(); return running != nil
            case Self.crashed where crashed == nil: crashed = reader.bool(); return crashed != nil
            case Self.signedInAccount where account == nil:
                if reader.null() { account = .some(nil); return true }
                guard let text = reader.string() else { return false }
                account = .some(text)
                return true
            case Self.screen where screen == nil: screen = reader.array { $0.element() }; return screen != nil
            case Self.storage where storage == nil: storage = reader.array { $0.item() }; return storage != nil
            // A duplicate, or a key the fast path does not know (the decoder ignores it, but
            // also checks its value's syntax): the decoder decides.
            default: return false
            }
        }
        skipSpace()
        guard finished, position == bytes.count, let running, let crashed, let screen, let storage else { return nil }
        return Observation(running: running, crashed: crashed, signedInAccount: account ?? nil, screen: screen, storage: storage)
    }

    private mutating func element() -> ScreenElement? {
        var kind: ScreenElement.Kind?, text: String?, record: Bool?
        let finished = members { key, reader in
            switch key {
            case Self.kind where kind == nil: kind = reader.string().flatMap(ScreenElement.Kind.init(rawValue:)); return kind != nil
            case Self.text where text == nil: text = reader.string(); return text != nil
            case Self.record where record == nil: record = reader.bool(); return record != nil
            default: return false
            }
        }
        guard finished, let kind, let text else { return nil }
        return ScreenElement(kind, text, isRecord: record ?? false)
    }

    private mutating func item() -> StoredItem? {
        var area: StoredItem.Area?, key: String?, value: String?
        let finished = members { name, reader in
            switch name {
            case Self.area where area == nil: area = reader.string().flatMap(StoredItem.Area.init(rawValue:)); return area != nil
            case Self.key where key == nil: key = reader.string(); return key != nil
            case Self.value where value == nil: value = reader.string(); return value != nil
            default: return false
            }
        }
        guard finished, let area, let key, let value else { return nil }
        return StoredItem(area, key, value)
    }

    // Keys, compared as the raw bytes between the quotes (no escapes in the keys we know).
    private static let running: [UInt8] = Array("running".utf8)
    private static let crashed: [UInt8] = Array("crashed".utf8)
    private static let signedInAccount: [UInt8] = Array("signedInAccount".utf8)
    private static let screen: [UInt8] = Array("screen".utf8)
    private static let storage: [UInt8] = Array("storage".utf8)
    private static let kind: [UInt8] = Array("kind".utf8)
    private static let text: [UInt8] = Array("text".utf8)
    private static let record: [UInt8] = Array("record".utf8)
    private static let area: [UInt8] = Array("area".utf8)
    private static let key: [UInt8] = Array("key".utf8)
    private static let value: [UInt8] = Array("value".utf8)

    /// Reads an object, handing each member's raw key to `member`, which reads the value; false on any problem.
    private mutating func members(_ member: (_ key: [UInt8], _ reader: inout WireJSONReader) -> Bool) -> Bool {
        skipSpace()
        guard take(UInt8(ascii: "{")) else { return false }
        skipSpace()
        if take(UInt8(ascii: "}")) { return true }
        while true {
            skipSpace()
            guard let key = rawKey() else { return false }
            skipSpace()
            guard take(UInt8(ascii: ":")) else { return false }
            skipSpace()
            guard member(key, &self) else { return false }
            skipSpace()
            if take(UInt8(ascii: ",")) { continue }
            return take(UInt8(ascii: "}"))
        }
    }

    private mutating func array<T>(_ element: (inout WireJSONReader) -> T?) -> [T]? {
        skipSpace()
        guard take(UInt8(ascii: "[")) else { return nil }
        var items: [T] = []
        skipSpace()
        if take(UInt8(ascii: "]")) { return items }
        while true {
            guard let item = element(&self) else { return nil }
            items.append(item)
            skipSpace()
            if take(UInt8(ascii: ",")) { continue }
            return take(UInt8(ascii: "]")) ? items : nil
        }
    }

    private mutating func rawKey() -> [UInt8]? {
        guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else { return nil }
        let start = position + 1
        var index = start
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                position = index + 1
                return Array(bytes[start..<index])
            }
            // An escaped or control character in a key: let the decoder judge it.
            if byte == UInt8(ascii: "\\") || byte < 0x20 { return nil }
            index += 1
        }
        return nil
    }

    /// A string value, unescaped; nil for anything but a well-formed string of valid UTF-8.
    private mutating func string() -> String? {
        guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else { return nil }
        let start = position + 1
        var index = start
        var plain = true
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") { break }
            if byte < 0x20 { return nil }
            if byte == UInt8(ascii: "\\") {
                plain = false
                index += 2
                continue
            }
            index += 1
        }
        guard index < bytes.count else { return nil }
        position = index + 1
        let raw = UnsafeRawBufferPointer(rebasing: bytes[start..<index])
        if plain { return Self.isValidUTF8(raw) ? String(decoding: raw, as: UTF8.self) : nil }
        return Self.unescape(raw)
    }

    private static func unescape(_ raw: UnsafeRawBufferPointer) -> String? {
        var out: [UInt8] = []
        out.reserveCapacity(raw.count)
        var index = 0
        func hex(_ at: Int) -> UInt32? {
            guard at + 4 <= raw.count else { return nil }
            var value: UInt32 = 0
            for offset in 0..<4 {
                let byte = raw[at + offset]
                let digit: UInt8
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
                case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
                case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
                default: return nil
                }
                value = value << 4 | UInt32(digit)
            }
            return value
        }
        while index < raw.count {
            let byte = raw[index]
            guard byte == UInt8(ascii: "\\") else {
                out.append(byte)
                index += 1
                continue
            }
            guard index + 1 < raw.count else { return nil }
            let escaped = raw[index + 1]
            index += 2
            switch escaped {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(escaped)
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"):
                guard var scalar = hex(index) else { return nil }
                index += 4
                if (0xD800..<0xDC00).contains(scalar) {
                    // A high surrogate must be followed by an escaped low one.
                    guard index + 6 <= raw.count, raw[index] == UInt8(ascii: "\\"), raw[index + 1] == UInt8(ascii: "u"), let low = hex(index + 2),
                        (0xDC00..<0xE000).contains(low)
                    else { return nil }
                    index += 6
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                } else if (0xDC00..<0xE000).contains(scalar) {
                    return nil
                }
                guard let unicode = Unicode.Scalar(scalar) else { return nil }
                out.append(contentsOf: Array(String(Character(unicode)).utf8))
            default: return nil
            }
        }
        return out.withUnsafeBytes { isValidUTF8($0) ? String(decoding: $0, as: UTF8.self) : nil }
    }

    /// Whether `raw` is well-formed UTF-8: no stray continuation bytes, no overlong forms, no
    /// surrogates, nothing past U+10FFFF (so `String(decoding:)` replaces nothing).
    static func isValidUTF8(_ raw: UnsafeRawBufferPointer) -> Bool {
        var index = 0
        while index < raw.count {
            let lead = raw[index]
            if lead < 0x80 { index += 1; continue }
            let length: Int
            var lower: UInt8 = 0x80, upper: UInt8 = 0xBF
            switch lead {
            case 0xC2...0xDF: length = 2
            case 0xE0: length = 3; lower = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED: length = 3; upper = 0x9F
            case 0xF0: length = 4; lower = 0x90
            case 0xF1...0xF3: length = 4
            case 0xF4: length = 4; upper = 0x8F
            default: return false
            }
            guard index + length <= raw.count else { return false }
            let second = raw[index + 1]
            guard second >= lower, second <= upper else { return false }
            for offset in 2..<max(2, length) where raw[index + offset] & 0xC0 != 0x80 { return false }
            index += length
        }
        return true
    }

    private mutating func bool() -> Bool? {
        if literal("true") { return true }
        if literal("false") { return false }
        return nil
    }

    private mutating func null() -> Bool { literal("null") }

    private mutating func literal(_ word: StaticString) -> Bool {
        let count = word.utf8CodeUnitCount
        guard position + count <= bytes.count else { return false }
        let matches = word.withUTF8Buffer { expected in
            (0..<count).allSatisfy { bytes[position + $0] == expected[$0] }
        }
        guard matches else { return false }
        // `truex` is not `true`.
        let next = position + count
        if next < bytes.count, !Self.isDelimiter(bytes[next]) { return false }
        position = next
        return true
    }

    private mutating func skipSpace() {
        while position < bytes.count, bytes[position] == 0x20 || bytes[position] == 0x0A || bytes[position] == 0x0D || bytes[position] == 0x09 { position += 1 }
    }

    private mutating func take(_ byte: UInt8) -> Bool {
        guard position < bytes.count, bytes[position] == byte else { return false }
        position += 1
        return true
    }

    private static func isDelimiter(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: ",") || byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]") || byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }
}
