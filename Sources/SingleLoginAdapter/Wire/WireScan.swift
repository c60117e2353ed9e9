/// The top-level members of one JSON-RPC line, found in one pass over its bytes without
/// decoding any value.
///
/// Both ends route a line by its `id`, `method`, `result`, `error` and `params`; only the one
/// value the receiver wants (an observation, a token request's params) is then decoded, once,
/// into its type. The scan checks the line's outer shape: one JSON object, balanced brackets,
/// terminated strings, nothing after it; a value's own syntax is checked when it is decoded.
public struct WireScan: Sendable, Equatable {
    /// Whether the line says `"jsonrpc":"2.0"`.
    public var isJSONRPC2 = false
    /// The bytes of the `id` value (a number, a string with its quotes, or `null`), if present.
    public var id: Range<Int>?
    /// The bytes of the `method` value, with its quotes, if present.
    public var method: Range<Int>?
    /// The bytes of the `params` value, if present.
    public var params: Range<Int>?
    /// The bytes of the `result` value, if present.
    public var result: Range<Int>?
    /// The bytes of the `error` value, if present.
    public var error: Range<Int>?

    private init() {}

    /// Scans `line` (one message, without its newline); nil when it is not a single JSON object.
    public init?(_ line: UnsafeRawBufferPointer) {
        var scan = WireScan()
        var scanner = JSONScanner(line)
        do throws(JSONSyntaxError) {
            _ = try scanner.readObject { (key: JSONScanner.Key, scanner: inout JSONScanner) throws(JSONSyntaxError) -> Bool in
                let value = try scanner.skipValue()
                switch key {
                case "id": scan.id = value
                case "method": scan.method = value
                case "result": scan.result = value
                case "params": scan.params = value
                case "error": scan.error = value
                case "jsonrpc": scan.isJSONRPC2 = line[value].elementsEqual(Self.version)
                default: break
                }
                return true
            }
        } catch {
            return nil
        }
        guard scanner.isAtEnd() else { return nil }
        self = scan
    }

    /// Scans a line held in an array.
    public init?(_ line: [UInt8]) {
        guard let scan = line.withUnsafeBytes({ WireScan($0) }) else { return nil }
        self = scan
    }

    /// Whether the line is a request or notification (it has a method).
    public var isRequest: Bool { method != nil }

    /// The method's name, if it is a plain string.
    public func methodName(in line: [UInt8]) -> String? {
        method.flatMap { Self.string(line, $0) }
    }

    /// The id as an integer, when it is one.
    public func integerId(in line: [UInt8]) -> Int? {
        guard let id else { return nil }
        return Self.integer(line, id)
    }

    private static let version: [UInt8] = Array("\"2.0\"".utf8)

    /// The string value at `range` of `bytes`, unescaped; nil when it is not a string.
    package static func string(_ bytes: [UInt8], _ range: Range<Int>) -> String? {
        bytes[range].withUnsafeBytes { raw in
            var scanner = JSONScanner(raw)
            guard let text = try? scanner.readString(), scanner.isAtEnd() else { return nil }
            return text
        }
    }

    /// Where the value of member `key` is in the object at `range` of `bytes` (offsets into `bytes`), if it has one.
    package static func member(_ key: String, inObject range: Range<Int>, of bytes: [UInt8]) -> Range<Int>? {
        bytes[range].withUnsafeBytes { raw in
            var scanner = JSONScanner(raw)
            var found: Range<Int>?
            _ = try? scanner.readObject { (name: JSONScanner.Key, scanner: inout JSONScanner) throws(JSONSyntaxError) -> Bool in
                let value = try scanner.skipValue()
                guard name == key else { return true }
                found = (value.lowerBound + range.lowerBound)..<(value.upperBound + range.lowerBound)
                return false
            }
            return found
        }
    }

    /// The integer value at `range`, when it is a whole number.
    static func integer(_ bytes: [UInt8], _ range: Range<Int>) -> Int? {
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
