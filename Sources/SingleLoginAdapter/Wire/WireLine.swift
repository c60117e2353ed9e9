import Foundation

/// Builds wire lines byte by byte, each exactly as ``WireCodec/encoder`` would write it (keys
/// sorted, no spaces) and with its newline, without encoding the envelope again per message.
///
/// Only the part that varies (the params, the result, the error) goes through the encoder;
/// the envelope around it is a few fixed bytes and the id.
public enum WireLine {
    /// `{"id":ID,"jsonrpc":"2.0","method":"METHOD","params":PARAMS}` and a newline.
    ///
    /// `method` must be plain ASCII with no quote or backslash (every method of the protocol is).
    public static func request(id: Int, method: String, params: some Collection<UInt8>) -> [UInt8] {
        var line: [UInt8] = []
        line.reserveCapacity(48 + method.utf8.count + params.count)
        line.append(contentsOf: idPrefix)
        appendInteger(id, to: &line)
        line.append(contentsOf: methodInfix)
        line.append(contentsOf: method.utf8)
        line.append(contentsOf: paramsInfix)
        line.append(contentsOf: params)
        line.append(contentsOf: closingLine)
        return line
    }

    /// `{"id":ID,"jsonrpc":"2.0","result":RESULT}` and a newline; `id` is the request's id as it was written.
    public static func response(id: some Collection<UInt8>, result: some Collection<UInt8>) -> [UInt8] {
        line(idPrefix, id, resultInfix, result, closingLine)
    }

    /// `{"error":ERROR,"id":ID,"jsonrpc":"2.0"}` and a newline; `id` is the request's id as written, or `null`.
    public static func failure(id: some Collection<UInt8>, error: WireError) -> [UInt8] {
        let encoded = (try? WireCodec.encoder.encode(error)) ?? Data(#"{"code":-32603,"message":"unencodable error"}"#.utf8)
        return line(errorPrefix, encoded, errorIdInfix, id, errorClosing)
    }

    /// The bytes of `null`, for failures that answer no particular request.
    public static let nullId: [UInt8] = Array("null".utf8)

    /// `{}`, for empty params and results.
    public static let emptyObject: [UInt8] = [UInt8(ascii: "{"), UInt8(ascii: "}")]

    /// A value encoded for the wire, as bytes.
    public static func encode(_ value: some Encodable) throws -> [UInt8] {
        [UInt8](try WireCodec.encoder.encode(value))
    }

    /// `id` as decimal digits.
    public static func digits(_ id: Int) -> [UInt8] {
        var bytes: [UInt8] = []
        appendInteger(id, to: &bytes)
        return bytes
    }

    /// `opening`, `first`, `infix`, `second` and `closing` in one array whose capacity is reserved once.
    private static func line(
        _ opening: [UInt8], _ first: some Collection<UInt8>, _ infix: [UInt8], _ second: some Collection<UInt8>, _ closing: [UInt8]
    ) -> [UInt8] {
        var line: [UInt8] = []
        line.reserveCapacity(opening.count + first.count + infix.count + second.count + closing.count)
        line.append(contentsOf: opening)
        line.append(contentsOf: first)
        line.append(contentsOf: infix)
        line.append(contentsOf: second)
        line.append(contentsOf: closing)
        return line
    }

    private static func appendInteger(_ value: Int, to line: inout [UInt8]) {
        if value < 0 {
            line.append(UInt8(ascii: "-"))
            appendInteger(-value, to: &line)
            return
        }
        if value >= 10 { appendInteger(value / 10, to: &line) }
        line.append(UInt8(ascii: "0") + UInt8(value % 10))
    }

    private static let idPrefix: [UInt8] = Array(#"{"id":"#.utf8)
    private static let methodInfix: [UInt8] = Array(#","jsonrpc":"2.0","method":""#.utf8)
    private static let paramsInfix: [UInt8] = Array(#"","params":"#.utf8)
    private static let resultInfix: [UInt8] = Array(#","jsonrpc":"2.0","result":"#.utf8)
    private static let closingLine: [UInt8] = [UInt8(ascii: "}"), 0x0A]
    private static let errorPrefix: [UInt8] = Array(#"{"error":"#.utf8)
    private static let errorIdInfix: [UInt8] = Array(#","id":"#.utf8)
    private static let errorClosing: [UInt8] = Array(#","jsonrpc":"2.0"}"#.utf8) + [0x0A]
}
