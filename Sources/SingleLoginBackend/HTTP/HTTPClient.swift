import Foundation
import SingleLoginEvents
import SingleLoginTransport
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Sends one request to the backend on 127.0.0.1 and reads its reply, on a thread of its own.
///
/// Reading and writing are interleaved: a backend that answers early (413, 400) and closes
/// while a large request is still being sent has its reply read and kept, and the failed
/// send is noted beside it. Each exchange opens its own connection (`Connection: close`).
public enum HTTPClient {
    /// Reply body bytes kept for evidence.
    public static let keptBodyBytes = 64 << 10
    /// Reply bytes read at most (head and body), so that a flood cannot exhaust memory.
    public static let maximumReplyBytes = 4 << 20

    /// Sends `request` to 127.0.0.1:`port`; never throws, every failure is in the exchange.
    public static func send(_ request: HTTPRequest, port: UInt16, timeout: Duration) async -> HTTPExchange {
        await OffPool.run("backend-request") { exchange(request, port: port, timeout: timeout) }
    }

    /// The blocking exchange.
    static func exchange(_ request: HTTPRequest, port: UInt16, timeout: Duration) -> HTTPExchange {
        let clock = ContinuousClock()
        let started = clock.now
        let deadline = started + timeout
        func finish(_ reply: HTTPReply?, _ sendFailure: String?, _ failure: HTTPExchange.Failure?) -> HTTPExchange {
            HTTPExchange(request: request, reply: reply, sendFailure: sendFailure, failure: failure, elapsed: clock.now - started)
        }
        let fd: Int32
        switch Socket.connect(port: port, until: deadline) {
        case .success(let socket): fd = socket
        case .failure(let error): return finish(nil, nil, .connect(error.description))
        }
        defer { close(fd) }
        let outgoing = serialize(request, port: port)
        var sent = 0
        var sendFailure: String?
        var received: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        while true {
            do {
                if let reply = try parseReply(received) { return finish(reply, sendFailure, nil) }
            } catch {
                return finish(nil, sendFailure, .malformedReply("\(error): \(String(decoding: received.prefix(120), as: UTF8.self))"))
            }
            let writing = sent < outgoing.count && sendFailure == nil
            let events = Socket.wait(fd, for: Int16(POLLIN) | (writing ? Int16(POLLOUT) : 0), until: deadline)
            if events == 0 { return finish(nil, sendFailure, .timedOut(timeout)) }
            if events & Int16(POLLIN | POLLHUP | POLLERR) != 0 {
                let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
                if count < 0, errno == EINTR || errno == EAGAIN { continue }
                if count > 0 {
                    received.append(contentsOf: chunk[0..<count])
                    if received.count > maximumReplyBytes { return finish(nil, sendFailure, .malformedReply("a reply over \(maximumReplyBytes) bytes")) }
                    continue
                }
                // End of stream (or a reset): a reply that ends with the connection is complete now.
                if let reply = try? parseReply(received, atEnd: true) { return finish(reply, sendFailure, nil) }
                return finish(nil, sendFailure, .closedWithoutReply(receivedBytes: received.count))
            }
            if writing, events & Int16(POLLOUT) != 0 {
                let written = outgoing.withUnsafeBytes { POSIXSocket.send(fd, $0.baseAddress! + sent, $0.count - sent) }
                if written > 0 { sent += written; continue }
                if written < 0, errno == EINTR || errno == EAGAIN || errno == EWOULDBLOCK { continue }
                sendFailure = "the send failed after \(sent) of \(outgoing.count) bytes: \(String(cString: strerror(errno)))"
            }
        }
    }

    /// The request's bytes, with Host, Content-Length and `Connection: close`.
    static func serialize(_ request: HTTPRequest, port: UInt16) -> [UInt8] {
        var head = "\(request.method) \(request.target) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n"
        for header in request.headers { head += "\(header.name): \(header.value)\r\n" }
        head += "Content-Length: \(request.body.count)\r\nConnection: close\r\n\r\n"
        return Array(head.utf8) + request.body
    }

    /// A complete reply in `bytes`, nil while incomplete; throws when it is not HTTP.
    ///
    /// A body is complete at its Content-Length, at the end of a chunked body, or (without
    /// either) when the connection ends (`atEnd`).
    static func parseReply(_ bytes: [UInt8], atEnd: Bool = false) throws -> HTTPReply? {
        guard let head = try HTTPHead.parse(bytes) else {
            if atEnd, !bytes.isEmpty { throw HTTPHeadError(description: "incomplete head") }
            return nil
        }
        guard head.startLine[0].hasPrefix("HTTP/1."), let status = Int(head.startLine[1]), (100...599).contains(status) else {
            throw HTTPHeadError(description: "bad status line '\(head.startLine.joined(separator: " "))'")
        }
        let body = bytes[head.byteCount...]
        let reason = head.startLine.count > 2 ? head.startLine[2] : ""
        func reply(_ content: some Collection<UInt8>) -> HTTPReply {
            HTTPReply(status: status, reason: reason, headers: head.headers, body: Array(content.prefix(keptBodyBytes)), bodyByteCount: content.count)
        }
        if status == 204 || status == 304 || (100..<200).contains(status) { return reply([]) }
        if let length = head.header("Content-Length").flatMap({ Int($0) }) {
            guard body.count >= length else { return nil }
            return reply(body.prefix(length))
        }
        if head.header("Transfer-Encoding")?.lowercased().contains("chunked") == true {
            return try dechunk(Array(body)).map(reply)
        }
        return atEnd ? reply(body) : nil
    }

    /// A chunked body's content once its last chunk has arrived.
    static func dechunk(_ bytes: [UInt8]) throws -> [UInt8]? {
        var content: [UInt8] = []
        var index = 0
        while true {
            guard let lineEnd = (index..<max(index, bytes.count - 1)).first(where: { bytes[$0] == 13 && bytes[$0 + 1] == 10 }) else { return nil }
            let sizeText = String(decoding: bytes[index..<lineEnd], as: UTF8.self).split(separator: ";").first.map(String.init) ?? ""
            guard let size = Int(sizeText.trimmingCharacters(in: .whitespaces), radix: 16) else {
                throw HTTPHeadError(description: "bad chunk size '\(sizeText)'")
            }
            let start = lineEnd + 2
            if size == 0 { return content }
            guard bytes.count >= start + size + 2 else { return nil }
            content.append(contentsOf: bytes[start..<(start + size)])
            index = start + size + 2
        }
    }
}
