/// A strict reader of the DER that key files hold (X.690): definite lengths in their shortest
/// form, positive integers without padding, and nothing left over where a structure ends.
///
/// Strict because a key file is input from outside: a lenient reader would accept a file that
/// OpenSSL never wrote and that means something else to another tool.
struct DERReader {
    /// Why the bytes are not the DER expected, in words for a person.
    struct Malformed: Error, CustomStringConvertible {
        /// What is wrong.
        var description: String
    }

    private let bytes: [UInt8]
    private var offset: Int
    private let end: Int

    /// A reader of all of `bytes`.
    init(_ bytes: [UInt8]) {
        self.init(bytes, from: 0, to: bytes.count)
    }

    private init(_ bytes: [UInt8], from start: Int, to end: Int) {
        self.bytes = bytes
        offset = start
        self.end = end
    }

    /// Whether every element has been read.
    var isAtEnd: Bool { offset >= end }

    /// The tag of the next element, if there is one.
    var nextTag: UInt8? { isAtEnd ? nil : bytes[offset] }

    /// The next element, which must have `tag`: a reader of its contents. `what` names it in errors.
    mutating func element(_ tag: UInt8, _ what: String) throws(Malformed) -> DERReader {
        guard !isAtEnd else { throw Malformed(description: "\(what) is missing") }
        guard bytes[offset] == tag else { throw Malformed(description: "\(what) has tag 0x\(Self.hex(bytes[offset])), not 0x\(Self.hex(tag))") }
        var cursor = offset + 1
        guard cursor < end else { throw Malformed(description: "\(what) has no length") }
        let first = bytes[cursor]
        cursor += 1
        var length = 0
        if first < 0x80 {
            length = Int(first)
        } else {
            let count = Int(first & 0x7f)
            // 0x80 is BER's indefinite length, which DER forbids; four bytes are far beyond any key.
            guard count >= 1, count <= 4, cursor + count <= end else { throw Malformed(description: "\(what) has an invalid length") }
            for byte in bytes[cursor..<(cursor + count)] { length = length << 8 | Int(byte) }
            guard bytes[cursor] != 0, length >= 0x80 else { throw Malformed(description: "\(what)'s length is not in its shortest form (not DER)") }
            cursor += count
        }
        guard length <= end - cursor else { throw Malformed(description: "\(what) is longer than the data (truncated)") }
        offset = cursor + length
        return DERReader(bytes, from: cursor, to: cursor + length)
    }

    /// The contents of the next element, which must have `tag`.
    mutating func contents(_ tag: UInt8, _ what: String) throws(Malformed) -> ArraySlice<UInt8> {
        let inner = try element(tag, what)
        return inner.rest
    }

    /// What is left to read.
    var rest: ArraySlice<UInt8> { bytes[offset..<end] }

    /// A SEQUENCE: a reader of its elements.
    mutating func sequence(_ what: String) throws(Malformed) -> DERReader {
        try element(0x30, what)
    }

    /// A non-negative INTEGER in its shortest form.
    mutating func integer(_ what: String) throws(Malformed) -> BigUInt {
        let value = try contents(0x02, what)
        guard let first = value.first else { throw Malformed(description: "\(what) is an empty INTEGER") }
        guard first & 0x80 == 0 else { throw Malformed(description: "\(what) is negative") }
        if first == 0, value.count > 1, value[value.startIndex + 1] & 0x80 == 0 {
            throw Malformed(description: "\(what) has a needless leading zero (not DER)")
        }
        return BigUInt(bigEndian: value)
    }

    /// A small non-negative INTEGER, such as a version.
    mutating func smallInteger(_ what: String) throws(Malformed) -> Int {
        let value = try integer(what)
        guard value.bitWidth <= 31 else { throw Malformed(description: "\(what) is too large") }
        return Int(value.limbs.first ?? 0)
    }

    /// An OBJECT IDENTIFIER, as its arcs.
    mutating func objectIdentifier(_ what: String) throws(Malformed) -> [UInt] {
        let value = try contents(0x06, what)
        var subidentifiers: [UInt] = []
        var arc: UInt = 0
        var starting = true
        for byte in value {
            // A subidentifier starting 0x80 is padded, and one past 56 bits is no OID of a key.
            guard !(starting && byte == 0x80), arc >> 56 == 0 else { throw Malformed(description: "\(what) is not an object identifier in DER") }
            arc = arc << 7 | UInt(byte & 0x7f)
            starting = byte & 0x80 == 0
            if starting {
                subidentifiers.append(arc)
                arc = 0
            }
        }
        guard let first = subidentifiers.first, starting else { throw Malformed(description: "\(what) is not an object identifier") }
        // The first subidentifier holds two arcs: 40·x + y, with x at most 2.
        return (first < 80 ? [first / 40, first % 40] : [2, first - 80]) + subidentifiers.dropFirst()
    }

    /// Throws unless every element has been read: `what` has nothing after its last field.
    func finish(_ what: String) throws(Malformed) {
        guard isAtEnd else { throw Malformed(description: "\(what) has \(end - offset) unexpected byte\(end - offset == 1 ? "" : "s") after its last field") }
    }

    private static func hex(_ byte: UInt8) -> String {
        let digits = String(byte, radix: 16)
        return digits.count == 1 ? "0" + digits : digits
    }
}
