extension JSONValue {
    /// Compact JSON (no spaces), members in order, strings escaped as `JSONEncoder` escapes them.
    public var compact: String { text(indent: nil) }

    /// JSON with two-space indentation and `": "`, as `specs/single-login.json` is written.
    public var pretty: String { text(indent: "  ") }

    private func text(indent: String?) -> String {
        var out: [UInt8] = []
        write(into: &out, indent: indent.map { Array($0.utf8) }, level: 0)
        return String(decoding: out, as: UTF8.self)
    }

    private func write(into out: inout [UInt8], indent: [UInt8]?, level: Int) {
        switch self {
        case .null: out += "null".utf8
        case .bool(let value): out += (value ? "true" : "false").utf8
        case .number(let value): out += (wholeNumber.map(String.init) ?? String(value)).utf8
        case .string(let value): JSONStringEscaper.append(value, to: &out)
        case .array(let elements):
            writeContainer(UInt8(ascii: "["), UInt8(ascii: "]"), count: elements.count, into: &out, indent: indent, level: level) { index, out in
                elements[index].write(into: &out, indent: indent, level: level + 1)
            }
        case .object(let members):
            writeContainer(UInt8(ascii: "{"), UInt8(ascii: "}"), count: members.count, into: &out, indent: indent, level: level) { index, out in
                JSONStringEscaper.append(members[index].key, to: &out)
                out += indent == nil ? ":".utf8 : ": ".utf8
                members[index].value.write(into: &out, indent: indent, level: level + 1)
            }
        }
    }

    private func writeContainer(
        _ open: UInt8, _ close: UInt8, count: Int, into out: inout [UInt8], indent: [UInt8]?, level: Int, element: (Int, inout [UInt8]) -> Void
    ) {
        out.append(open)
        defer { out.append(close) }
        guard count > 0 else { return }
        for index in 0..<count {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            if let indent { newline(&out, indent, level + 1) }
            element(index, &out)
        }
        if let indent { newline(&out, indent, level) }
    }

    private func newline(_ out: inout [UInt8], _ indent: [UInt8], _ level: Int) {
        out.append(0x0A)
        for _ in 0..<level { out += indent }
    }
}
