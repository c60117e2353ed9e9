import Foundation

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

    /// Scans `line` (one message, without its newline); nil when it is not a single JSON object.
    public init?(_ line: UnsafeRawBufferPointer) {
        var scanner = WireObjectScanner(line)
        var found = false
        while let member = scanner.nextMember() {
            found = true
            let key = member.key
            if WireObjectScanner.equals(line, key, Self.idKey) {
                id = member.value
            } else if WireObjectScanner.equals(line, key, Self.methodKey) {
                method = member.value
            } else if WireObjectScanner.equals(line, key, Self.resultKey) {
                result = member.value
            } else if WireObjectScanner.equals(line, key, Self.paramsKey) {
                params = member.value
            } else if WireObjectScanner.equals(line, key, Self.errorKey) {
                error = member.value
            } else if WireObjectScanner.equals(line, key, Self.jsonrpcKey) {
                isJSONRPC2 = WireObjectScanner.equals(line, member.value, Self.version)
            }
        }
        guard scanner.finished, found || scanner.wasEmptyObject else { return nil }
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
        method.flatMap { WireObjectScanner.string(line, $0) }
    }

    /// The id as an integer, when it is one.
    public func integerId(in line: [UInt8]) -> Int? {
        guard let id else { return nil }
        return WireObjectScanner.integer(line, id)
    }

    private static let jsonrpcKey: [UInt8] = Array("jsonrpc".utf8)
    private static let idKey: [UInt8] = Array("id".utf8)
    private static let methodKey: [UInt8] = Array("method".utf8)
    private static let paramsKey: [UInt8] = Array("params".utf8)
    private static let resultKey: [UInt8] = Array("result".utf8)
    private static let errorKey: [UInt8] = Array("error".utf8)
    private static let version: [UInt8] = Array("\"2.0\"".utf8)
}
