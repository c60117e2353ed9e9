import Foundation

/// Walks the top-level members of one JSON object, skipping over values without decoding them.
public struct WireObjectScanner {
    /// One member: where its key (without quotes) and its value are.
    public struct Member {
        /// Where the key's bytes are, without its quotes (keys on the wire are plain ASCII, compared byte for byte).
        public var key: Range<Int>
        /// Where the value's bytes are.
        public var value: Range<Int>
    }

    private let bytes: UnsafeRawBufferPointer
    private var position = 0
    private var state = State.start
    /// Whether the object was `{}`.
    public private(set) var wasEmptyObject = false

    private enum State { case start, members, done, broken }

    /// Scans `bytes`, which should hold exactly one JSON object.
    public init(_ bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
    }

    /// Whether the whole input was one well-formed object (true only after the last member).
    public var finished: Bool { state == .done }

    /// The next member, or nil at the end of the object (or at the first malformed byte).
    public mutating func nextMember() -> Member? {
        switch state {
        case .done, .broken: return nil
        case .start:
            skipSpace()
            guard take(UInt8(ascii: "{")) else { state = .broken; return nil }
            skipSpace()
            if take(UInt8(ascii: "}")) { wasEmptyObject = true; return end() }
            state = .members
        case .members:
            skipSpace()
            if take(UInt8(ascii: "}")) { return end() }
            guard take(UInt8(ascii: ",")) else { state = .broken; return nil }
            skipSpace()
        }
        guard position < bytes.count, bytes[position] == UInt8(ascii: "\""), let keyEnd = skipString(from: position) else { state = .broken; return nil }
        let key = (position + 1)..<(keyEnd - 1)
        position = keyEnd
        skipSpace()
        guard take(UInt8(ascii: ":")) else { state = .broken; return nil }
        skipSpace()
        let start = position
        guard let valueEnd = skipValue(from: position) else { state = .broken; return nil }
        position = valueEnd
        return Member(key: key, value: start..<valueEnd)
    }

    private mutating func end() -> Member? {
        skipSpace()
        state = position == bytes.count ? .done : .broken
        return nil
    }

    private mutating func take(_ byte: UInt8) -> Bool {
        guard position < bytes.count, bytes[position] == byte else { return false }
        position += 1
        return true
    }

    private mutating func skipSpace() {
        while position < bytes.count, Self.isSpace(bytes[position]) { position += 1 }
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    /// The index after the string starting at `start` (a quote), or nil when it never ends.
    private func skipString(from start: Int) -> Int? {
        var index = start + 1
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\\"): index += 2
            case UInt8(ascii: "\""): return index + 1
            case 0x00..<0x20: return nil
            default: index += 1
            }
        }
        return nil
    }

    /// The index after the value starting at `start`, or nil when it is malformed.
    private func skipValue(from start: Int) -> Int? {
        guard start < bytes.count else { return nil }
        switch bytes[start] {
        case UInt8(ascii: "\""):
            return skipString(from: start)
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            var depth = 0
            var index = start
            while index < bytes.count {
                switch bytes[index] {
                case UInt8(ascii: "\""):
                    guard let next = skipString(from: index) else { return nil }
                    index = next
                    continue
                case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    depth -= 1
                    if depth == 0 { return index + 1 }
                default: break
                }
                index += 1
            }
            return nil
        default:
            // A number or a literal: up to the next delimiter, and it must look like one.
            var index = start
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: ",") || byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]") || Self.isSpace(byte) { break }
                guard Self.isScalarByte(byte) else { return nil }
                index += 1
            }
            return index > start ? index : nil
        }
    }

    private static func isScalarByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."),
            UInt8(ascii: "e"), UInt8(ascii: "E"), UInt8(ascii: "a")...UInt8(ascii: "z"):
            return true
        default: return false
        }
    }

    /// Whether the bytes at `range` equal `expected`.
    public static func equals(_ bytes: UnsafeRawBufferPointer, _ range: Range<Int>, _ expected: [UInt8]) -> Bool {
        guard range.count == expected.count else { return false }
        var index = 0
        for offset in range {
            guard bytes[offset] == expected[index] else { return false }
            index += 1
        }
        return true
    }

    /// The string value at `range` (with its quotes), unescaped; nil when it is not a string.
    public static func string(_ bytes: [UInt8], _ range: Range<Int>) -> String? {
        guard range.count >= 2, bytes[range.lowerBound] == UInt8(ascii: "\""), bytes[range.upperBound - 1] == UInt8(ascii: "\"") else { return nil }
        let inner = (range.lowerBound + 1)..<(range.upperBound - 1)
        if !bytes[inner].contains(UInt8(ascii: "\\")) {
            return String(decoding: bytes[inner], as: UTF8.self)
        }
        return try? WireCodec.decoder.decode(String.self, from: Data(bytes[range]))
    }

    /// Where the value of member `key` is in the object at `range` of `bytes` (offsets into `bytes`), if it has one.
    public static func member(_ key: String, inObject range: Range<Int>, of bytes: [UInt8]) -> Range<Int>? {
        let wanted = Array(key.utf8)
        return bytes.withUnsafeBytes { all -> Range<Int>? in
            let object = UnsafeRawBufferPointer(rebasing: all[range])
            var scanner = WireObjectScanner(object)
            while let member = scanner.nextMember() {
                if equals(object, member.key, wanted) {
                    return (member.value.lowerBound + range.lowerBound)..<(member.value.upperBound + range.lowerBound)
                }
            }
            return nil
        }
    }

    /// The integer value at `range`, when it is a whole number.
    public static func integer(_ bytes: [UInt8], _ range: Range<Int>) -> Int? {
        var value = 0
        var negative = false
        var index = range.lowerBound
        if index < range.upperBound, bytes[index] == UInt8(ascii: "-") { negative = true; index += 1 }
        guard index < range.upperBound else { return nil }
        while index < range.upperBound {
            let byte = bytes[index]
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else {
                // 3.0 or 3e0: rare, but a number that equals an integer is that integer.
                return Double(String(decoding: bytes[range], as: UTF8.self)).flatMap { Int(exactly: $0) }
            }
            let (times, overflow1) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times.addingReportingOverflow(Int(byte - UInt8(ascii: "0")))
            guard !overflow1, !overflow2 else { return nil }
            value = sum
            index += 1
        }
        return negative ? -value : value
    }
}
