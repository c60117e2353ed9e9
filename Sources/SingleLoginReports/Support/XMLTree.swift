import Foundation

/// A small, strict, non-validating XML 1.0 reader: enough to read JUnit reports back for `merge`.
///
/// It replaces FoundationXML, which links the system's libxml2 (and through it ICU, zlib and
/// liblzma): without it the release binary, statically linked against the Swift runtime, needs
/// nothing but the C and C++ runtimes on any Linux. It reads elements, attributes (either quote),
/// character data, the five predefined entities and character references, CDATA sections,
/// comments, processing instructions and a DOCTYPE without an internal subset; it refuses
/// anything else, a truncated document, and mismatched tags, with the line of the problem.
/// Carriage returns are normalised to line feeds in text, as XML requires.
struct XMLTree: Sendable {
    /// One element: its name, attributes, child elements and the text directly inside it.
    struct Element: Sendable {
        /// Its name, e.g. `testcase`.
        var name: String
        /// Its attributes in document order, each name once (values unescaped, whitespace normalised
        /// as XML requires). A list, not a dictionary: an element has a handful, and a report of
        /// 100,000 test cases would hash every name twice.
        var attributes: [(name: String, value: String)]
        /// Its child elements, in order.
        var children: [Element]
        /// The character data directly inside it (not its children's), concatenated.
        var text: String

        /// The value of attribute `name`, or nil.
        func attribute(_ name: String) -> String? { attributes.first { $0.name == name }?.value }

        /// The children named `name`, in order.
        func elements(named name: String) -> [Element] { children.filter { $0.name == name } }

        /// The first child named `name`, or nil (no array made, unlike ``elements(named:)``).
        func firstElement(named name: String) -> Element? { children.first { $0.name == name } }
    }

    /// Why a document could not be read.
    struct Failure: Error, Equatable, CustomStringConvertible {
        /// The line (from 1) where the problem is.
        var line: Int
        /// What is wrong.
        var message: String

        /// `line 3: mismatched end tag`.
        var description: String { "line \(line): \(message)" }
    }

    /// The root element.
    var root: Element

    /// Reads a whole document from UTF-8 bytes.
    init(parsing bytes: [UInt8]) throws(Failure) {
        root = try bytes.withUnsafeBufferPointer { (buffer) throws(Failure) in
            var reader = Reader(bytes: buffer)
            return try reader.document()
        }
    }

    /// Reads a whole document from UTF-8 bytes, in place (a report is read without a copy).
    init(parsing data: Data) throws(Failure) {
        let parsed = data.withUnsafeBytes { raw in
            Result { () throws(Failure) in
                var reader = Reader(bytes: raw.bindMemory(to: UInt8.self))
                return try reader.document()
            }
        }
        root = try parsed.get()
    }

    /// The byte-level reader, over bytes that outlive it (each byte is read several times, so
    /// without an array's bounds checks and reference counting).
    private struct Reader {
        let bytes: UnsafeBufferPointer<UInt8>
        var index = 0
        var line = 1

        init(bytes: UnsafeBufferPointer<UInt8>) {
            self.bytes = bytes
            // A UTF-8 byte order mark is allowed before the prolog.
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
        }

        func fail(_ message: String) -> Failure { Failure(line: line, message: message) }

        var atEnd: Bool { index >= bytes.count }

        // Markup is matched against static strings byte by byte, with nothing allocated: a report of
        // 100,000 test cases asks this millions of times.
        func peek(_ text: StaticString) -> Bool {
            let count = text.utf8CodeUnitCount
            guard bytes.count - index >= count else { return false }
            return text.withUTF8Buffer { pattern in
                for offset in 0..<count where bytes[index + offset] != pattern[offset] { return false }
                return true
            }
        }

        mutating func advance(_ count: Int = 1) {
            for _ in 0..<count where index < bytes.count {
                if bytes[index] == 0x0A { line += 1 }
                index += 1
            }
        }

        mutating func expect(_ text: StaticString) throws(Failure) {
            guard peek(text) else { throw fail(atEnd ? "the document ends early (truncated?): expected '\(text)'" : "expected '\(text)'") }
            advance(text.utf8CodeUnitCount)
        }

        mutating func skipSpace() {
            while !atEnd {
                let byte = bytes[index]
                guard byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D else { return }
                advance()
            }
        }

        /// Skips to just after `terminator`, or fails at the end.
        mutating func skip(past terminator: StaticString, what: String) throws(Failure) {
            let start = line
            while !atEnd {
                if peek(terminator) { advance(terminator.utf8CodeUnitCount); return }
                advance()
            }
            throw Failure(line: start, message: "the document ends inside a \(what) (truncated?)")
        }

        /// Comments, processing instructions, a DOCTYPE and white space between markup.
        mutating func miscellany(allowDoctype: Bool) throws(Failure) {
            while true {
                skipSpace()
                if peek("<!--") {
                    try skip(past: "-->", what: "comment")
                } else if peek("<?") {
                    try skip(past: "?>", what: "processing instruction")
                } else if allowDoctype, peek("<!DOCTYPE") {
                    let start = index
                    try skip(past: ">", what: "DOCTYPE")
                    if bytes[start..<index].contains(UInt8(ascii: "[")) { throw fail("a DOCTYPE with an internal subset is not supported") }
                } else {
                    return
                }
            }
        }

        mutating func document() throws(Failure) -> Element {
            try miscellany(allowDoctype: true)
            guard !atEnd else { throw fail("no XML element found") }
            guard peek("<") else { throw fail("text before the root element") }
            let root = try element()
            try miscellany(allowDoctype: false)
            guard atEnd else { throw fail("content after the root element") }
            return root
        }

