/// The start line and header fields of an HTTP/1.1 message, parsed from bytes.
struct HTTPHead: Sendable {
    /// The start line's three parts: method, target, version for a request; version, status, reason for a response.
    var startLine: [String]
    /// The header fields in order.
    var headers: [HTTPHeader]
    /// How many bytes the head took, blank line included.
    var byteCount: Int

    /// The head at the start of `bytes`, or nil while its blank line has not arrived.
    ///
    /// Throws when the head is not HTTP (a bad start line or a field without a colon).
    static func parse(_ bytes: [UInt8]) throws(HTTPHeadError) -> HTTPHead? {
        guard let end = endOfHead(bytes) else { return nil }
        let text = String(decoding: bytes[0..<end], as: UTF8.self)
        var lines = text.components(separatedBy: "\r\n")
        guard !lines.isEmpty else { throw HTTPHeadError(description: "empty head") }
        let start = lines.removeFirst().split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false).map(String.init)
        guard start.count >= 2 else { throw HTTPHeadError(description: "bad start line '\(lines.first ?? "")'") }
        var headers: [HTTPHeader] = []
        for line in lines where !line.isEmpty {
            guard let colon = line.firstIndex(of: ":") else { throw HTTPHeadError(description: "header line without a colon: '\(line.prefix(80))'") }
            headers.append(HTTPHeader(String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)))
        }
        return HTTPHead(startLine: start, headers: headers, byteCount: end + 4)
    }

    /// The index of the `\r\n\r\n` that ends the head.
    static func endOfHead(_ bytes: [UInt8]) -> Int? {
        guard bytes.count >= 4 else { return nil }
        for index in 0...(bytes.count - 4) where bytes[index] == 13 && bytes[index + 1] == 10 && bytes[index + 2] == 13 && bytes[index + 3] == 10 {
            return index
        }
        return nil
    }

    /// The first header named `name` (case-insensitive).
    func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }
}

import Foundation
