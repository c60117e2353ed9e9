/// The byte-level machinery behind ``JSONParser``, and the wire's reader of single values
/// (`JSONScanner+Reading.swift`); lives only for one parse.
package struct JSONScanner {
    enum PathComponent {
        case key(String)
        case index(Int)
    }

    let bytes: UnsafeBufferPointer<UInt8>
    let maximumDepth: Int
    var offset = 0
    var line = 1
    var lineStart = 0
    var columnCacheOffset = 0
    var columnCacheColumn = 1
    var depth = 0
    var pathComponents: [PathComponent] = []
    var duplicateKeys: [JSONDuplicateKey] = []
    /// Where the last comma was, for a trailing comma's message: its position is worked out only then.
    var lastComma = (offset: 0, line: 1, lineStart: 0)

    init(bytes: UnsafeBufferPointer<UInt8>, maximumDepth: Int) {
        self.bytes = bytes
        self.maximumDepth = maximumDepth
    }

    // MARK: Document

    mutating func parseDocument() throws(JSONSyntaxError) -> JSONParser.Document {
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
            throw error("byte order mark at the start of the file", fix: "save the file as UTF-8 without a byte order mark")
        }
        skipWhitespace()
        guard offset < bytes.count else {
            throw error("empty document; expected a JSON value", fix: "the file holds nothing but white space: write the JSON object, from { to }")
        }
        let root = try parseValue()
        skipWhitespace()
        if offset < bytes.count {
            throw error("unexpected \(describeByte(at: offset)) after the top-level value", fix: "remove everything after the closing bracket")
        }
        return JSONParser.Document(root: root, duplicateKeys: duplicateKeys)
    }

    // MARK: Values

    private mutating func parseValue() throws(JSONSyntaxError) -> JSONNode {
        guard offset < bytes.count else { throw error("unexpected end of file; expected a value") }
        let start = position()
        switch bytes[offset] {
        case UInt8(ascii: "{"): return try parseObject(start: start)
        case UInt8(ascii: "["): return try parseArray(start: start)
        case UInt8(ascii: "\""): return JSONNode(value: .string(try parseString()), position: start)
        case UInt8(ascii: "t"): try expectLiteral("true"); return JSONNode(value: .bool(true), position: start)
        case UInt8(ascii: "f"): try expectLiteral("false"); return JSONNode(value: .bool(false), position: start)
        case UInt8(ascii: "n"): try expectLiteral("null"); return JSONNode(value: .null, position: start)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return JSONNode(value: .number(try parseNumber()), position: start)
        case UInt8(ascii: "N"), UInt8(ascii: "I"):
            throw error("'\(word(at: offset))' is not a JSON value; numbers must be finite", fix: "write a finite number")
        case UInt8(ascii: "'"):
            throw error("strings must use double quotes", fix: "replace the single quotes with double quotes")
        case UInt8(ascii: "/"):
            throw error("comments are not allowed in JSON", fix: "remove the comment, or move it into a string field")
        case UInt8(ascii: "]"), UInt8(ascii: "}"):
            throw error("unexpected \(describeByte(at: offset)); expected a value")
        case let byte where isWordByte(byte):
            throw error("unexpected '\(word(at: offset))'; expected a value")
        default:
            throw error("unexpected \(describeByte(at: offset)); expected a value")
        }
    }

    private mutating func enter() throws(JSONSyntaxError) {
        depth += 1
        if depth > maximumDepth {
            throw error("nesting deeper than \(maximumDepth) levels", fix: "flatten the structure")
        }
    }

    /// Steps past the closing bracket of the container that began at `start`, and out of it.
    private mutating func close(_ value: JSONValueTree, startedAt start: JSONPosition) -> JSONNode {
        offset += 1
        depth -= 1
        return JSONNode(value: value, position: start)
    }

    private mutating func parseObject(start: JSONPosition) throws(JSONSyntaxError) -> JSONNode {
        try enter()
        offset += 1
        var members: [JSONMember] = []
        var seen: [String: JSONPosition] = [:]
        skipWhitespace()
        if offset < bytes.count, bytes[offset] == UInt8(ascii: "}") {
            return close(.object([]), startedAt: start)
        }
        while true {
            skipWhitespace()
            guard offset < bytes.count else { throw error("unexpected end of file; expected a key or '}'", fix: "close the object with '}'") }
            guard bytes[offset] == UInt8(ascii: "\"") else {
                if bytes[offset] == UInt8(ascii: "}") {
                    throw JSONSyntaxError(
                        message: "trailing comma before '}'", fix: "remove the comma after the last member", position: lastCommaPosition(), path: renderPath())
                }
                if bytes[offset] == UInt8(ascii: "/") { throw error("comments are not allowed in JSON", fix: "remove the comment") }
                if bytes[offset] == UInt8(ascii: "'") { throw error("keys must use double quotes", fix: "replace the single quotes with double quotes") }
                throw error(
                    "unexpected \(describeByte(at: offset)); expected a key in double quotes",
                    fix: "write each key in double quotes, as \"key\": value (JSON has no unquoted keys)")
            }
            let keyPosition = position()
            let key = try parseString()
            skipWhitespace()
            guard offset < bytes.count, bytes[offset] == UInt8(ascii: ":") else {
                throw error(
                    offset < bytes.count
                        ? "expected ':' after key '\(key)', found \(describeByte(at: offset))" : "unexpected end of file; expected ':' after key '\(key)'")
            }
            offset += 1
            skipWhitespace()
            pathComponents.append(.key(key))
            let value = try parseValue()
            pathComponents.removeLast()
            if let first = seen[key] {
                duplicateKeys.append(JSONDuplicateKey(key: key, position: keyPosition, firstPosition: first, objectPath: renderPath()))
            } else {
                seen[key] = keyPosition
                members.append(JSONMember(key: key, keyPosition: keyPosition, value: value))
            }
            if try closesAfterValue(UInt8(ascii: "}"), of: "object") { return close(.object(members), startedAt: start) }
        }
    }

    private mutating func parseArray(start: JSONPosition) throws(JSONSyntaxError) -> JSONNode {
        try enter()
        offset += 1
        var elements: [JSONNode] = []
        skipWhitespace()
        if offset < bytes.count, bytes[offset] == UInt8(ascii: "]") {
            return close(.array([]), startedAt: start)
        }
        pathComponents.append(.index(0))
        while true {
            skipWhitespace()
            if offset < bytes.count, bytes[offset] == UInt8(ascii: "]") {
                pathComponents.removeLast()
                throw JSONSyntaxError(
                    message: "trailing comma before ']'", fix: "remove the comma after the last element", position: lastCommaPosition(), path: renderPath())
            }
            pathComponents[pathComponents.count - 1] = .index(elements.count)
            elements.append(try parseValue())
            if try closesAfterValue(UInt8(ascii: "]"), of: "array") {
                pathComponents.removeLast()
                return close(.array(elements), startedAt: start)
            }
        }
    }

    /// After a member or an element: true at the `bracket` that closes the container (`object` or
    /// `array`), false once past the comma before the next one.
    mutating func closesAfterValue(_ bracket: UInt8, of container: String) throws(JSONSyntaxError) -> Bool {
        skipWhitespace()
        let closing = Character(Unicode.Scalar(bracket))
        guard offset < bytes.count else { throw error("unexpected end of file; expected ',' or '\(closing)'", fix: "close the \(container) with '\(closing)'") }
        switch bytes[offset] {
        case UInt8(ascii: ","):
            lastComma = (offset, line, lineStart)
            offset += 1
            return false
        case bracket: return true
        case UInt8(ascii: "\"") where container == "object": throw error("missing ',' between object members", fix: "add a comma after the previous value")
        default: throw error("unexpected \(describeByte(at: offset)); expected ',' or '\(closing)'")
        }
    }

    mutating func expectLiteral(_ literal: StaticString) throws(JSONSyntaxError) {
        let count = literal.utf8CodeUnitCount
        let matches = offset + count <= bytes.count && (0..<count).allSatisfy { bytes[offset + $0] == literal.utf8Start[$0] }
        guard matches else {
            throw error("unexpected '\(word(at: offset))'; expected a value", fix: "JSON literals are true, false and null, in lowercase")
        }
        offset += count
        if offset < bytes.count, isWordByte(bytes[offset]) {
            throw error("unexpected '\(word(at: offset - count))'; expected a value", at: offset - count)
        }
    }

    // MARK: Numbers

    private mutating func parseNumber() throws(JSONSyntaxError) -> JSONNumber {
        let start = offset
        if bytes[offset] == UInt8(ascii: "-") {
            offset += 1
            if offset < bytes.count, bytes[offset] == UInt8(ascii: "I") {
                throw error("'-Infinity' is not a JSON value; numbers must be finite", fix: "write a finite number", at: start)
            }
        }
        guard offset < bytes.count, isDigit(bytes[offset]) else { throw error("expected a digit in number", at: offset) }
        if bytes[offset] == UInt8(ascii: "0"), offset + 1 < bytes.count, isDigit(bytes[offset + 1]) {
            throw error("leading zeros are not allowed in numbers", fix: "remove the leading zeros", at: start)
        }
        while offset < bytes.count, isDigit(bytes[offset]) { offset += 1 }
        if offset < bytes.count, bytes[offset] == UInt8(ascii: ".") {
            offset += 1
            guard offset < bytes.count, isDigit(bytes[offset]) else { throw error("expected a digit after the decimal point", at: offset) }
            while offset < bytes.count, isDigit(bytes[offset]) { offset += 1 }
        }
        if offset < bytes.count, bytes[offset] == UInt8(ascii: "e") || bytes[offset] == UInt8(ascii: "E") {
            offset += 1
            if offset < bytes.count, bytes[offset] == UInt8(ascii: "+") || bytes[offset] == UInt8(ascii: "-") { offset += 1 }
            guard offset < bytes.count, isDigit(bytes[offset]) else { throw error("expected a digit in the exponent", at: offset) }
            while offset < bytes.count, isDigit(bytes[offset]) { offset += 1 }
        }
        if offset < bytes.count, isWordByte(bytes[offset]) || bytes[offset] == UInt8(ascii: ".") {
            throw error("unexpected \(describeByte(at: offset)) in number", at: offset)
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<offset]), as: UTF8.self)
        let number = JSONNumber(text: text)
        if !number.doubleValue.isFinite { throw error("number \(text) is out of range", at: start) }
        return number
    }

    // MARK: Strings

    /// Parses a string starting at its opening quote.
    mutating func parseString() throws(JSONSyntaxError) -> String {
        let quote = offset
        offset += 1
        let contentStart = offset
        // Fast path: no escapes.
        while offset < bytes.count {
            let byte = bytes[offset]
            if byte == UInt8(ascii: "\"") {
                let slice = UnsafeBufferPointer(rebasing: bytes[contentStart..<offset])
                offset += 1
                return try makeString(slice, quote: quote)
            }
            if byte == UInt8(ascii: "\\") { break }
            if byte < 0x20 { throw controlCharacterError(byte) }
            offset += 1
        }
        var buffer = Array(UnsafeBufferPointer(rebasing: bytes[contentStart..<offset]))
        while offset < bytes.count {
            let byte = bytes[offset]
            switch byte {
            case UInt8(ascii: "\""):
                offset += 1
                return try buffer.withUnsafeBufferPointer { pointer throws(JSONSyntaxError) in try makeString(pointer, quote: quote) }
            case UInt8(ascii: "\\"):
                try parseEscape(into: &buffer)
            case 0..<0x20:
                throw controlCharacterError(byte)
            default:
                buffer.append(byte)
                offset += 1
            }
        }
        throw error("unterminated string", fix: "close the string with '\"'", at: quote)
    }

    private mutating func parseEscape(into buffer: inout [UInt8]) throws(JSONSyntaxError) {
        let start = offset
        offset += 1
        guard offset < bytes.count else { throw error("unterminated string", at: start) }
        let byte = bytes[offset]
        offset += 1
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): buffer.append(byte)
        case UInt8(ascii: "b"): buffer.append(0x08)
        case UInt8(ascii: "f"): buffer.append(0x0C)
        case UInt8(ascii: "n"): buffer.append(0x0A)
        case UInt8(ascii: "r"): buffer.append(0x0D)
        case UInt8(ascii: "t"): buffer.append(0x09)
        case UInt8(ascii: "u"):
            let unit = try hexQuad(escapeStart: start)
            var scalarValue = UInt32(unit)
            if (0xD800...0xDBFF).contains(unit) {
                guard offset + 1 < bytes.count, bytes[offset] == UInt8(ascii: "\\"), bytes[offset + 1] == UInt8(ascii: "u") else {
                    throw error(
                        "lone surrogate \\u\(hex(unit)) (a high surrogate must be followed by a low one)",
                        fix: "write the character itself, or a valid surrogate pair", at: start)
                }
                let lowStart = offset
                offset += 2
                let low = try hexQuad(escapeStart: lowStart)
                guard (0xDC00...0xDFFF).contains(low) else {
                    throw error(
                        "lone surrogate \\u\(hex(unit)) (followed by \\u\(hex(low)), not a low surrogate)",
                        fix: "write the character itself, or a valid surrogate pair", at: start)
                }
                scalarValue = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
            } else if (0xDC00...0xDFFF).contains(unit) {
                throw error(
                    "lone surrogate \\u\(hex(unit)) (a low surrogate without a high one)", fix: "write the character itself, or a valid surrogate pair",
                    at: start)
            }
            buffer.append(contentsOf: Array(String(Unicode.Scalar(scalarValue)!).utf8))
        default:
            throw error(
                "invalid escape '\\\(describeEscaped(byte))' in string", fix: "valid escapes are \\\" \\\\ \\/ \\b \\f \\n \\r \\t and \\uXXXX", at: start)
        }
    }

    private mutating func hexQuad(escapeStart: Int) throws(JSONSyntaxError) -> UInt16 {
        var value: UInt16 = 0
        for _ in 0..<4 {
            guard offset < bytes.count, let digit = hexValue(bytes[offset]) else {
                throw error("invalid \\u escape: expected four hexadecimal digits", at: escapeStart)
            }
            value = value << 4 | UInt16(digit)
            offset += 1
        }
        return value
    }

    private mutating func makeString(_ slice: UnsafeBufferPointer<UInt8>, quote: Int) throws(JSONSyntaxError) -> String {
        if let string = String(validUTF8: slice) { return string }
        throw error("invalid UTF-8 in string", fix: "save the file as UTF-8", at: quote)
    }

    private mutating func controlCharacterError(_ byte: UInt8) -> JSONSyntaxError {
        let names: [UInt8: String] = [0x0A: "\\n", 0x0D: "\\r", 0x09: "\\t"]
        let escape = names[byte] ?? "\\u" + hex(UInt16(byte))
        return error("control character U+\(hex(UInt16(byte))) in string", fix: "escape it as \(escape)", at: offset)
    }
}
