/// Reading a document value by value, for a reader that wants a few values typed straight from the
/// bytes rather than a tree: the wire reads each line's envelope and an observation this way. The
/// strings, literals and separators are ``JSONParser``'s own; only what the reader asks for is read.
extension JSONScanner {
    /// A scanner over `bytes`, which must stay alive while it reads.
    package init(_ bytes: UnsafeRawBufferPointer) {
        self.init(
            bytes: UnsafeBufferPointer(start: bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), count: bytes.count),
            maximumDepth: JSONParser.defaultMaximumDepth)
    }

    /// Whether nothing but whitespace is left.
    package mutating func isAtEnd() -> Bool {
        skipWhitespace()
        return offset == bytes.count
    }

    /// A member's key as written between its quotes, compared byte for byte with the keys a reader
    /// knows (plain ASCII), so that reading one decodes and allocates nothing. A key written with
    /// escapes matches none of them: the reader leaves that object to one that decodes.
    package struct Key {
        /// The bytes between the quotes.
        let bytes: UnsafeBufferPointer<UInt8>

        /// Whether `key` is `pattern`, for `switch key { case "id": ... }`.
        package static func ~= (pattern: StaticString, key: Key) -> Bool {
            pattern.withUTF8Buffer { $0.elementsEqual(key.bytes) }
        }

        /// Whether `key` is `text`.
        package static func == (key: Key, text: String) -> Bool { text.utf8.elementsEqual(key.bytes) }
    }

    /// Reads an object, handing each key to `member`, which reads or skips the value and returns
    /// false to stop there. True after the closing brace; false when `member` stopped.
    package mutating func readObject(_ member: (_ key: Key, _ scanner: inout JSONScanner) throws(JSONSyntaxError) -> Bool) throws(JSONSyntaxError) -> Bool {
        try open(UInt8(ascii: "{"), "an object")
        if closesEmpty(UInt8(ascii: "}")) { return true }
        while true {
            skipWhitespace()
            guard offset < bytes.count, bytes[offset] == UInt8(ascii: "\"") else {
                throw error("unexpected \(describeByte(at: offset)); expected a key in double quotes")
            }
            let quote = offset
            try skipString()
            let key = Key(bytes: UnsafeBufferPointer(rebasing: bytes[(quote + 1)..<(offset - 1)]))
            skipWhitespace()
            guard offset < bytes.count, bytes[offset] == UInt8(ascii: ":") else {
                throw error("expected ':' after a key, found \(describeByte(at: offset))")
            }
            offset += 1
            skipWhitespace()
            guard try member(key, &self) else { return false }
            if try closesAfterValue(UInt8(ascii: "}"), of: "object") {
                offset += 1
                return true
            }
        }
    }

    /// Reads an array, calling `element` for each, which reads it and returns false to stop there.
    /// True after the closing bracket; false when `element` stopped.
    package mutating func readArray(_ element: (_ scanner: inout JSONScanner) throws(JSONSyntaxError) -> Bool) throws(JSONSyntaxError) -> Bool {
        try open(UInt8(ascii: "["), "an array")
        if closesEmpty(UInt8(ascii: "]")) { return true }
        while true {
            skipWhitespace()
            guard try element(&self) else { return false }
            if try closesAfterValue(UInt8(ascii: "]"), of: "array") {
                offset += 1
                return true
            }
        }
    }

    /// A string, unescaped.
    package mutating func readString() throws(JSONSyntaxError) -> String {
        guard offset < bytes.count, bytes[offset] == UInt8(ascii: "\"") else { throw error("unexpected \(describeByte(at: offset)); expected a string") }
        return try parseString()
    }

    /// `true` or `false`.
    package mutating func readBool() throws(JSONSyntaxError) -> Bool {
        if offset < bytes.count, bytes[offset] == UInt8(ascii: "t") {
            try expectLiteral("true")
            return true
        }
        guard offset < bytes.count, bytes[offset] == UInt8(ascii: "f") else { throw error("unexpected \(describeByte(at: offset)); expected true or false") }
        try expectLiteral("false")
        return false
    }

    /// Whether the value here is `null`, which is then read.
    package mutating func readNull() throws(JSONSyntaxError) -> Bool {
        guard offset < bytes.count, bytes[offset] == UInt8(ascii: "n") else { return false }
        try expectLiteral("null")
        return true
    }

    /// Steps over the value here without reading it, and says where it is: a string to its closing
    /// quote, an array or object to its balancing bracket, a number or literal to the next delimiter.
    /// Its own syntax is left to whoever reads it: the wire reads only the value it wants, once.
    package mutating func skipValue() throws(JSONSyntaxError) -> Range<Int> {
        let start = offset
        guard offset < bytes.count else { throw error("unexpected end of file; expected a value") }
        switch bytes[offset] {
        case UInt8(ascii: "\""):
            try skipString()
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            var depth = 0
            repeat {
                guard offset < bytes.count else { throw error("unexpected end of file; expected a closing bracket", at: start) }
                switch bytes[offset] {
                case UInt8(ascii: "\""): try skipString(); continue
                case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"): depth -= 1
                default: break
                }
                offset += 1
            } while depth > 0
        default:
            while offset < bytes.count, !isDelimiter(bytes[offset]) {
                guard isScalarByte(bytes[offset]) else { throw error("unexpected \(describeByte(at: offset)); expected a value") }
                offset += 1
            }
            guard offset > start else { throw error("unexpected \(describeByte(at: offset)); expected a value") }
        }
        return start..<offset
    }

    private mutating func open(_ bracket: UInt8, _ container: String) throws(JSONSyntaxError) {
        skipWhitespace()
        guard offset < bytes.count, bytes[offset] == bracket else { throw error("unexpected \(describeByte(at: offset)); expected \(container)") }
        offset += 1
        skipWhitespace()
    }

    private mutating func closesEmpty(_ bracket: UInt8) -> Bool {
        guard offset < bytes.count, bytes[offset] == bracket else { return false }
        offset += 1
        return true
    }

    /// Past the string starting here, escapes stepped over unread.
    private mutating func skipString() throws(JSONSyntaxError) {
        let quote = offset
        offset += 1
        while offset < bytes.count {
            switch bytes[offset] {
            case UInt8(ascii: "\\"): offset += 2
            case UInt8(ascii: "\""):
                offset += 1
                return
            case 0x00..<0x20: throw error("control character U+\(hex(UInt16(bytes[offset]))) in string")
            default: offset += 1
            }
        }
        throw error("unterminated string", at: quote)
    }

    private func isDelimiter(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: ",") || byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]") || byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }

    /// What a number or a literal is made of.
    private func isScalarByte(_ byte: UInt8) -> Bool {
        isDigit(byte) || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+")
            || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "E")
    }
}
