/// A strict RFC 8259 JSON parser over UTF-8 bytes that keeps the line and column of every value and key.
///
/// It rejects what Foundation's reader lets through: duplicate keys, trailing commas, comments,
/// `NaN`/`Infinity`, leading zeros, bad escapes, lone surrogates, raw control characters in
/// strings, invalid UTF-8, a byte order mark, and content after the top-level value. Nesting is
/// capped (``defaultMaximumDepth``) so that no input can overflow the stack.
public struct JSONParser: Sendable {
    /// The default nesting limit for arrays and objects.
    public static let defaultMaximumDepth = 512

    /// The deepest nesting of arrays and objects accepted.
    public var maximumDepth: Int

    /// Creates a parser.
    public init(maximumDepth: Int = JSONParser.defaultMaximumDepth) {
        self.maximumDepth = maximumDepth
    }

    /// A parsed document: the root value and any duplicate keys found (the first occurrence is kept).
    public struct Document: Hashable, Sendable {
        /// The top-level value.
        public var root: JSONNode
        /// Keys that appeared more than once in one object, in file order.
        public var duplicateKeys: [JSONDuplicateKey]
    }

    /// Parses `bytes`, throwing on the first syntax error or duplicate key.
    public func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONNode {
        let document = try parseDocument(bytes)
        if let duplicate = document.duplicateKeys.first {
            throw JSONSyntaxError(
                message: "duplicate key '\(duplicate.key)' (first at line \(duplicate.firstPosition.line), column \(duplicate.firstPosition.column))",
                fix: "remove one of the two '\(duplicate.key)' entries", position: duplicate.position, path: duplicate.objectPath)
        }
        return document.root
    }

    /// Parses `bytes`, throwing on the first syntax error and reporting duplicate keys in the document instead.
    public func parseDocument(_ bytes: [UInt8]) throws(JSONSyntaxError) -> Document {
        let result: Result<Document, JSONSyntaxError> = bytes.withUnsafeBufferPointer { buffer in
            var scanner = JSONScanner(bytes: buffer, maximumDepth: maximumDepth)
            do throws(JSONSyntaxError) {
                return .success(try scanner.parseDocument())
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }
}
