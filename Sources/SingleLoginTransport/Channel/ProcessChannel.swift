import Foundation
import SingleLoginAdapter
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A child process's pipes as a line channel: lines to its stdin, lines from its stdout, and
/// its stderr drained into a capped buffer whenever the channel waits, so a chatty adapter
/// never blocks on a full pipe.
///
/// No thread reads for it: each wait is one `poll` of stdout, stderr and the waker on the
/// session's own thread. A process that ends is noticed at once when its stdout closes, and
/// within ``exitPoll`` when a process it started still holds its stdout open.
public final class ProcessChannel: LineChannel {
    /// The process.
    public let process: ChildProcess
    /// What it wrote to stderr (the last ``StderrBuffer/capacity`` bytes): the process's buffer.
    public var stderr: StderrBuffer { process.stderr }
    /// Wakes a wait from another thread.
    public let waker = ChannelWaker()
    /// How often a wait looks at whether the process ended while something still holds its stdout.
    public static let exitPoll: Duration = .milliseconds(100)
    private let lines: ChannelLines
    private var stderrOpen = true
    private var exitSeenAt: ContinuousClock.Instant?

    /// A channel to `process`, refusing lines longer than `maximumLineLength`.
    public init(process: ChildProcess, maximumLineLength: Int = 16 << 20) {
        self.process = process
        lines = ChannelLines(maximumLineLength: maximumLineLength)
    }

    /// Starts `command` (with `/bin/sh -c`) and returns its channel.
    public convenience init(command: String, environment: [String: String] = [:]) throws {
        self.init(process: try ChildProcess(command: command, environment: environment))
    }

    public var outputName: String { "stdout" }
    public var hasBufferedLine: Bool { lines.hasCompleteLine }
    public var partialLine: [UInt8] { lines.partialLine }

    public func send(_ line: [UInt8], before deadline: ContinuousClock.Instant) -> ChannelSendOutcome {
        ChannelLines.send(line, write: { write(process.stdinFD, $0, $1) }) {
            // The pipe is full: wait for room, draining stderr meanwhile (the adapter may be stuck writing there).
            switch wait(for: process.stdinFD, events: POLLOUT, before: deadline) {
            case .ready, .slice: nil
            case .deadline: .timedOut
            case .woken: .interrupted
            }
        }
    }

    public func receive(before deadline: ContinuousClock.Instant) -> ChannelReceiveOutcome {
        while true {
            if let line = lines.next() { return line }
            guard lines.isOpen else { return .ended(heldOpen: false) }
            switch wait(for: process.stdoutFD, events: POLLIN, before: deadline) {
            case .ready:
                lines.fill { read(process.stdoutFD, $0, $1) }
            case .slice:
                // Gone, but its stdout is still open (a process it started holds it). Whatever it
                // wrote before it ended is read within one more slice; after that, it is over.
                guard process.exitStatus() != nil else { continue }
                if let seen = exitSeenAt, ContinuousClock.now - seen >= Self.exitPoll { return .ended(heldOpen: true) }
                if exitSeenAt == nil { exitSeenAt = .now }
            case .deadline: return .timedOut
            case .woken: return .interrupted
            }
        }
    }

    public func endDescription() -> String {
        // stdout closed: give the process a moment to be reaped so the status can be named.
        let status = process.exitStatus() ?? process.waitForExit(before: .now + .seconds(1))
        return status.map { "exited with \($0)" } ?? "exited (closed its stdout)"
    }

    public func drainLog() -> StderrBuffer? {
        // Everything a dead process wrote is in the pipe already: read until it is empty.
        while stderrOpen {
            let chunk = lines.chunk
            let count = read(process.stderrFD, chunk.baseAddress, chunk.count)
            if count > 0 {
                stderr.append(UnsafeRawBufferPointer(rebasing: chunk[0..<count]))
            } else {
                if count == 0 || (errno != EAGAIN && errno != EINTR) { stderrOpen = false }
                if count < 0, errno == EINTR { continue }
                break
            }
        }
        return stderr
    }

    public func close(grace: Duration) {
        process.terminate(grace: grace)
        _ = drainLog()
    }

    private enum Readiness { case ready, slice, deadline, woken }

    /// Polls `fd` for `events` with stderr and the waker, until `deadline` or one exit-poll slice.
    private func wait(for fd: Int32, events: Int32, before deadline: ContinuousClock.Instant) -> Readiness {
        while true {
            let now = ContinuousClock.now
            guard now < deadline else { return .deadline }
            let remaining = deadline - now
            let slice = remaining < Self.exitPoll ? remaining : Self.exitPoll
            var descriptors = (
                pollfd(fd: fd, events: Int16(events), revents: 0),
                pollfd(fd: waker.descriptor, events: Int16(POLLIN), revents: 0),
                pollfd(fd: stderrOpen ? process.stderrFD : -1, events: Int16(POLLIN), revents: 0)
            )
            let ready = withUnsafeMutablePointer(to: &descriptors) { pointer in
                pointer.withMemoryRebound(to: pollfd.self, capacity: 3) { poll($0, 3, Self.milliseconds(slice)) }
            }
            if ready < 0 {
                if errno == EINTR { continue }
                return .deadline
            }
            if descriptors.1.revents != 0, waker.consume() { return .woken }
            if descriptors.2.revents != 0 { _ = drainLog() }
            if descriptors.0.revents != 0 { return .ready }
            if ready == 0 { return remaining <= Self.exitPoll ? .deadline : .slice }
        }
    }

    /// `duration` in whole milliseconds for `poll`, rounded up so a wait never ends early.
    static func milliseconds(_ duration: Duration) -> Int32 {
        let (seconds, attoseconds) = duration.components
        guard seconds < 1_000_000 else { return Int32.max }
        return Int32(seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000)
    }

}