        mutating func name() throws(Failure) -> String {
            let start = index
            while !atEnd {
                let byte = bytes[index]
                let isNameByte =
                    byte >= 0x80 || (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                    || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ":") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
                guard isNameByte else { break }
                advance()
            }
            guard index > start else { throw fail(atEnd ? "the document ends early (truncated?)" : "expected a name") }
            return string(in: start..<index)
        }

        /// An element starting at `<`, through its end tag.
        mutating func element() throws(Failure) -> Element {
            try expect("<")
            let elementName = try name()
            var attributes: [(name: String, value: String)] = []
            while true {
                skipSpace()
                if peek("/>") {
                    advance(2)
                    return Element(name: elementName, attributes: attributes, children: [], text: "")
                }
                if peek(">") { advance(); break }
                guard !atEnd else { throw fail("the document ends inside the tag <\(elementName)> (truncated?)") }
                let attributeName = try name()
                skipSpace()
                try expect("=")
                skipSpace()
                guard !atEnd, bytes[index] == 0x22 || bytes[index] == 0x27 else { throw fail("expected a quoted value for '\(attributeName)'") }
                let quote = bytes[index]
                advance()
                var value = ""
                while true {
                    guard !atEnd else { throw fail("the document ends inside an attribute value (truncated?)") }
                    let byte = bytes[index]
                    if byte == quote { advance(); break }
                    if byte == UInt8(ascii: "<") { throw fail("'<' in the value of '\(attributeName)'") }
                    if byte == UInt8(ascii: "&") { value += try reference(); continue }
                    if byte == 0x09 || byte == 0x0A || byte == 0x0D {
                        // Attribute-value normalisation: a line end or tab is one space (CR LF is one line end).
                        advance(byte == 0x0D && index + 1 < bytes.count && bytes[index + 1] == 0x0A ? 2 : 1)
                        value += " "
                        continue
                    }
                    value += run { $0 == quote || $0 == 0x3C || $0 == 0x26 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }.text
                }
                guard !attributes.contains(where: { $0.name == attributeName }) else { throw fail("attribute '\(attributeName)' appears twice") }
                attributes.append((attributeName, value))
            }
            var children: [Element] = []
            var text = ""
            while true {
                guard !atEnd else { throw fail("the document ends before </\(elementName)> (truncated?)") }
                if peek("</") {
                    advance(2)
                    let closing = try name()
                    guard closing == elementName else { throw fail("</\(closing)> closes <\(elementName)>") }
                    skipSpace()
                    try expect(">")
                    return Element(name: elementName, attributes: attributes, children: children, text: text)
                }
                if peek("<!--") { try skip(past: "-->", what: "comment"); continue }
                if peek("<?") { try skip(past: "?>", what: "processing instruction"); continue }
                if peek("<![CDATA[") {
                    advance(9)
                    let start = index
                    try skip(past: "]]>", what: "CDATA section")
                    let section = start..<index - 3
                    text += Self.normalisingNewlines(string(in: section), hasCarriageReturn: bytes[section].contains(0x0D))
                    continue
                }
                if peek("<") { children.append(try element()); continue }
                if bytes[index] == UInt8(ascii: "&") { text += try reference(); continue }
                let (characters, hasCarriageReturn) = run { $0 == 0x3C || $0 == 0x26 }
                text += Self.normalisingNewlines(characters, hasCarriageReturn: hasCarriageReturn)
            }
        }

        /// Bytes up to (not including) the first for which `isStop` holds, as text, and whether a
        /// carriage return is among them (so that text without one is not searched again).
        mutating func run(until isStop: (UInt8) -> Bool) -> (text: String, hasCarriageReturn: Bool) {
            let start = index
            var hasCarriageReturn = false
            while index < bytes.count {
                let byte = bytes[index]
                if isStop(byte) { break }
                if byte == 0x0A { line += 1 } else if byte == 0x0D { hasCarriageReturn = true }
                index += 1
            }
            return (string(in: start..<index), hasCarriageReturn)
        }

        /// The bytes in `range` as text.
        func string(in range: Range<Int>) -> String {
            String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
        }

        /// `&lt;`, `&#10;`, `&#x1F;`... at `&`.
        mutating func reference() throws(Failure) -> String {
            try expect("&")
            let start = index
            while !atEnd, bytes[index] != UInt8(ascii: ";"), index - start < 12 { advance() }
            guard !atEnd, bytes[index] == UInt8(ascii: ";") else { throw fail("an unterminated entity reference") }
            let body = string(in: start..<index)
            advance()
            switch body {
            case "lt": return "<"
            case "gt": return ">"
            case "amp": return "&"
            case "quot": return "\""
            case "apos": return "'"
            default:
                var digits = Substring(body)
                guard digits.hasPrefix("#") else { throw fail("unknown entity '&\(body);'") }
                digits = digits.dropFirst()
                let radix = digits.hasPrefix("x") ? 16 : 10
                if radix == 16 { digits = digits.dropFirst() }
                guard let value = UInt32(digits, radix: radix), let scalar = Unicode.Scalar(value) else {
                    throw fail("invalid character reference '&\(body);'")
                }
                return String(Character(scalar))
            }
        }

        /// `\r\n` and lone `\r` as `\n`.
        static func normalisingNewlines(_ text: String, hasCarriageReturn: Bool) -> String {
            guard hasCarriageReturn else { return text }
            return text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
        }
    }
}
