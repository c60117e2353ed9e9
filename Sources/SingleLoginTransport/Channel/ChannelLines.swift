import SingleLoginAdapter
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The byte-level half every line channel shares: the peer's output read a chunk at a time and
/// split into lines, and the loop that writes a whole line through a descriptor that may be full.
///
/// ``ProcessChannel`` and ``SocketChannel`` differ only in their descriptors and in what they
/// wait on, so each passes its own read, write and wait, and the rules live here once.
final class ChannelLines {
    private var splitter: WireLineSplitter
    /// Whether the peer's output may still hold bytes: false once a read met its end or a failure.
    private(set) var isOpen = true
    /// The buffer each read fills; between fills, a channel may read other output into it (a process's stderr).
    let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 << 10, alignment: 1)

    /// Lines longer than `maximumLineLength` are refused.
    init(maximumLineLength: Int) {
        splitter = WireLineSplitter(maximumLineLength: maximumLineLength)
    }

    deinit { chunk.deallocate() }

    /// Whether another complete line has already been read and waits.
    var hasCompleteLine: Bool { splitter.hasCompleteLine }
    /// Bytes read after the last newline, not yet a line.
    var partialLine: [UInt8] { splitter.partialLine }

    /// The next line already read, as a channel answers it; nil when none is complete yet.
    func next() -> ChannelReceiveOutcome? {
        switch splitter.nextLine() {
        case .text(let text): return .line(text)
        case .overlong(let length): return .overlong(length)
        case .unterminated(let text): return .unterminated(text)
        case nil: return nil
        }
    }

    /// One read of the peer's output with `read` (`read` or `recv` of at most the count into the
    /// pointer: the count read, 0 at the end, -1 with errno set): the bytes join the lines, and an
    /// end or a failure other than EAGAIN or EINTR ends the output.
    func fill(_ read: (UnsafeMutableRawPointer?, Int) -> Int) {
        let count = read(chunk.baseAddress, chunk.count)
        if count > 0 {
            splitter.append(UnsafeRawBufferPointer(rebasing: chunk[0..<count]))
        } else if count == 0 || (errno != EAGAIN && errno != EINTR) {
            isOpen = false
            splitter.finish()
        }
    }

    /// Writes all of `line` with `write` (one `write` or `send`: the count written, or -1 with
    /// errno set), calling `waitForRoom` whenever the peer's buffer is full: nil writes on, an
    /// outcome ends the send with it.
    static func send(
        _ line: [UInt8], write: (UnsafeRawPointer, Int) -> Int, waitForRoom: () -> ChannelSendOutcome?
    ) -> ChannelSendOutcome {
        var offset = 0
        return line.withUnsafeBytes { buffer -> ChannelSendOutcome in
            while offset < buffer.count {
                let written = write(buffer.baseAddress! + offset, buffer.count - offset)
                if written >= 0 {
                    offset += written
                    continue
                }
                if errno == EINTR { continue }
                guard errno == EAGAIN || errno == EWOULDBLOCK else { return .closed }
                if let ended = waitForRoom() { return ended }
            }
            return .written
        }
    }

}
