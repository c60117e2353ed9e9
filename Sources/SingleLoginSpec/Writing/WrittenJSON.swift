/// A JSON value being written, with its members in the order they are given.
package enum WrittenJSON {
    case object([(String, WrittenJSON)])
    case array([WrittenJSON])
    case string(String)
    case integer(Int)
    case bool(Bool)
    case null

    /// The value as text indented by two spaces a level, as `specs/single-login.json` is written.
    func rendered() -> String {
        var out = ""
        render(into: &out, indent: "")
        return out
    }

    private func render(into out: inout String, indent: String) {
        switch self {
        case .object(let members):
            guard !members.isEmpty else { out += "{}"; return }
            out += "{\n"
            let inner = indent + "  "
            for (index, (key, value)) in members.enumerated() {
                out += inner
                Self.quote(key, into: &out)
                out += ": "
                value.render(into: &out, indent: inner)
                out += index == members.count - 1 ? "\n" : ",\n"
            }
            out += indent + "}"
        case .array(let elements):
            guard !elements.isEmpty else { out += "[]"; return }
            out += "[\n"
            let inner = indent + "  "
            for (index, element) in elements.enumerated() {
                out += inner
                element.render(into: &out, indent: inner)
                out += index == elements.count - 1 ? "\n" : ",\n"
            }
            out += indent + "]"
        case .string(let text): Self.quote(text, into: &out)
        case .integer(let value): out += String(value)
        case .bool(let value): out += value ? "true" : "false"
        case .null: out += "null"
        }
    }

    /// RFC 8259 string escaping: quotes, backslashes and control characters. Every JSON this
    /// package writes by hand quotes its strings here (the specs it writes, the backend's tokens).
    package static func quote(_ text: String, into out: inout String) {
        out += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
    }
}
