import Foundation

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// The trace's lines streamed over TCP to `sl-conformance device-pass --listen`, as they are
/// written: the first line presents the pass's token (`{"token": ...}`, printed by the harness),
/// then every trace line follows. The harness sends `{"checkpoint": "LABEL"}` when the tester
/// confirms a step; the recorder then takes a checkpoint under that label.
///
///     #if DEBUG
///     let stream = try TraceStream.connect(host: "192.168.1.20", port: 7361, token: "…", recorder: recorder)
///     #endif
public final class TraceStream: @unchecked Sendable {  // `descriptor` is written once; sends are serialised by `lock`
    /// Why the stream could not start.
    public struct Failure: Error, CustomStringConvertible, Sendable {
        /// What went wrong.
        public var description: String
    }

    private let descriptor: Int32
    private let lock = NSLock()
    private var closed = false

    private init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    /// Connects to the harness, presents `token`, sends the lines written so far and every later one,
    /// and answers the harness's checkpoint requests with `recorder`. Blocks while it connects: call
    /// it off the main thread.
    public static func connect(host: String, port: UInt16, token: String, recorder: SessionRecorder) throws -> TraceStream {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        #if canImport(Glibc)
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        #else
        hints.ai_socktype = SOCK_STREAM
        #endif
        var found: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, String(port), &hints, &found) == 0, let first = found else { throw Failure(description: "cannot resolve \(host)") }
        defer { freeaddrinfo(first) }
        var entry: UnsafeMutablePointer<addrinfo>? = first
        while let address = entry {
            entry = address.pointee.ai_next
            let fd = socket(address.pointee.ai_family, address.pointee.ai_socktype, address.pointee.ai_protocol)
            guard fd >= 0 else { continue }
            #if canImport(Darwin)
            var one: Int32 = 1
            _ = setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &one, socklen_t(MemoryLayout<Int32>.size))
            #endif
            #if canImport(Darwin)
            let connected = Darwin.connect(fd, address.pointee.ai_addr, address.pointee.ai_addrlen) == 0
            #else
            let connected = Glibc.connect(fd, address.pointee.ai_addr, address.pointee.ai_addrlen) == 0
            #endif
            guard connected else {
                close(fd)
                continue
            }
            let stream = TraceStream(descriptor: fd)
            let hello = try JSONSerialization.data(withJSONObject: ["token": token, "passID": recorder.header.passID], options: [.sortedKeys])
            stream.send(String(decoding: hello, as: UTF8.self))
            recorder.attach { [weak stream] line in stream?.send(line) }
            let reader = Thread { stream.readRequests(recorder: recorder) }
            reader.name = "SingleLoginRecorder.TraceStream"
            reader.start()
            return stream
        }
        throw Failure(description: "cannot connect to \(host):\(port): \(String(cString: strerror(errno)))")
    }

    /// Sends one line; after the harness went away, nothing.
    func send(_ line: String) {
        lock.lock()
        defer { lock.unlock() }
        guard !closed else { return }
        let bytes = Array((line + "\n").utf8)
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { buffer in
                #if canImport(Glibc)
                Glibc.send(descriptor, buffer.baseAddress, buffer.count, Int32(MSG_NOSIGNAL))
                #else
                Darwin.send(descriptor, buffer.baseAddress, buffer.count, 0)
                #endif
            }
            guard count > 0 else {
                closed = true
                return
            }
            sent += count
        }
    }

    /// Reads the harness's requests until it closes the connection (on the stream's own thread).
    private func readRequests(recorder: SessionRecorder) {
        var pending: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            pending += buffer[0..<count]
            while let end = pending.firstIndex(of: UInt8(ascii: "\n")) {
                let line = Data(pending[..<end])
                pending.removeSubrange(...end)
                guard let request = try? JSONSerialization.jsonObject(with: line) as? [String: String], let label = request["checkpoint"] else { continue }
                // The reader must keep reading while the checkpoint observes the app (on the main
                // actor, for the accessibility walk): the checkpoint runs as a task of its own, and its
                // line reaches the harness through the sink.
                Task { await recorder.checkpoint(label: label) }
            }
        }
        lock.lock()
        closed = true
        lock.unlock()
        close(descriptor)
    }
}
