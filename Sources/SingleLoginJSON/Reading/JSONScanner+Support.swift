extension JSONScanner {
    // MARK: Whitespace and positions

    /// Skips JSON whitespace, counting lines.
    mutating func skipWhitespace() {
        while offset < bytes.count {
            switch bytes[offset] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
                offset += 1
            case UInt8(ascii: "\n"):
                offset += 1
                line += 1
                lineStart = offset
                columnCacheOffset = offset
                columnCacheColumn = 1
            default:
                return
            }
        }
    }

    /// The position of the current offset.
    mutating func position() -> JSONPosition { position(at: offset) }

    /// The position of `target`, which must be on the current line at or after the last position asked for;
    /// columns are counted incrementally so that one long line costs linear time, not quadratic.
    mutating func position(at target: Int) -> JSONPosition {
        let target = min(max(target, lineStart), bytes.count)
        if target < columnCacheOffset {
            columnCacheOffset = lineStart
            columnCacheColumn = 1
        }
        var column = columnCacheColumn
        var index = columnCacheOffset
        while index < target {
            if bytes[index] & 0xC0 != 0x80 { column += 1 }
            index += 1
        }
        columnCacheOffset = target
        columnCacheColumn = column
        return JSONPosition(line: line, column: column, offset: target)
    }

    /// The position of the last comma, which may be on an earlier line than the current one.
    func lastCommaPosition() -> JSONPosition {
        var column = 1
        for index in lastComma.lineStart..<lastComma.offset where bytes[index] & 0xC0 != 0x80 { column += 1 }
        return JSONPosition(line: lastComma.line, column: column, offset: lastComma.offset)
    }

    // MARK: Errors

    /// A syntax error at the current offset, or at `at` (on the current line).
    mutating func error(_ message: String, fix: String? = nil, at target: Int? = nil) -> JSONSyntaxError {
        JSONSyntaxError(message: message, fix: fix, position: position(at: target ?? offset), path: renderPath())
    }

    /// The current path, e.g. `$.requirements[3].id`; beyond 16 levels the rest is elided as `[…]`.
    func renderPath() -> String {
        var path = JSONPath.root
        for component in pathComponents.prefix(16) {
            switch component {
            case .key(let key): path = JSONPath.appending(key: key, to: path)
            case .index(let index): path = JSONPath.appending(index: index, to: path)
            }
        }
        if pathComponents.count > 16 { path += "[…]" }
        return path
    }

    // MARK: Describing bytes

    /// `'x'`, `end of file`, or `byte 0xFF` for messages.
    func describeByte(at index: Int) -> String {
        guard index < bytes.count else { return "end of file" }
        let byte = bytes[index]
        if byte >= 0x21, byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        if byte >= 0x80 { return "non-ASCII byte 0x\(String(byte, radix: 16, uppercase: true))" }
        return "control character U+\(hex(UInt16(byte)))"
    }

    /// The run of letters, digits and `_` starting at `index` (at most 20 characters), for messages.
    func word(at index: Int) -> String {
        var end = index
        while end < bytes.count, end - index < 20, isWordByte(bytes[end]) { end += 1 }
        if end == index { return describeByte(at: index) }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[index..<end]), as: UTF8.self)
    }

    /// The escaped character for an invalid-escape message.
    func describeEscaped(_ byte: UInt8) -> String {
        byte >= 0x21 && byte < 0x7F ? String(Character(Unicode.Scalar(byte))) : "x" + String(byte, radix: 16)
    }

    /// ASCII letters, digits and `_`.
    func isWordByte(_ byte: UInt8) -> Bool {
        isDigit(byte) || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
            || byte == UInt8(ascii: "_")
    }

    /// ASCII digits.
    func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    /// The value of a hexadecimal digit.
    func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// Four uppercase hexadecimal digits.
    func hex(_ value: UInt16) -> String {
        String(value, radix: 16, uppercase: true).leftPadded(to: 4)
    }
}
