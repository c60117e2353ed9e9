import Foundation
import SingleLoginAdapter

/// The fake adapter's end of the wire: blocking, single-threaded, line by line.
final class FakeWire {
    private var nextId = 1
    /// Called before each broker request is sent, with its 1-based number; may misbehave instead.
    var beforeCall: (Int, String) -> String = { _, method in method }
    /// Called after each broker request is sent, before its answer is read.
    var afterSend: (Int) -> Void = { _ in }
    private var callCount = 0

    /// The next message from the harness; nil at end of input. Lines that are not JSON are skipped.
    func readMessage() -> WireMessage? {
        while let line = readLine(strippingNewline: true) {
            if let message = try? WireCodec.decoder.decode(WireMessage.self, from: Data(line.utf8)) { return message }
            log("ignoring a line that is not JSON-RPC: \(line.prefix(80))")
        }
        return nil
    }

    /// Writes a message and its newline, `times` times in one write.
    func write(_ message: WireMessage, times: Int = 1) {
        guard var line = try? message.encodedLine() else { return }
        line.append(0x0A)
        writeRaw(Data(Array(repeating: line, count: times).joined()))
    }

    /// Writes bytes as they are (no newline added) and flushes.
    func writeRaw(_ data: Data) {
        data.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = Foundation.write(1, buffer.baseAddress! + offset, buffer.count - offset)
                if written <= 0 { if errno == EINTR { continue }; exit(70) }
                offset += written
            }
        }
    }

    /// Sends a request to the harness and reads until its answer; a JSON-RPC error is thrown.
    func call(_ method: String, _ params: JSONValue = .object([])) throws -> JSONValue {
        callCount += 1
        let sentMethod = beforeCall(callCount, method)
        let id = nextId
        nextId += 1
        write(.request(id: id, method: sentMethod, params: params))
        afterSend(callCount)
        while let message = readMessage() {
            guard !message.isRequest, case .number(let number)? = message.id, Int(number) == id else {
                log("unexpected message while waiting for answer \(id): \(message.method ?? "a response")")
                continue
            }
            if let error = message.error { throw error.msalError ?? error }
            return message.result ?? .null
        }
        log("stdin closed while waiting for answer \(id); exiting")
        exit(0)
    }
}

/// Writes one line to stderr, the adapter's log.
func log(_ text: String) {
    FileHandle.standardError.write(Data("sl-fake-adapter[\(getpid())]: \(text)\n".utf8))
}
