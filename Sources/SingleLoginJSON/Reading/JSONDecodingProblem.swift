/// Where and why a `Decodable` refused a JSON document, as the spec's diagnostics say it: the
/// line and column of the value, its JSON path and what was expected there. A decoder names only
/// a coding path and a Swift type; this finds the value in the document to say where it is and
/// what it holds.
public struct JSONDecodingProblem: Hashable, Sendable, CustomStringConvertible {
    /// Where the value is; nil when the coding path leads to no value in the document.
    public var position: JSONPosition?
    /// The JSON path of the value, e.g. `$.confirmations[1].step`.
    public var path: String
    /// What is wrong, e.g. `expected an integer, found a string ("x")`.
    public var message: String
    /// How to fix it, when the problem itself says (a syntax error's fix).
    public var fix: String?
    /// The value found, when it is a string: what a closed set's "did you mean" starts from.
    public var foundString: String?
    /// Whether the bytes are not JSON at all (a syntax error), rather than JSON of another shape.
    public var isSyntaxError: Bool

    /// `line:column: message (at path)`, or without the position when there is none.
    public var description: String {
        (position.map { "\($0): " } ?? "") + "\(message) (at \(path))"
    }

    /// The problem `error` (a decoder's, over `bytes`) stands for: a syntax error of `bytes` when
    /// they do not parse, else the decoding error placed in the document.
    public init(_ error: any Error, in bytes: [UInt8]) {
        let root: JSONNode
        do { root = try JSONParser().parseDocument(bytes).root } catch {
            self.init(position: error.position, path: error.path, message: error.message, fix: error.fix)
            isSyntaxError = true
            return
        }
        guard let decoding = error as? DecodingError else {
            self.init(position: nil, path: JSONPath.root, message: "\(error)")
            return
        }
        switch decoding {
        case .keyNotFound(let key, let context):
            self.init(
                position: root.node(at: context.codingPath)?.position, path: JSONPath.of(context.codingPath + [key]),
                message: "missing key '\(key.stringValue)'")
        case .typeMismatch(let type, let context), .valueNotFound(let type, let context):
            let node = root.node(at: context.codingPath)
            self.init(
                position: node?.position, path: JSONPath.of(context.codingPath),
                message: "expected \(Self.describe(type)), found \(node.map(Self.describe) ?? "nothing")", foundString: node?.string)
        case .dataCorrupted(let context):
            let node = root.node(at: context.codingPath)
            self.init(position: node?.position, path: JSONPath.of(context.codingPath), message: context.debugDescription, foundString: node?.string)
        @unknown default:
            self.init(position: nil, path: JSONPath.root, message: "\(decoding)")
        }
    }

    private init(position: JSONPosition?, path: String, message: String, fix: String? = nil, foundString: String? = nil) {
        self.position = position
        self.path = path
        self.message = message
        self.fix = fix
        self.foundString = foundString
        isSyntaxError = false
    }

    /// `an integer`, `a string`...: the JSON a Swift type is decoded from.
    static func describe(_ type: Any.Type) -> String {
        switch type {
        case is String.Type, is Character.Type: return "a string"
        case is Bool.Type: return "a boolean"
        case is Int.Type, is Int8.Type, is Int16.Type, is Int32.Type, is Int64.Type, is UInt.Type, is UInt8.Type, is UInt16.Type, is UInt32.Type,
            is UInt64.Type:
            return "an integer"
        case is Double.Type, is Float.Type: return "a number"
        default:
            let name = String(describing: type)
            if name.hasPrefix("Dictionary") || name.hasPrefix("[String") { return "an object" }
            if name.hasPrefix("Array") || name.hasPrefix("[") { return "an array" }
            return name
        }
    }

    /// `a string ("x")`, `an integer (3)`, `null`...: what was found, with a scalar's value.
    static func describe(_ node: JSONNode) -> String {
        switch node.value {
        case .string(let text): "a string (\"\(text)\")"
        case .number(let number): "\(node.kindDescription) (\(number.text))"
        case .bool(let value): "a boolean (\(value))"
        case .null, .array, .object: node.kindDescription
        }
    }
}

extension JSONNode {
    /// The value a decoder's `codingPath` leads to (an object's member by its key, an array's
    /// element by its index), or nil when there is none.
    public func node(at codingPath: [any CodingKey]) -> JSONNode? {
        var node = self
        for key in codingPath {
            switch node.value {
            case .object(let members):
                guard let member = members.first(where: { $0.key == key.stringValue }) else { return nil }
                node = member.value
            case .array(let elements):
                guard let index = key.intValue, elements.indices.contains(index) else { return nil }
                node = elements[index]
            case .null, .bool, .number, .string:
                return nil
            }
        }
        return node
    }

    /// The string it holds, if it is one.
    var string: String? {
        if case .string(let text) = value { text } else { nil }
    }
}
