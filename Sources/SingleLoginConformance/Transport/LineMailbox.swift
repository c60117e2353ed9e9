import Foundation
import Synchronization

/// Lines read from an adapter's stdout, handed to one waiting reader at a time, with timeouts.
///
/// A line is handed over under the same lock that ends a wait (by timeout or cancellation),
/// so a line is never delivered to a wait that has already given up: nothing is lost, however
/// short the timeouts.
public final class LineMailbox: Sendable {
    /// One unit read from the pipe.
    public enum Line: Sendable, Equatable {
        /// A complete line, without its newline.
        case text(Data)
        /// A line longer than the limit, dropped; its length so far.
        case overlong(Int)
        /// Bytes after the last newline when the stream ended: a message cut off mid-line.
        case unterminated(Data)
    }

    /// Why waiting for a line ended without one.
    public enum WaitError: Error, Equatable {
        /// Nothing arrived in time.
        case timedOut
    }

    fileprivate struct Waiter {
        var ticket: UInt64
        var continuation: CheckedContinuation<Line?, any Error>
    }

    fileprivate struct State {
        var queue: [Line] = []
        var queueStart = 0
        var partial = Data()
        var partialOverflowed = false
        var partialLength = 0
        var closed = false
        var waiter: Waiter?
        var nextTicket: UInt64 = 0
        /// A wait that ended (timeout or cancellation) before it could register.
        var abandoned: (ticket: UInt64, error: any Error)?
    }

    private let state = Mutex(State())

    /// Creates an empty mailbox.
    public init() {}

    /// Adds bytes from the pipe, splitting them into lines.
    func append(_ chunk: UnsafeRawBufferPointer, maximumLineLength: Int) {
        let ready: (CheckedContinuation<Line?, any Error>, Line)? = state.withLock { state in
            guard let base = chunk.baseAddress else { return nil }
            var start = 0
            // memchr and bulk appends: a 10 MB line costs milliseconds, even in a debug build.
            while start < chunk.count, let found = memchr(base + start, 0x0A, chunk.count - start) {
                let newline = base.distance(to: UnsafeRawPointer(found))
                state.add(base + start, count: newline - start, limit: maximumLineLength)
                state.queue.append(state.partialOverflowed ? .overlong(state.partialLength) : .text(state.partial))
                state.partial = Data()
                state.partialOverflowed = false
                state.partialLength = 0
                start = newline + 1
            }
            state.add(base + start, count: chunk.count - start, limit: maximumLineLength)
            return state.handOff()
        }
        if let (waiter, line) = ready { waiter.resume(returning: line) }
    }

    /// Marks the end of the stream: waiting readers get nil once the queue is empty.
    func close() {
        let resume: (CheckedContinuation<Line?, any Error>, Line?)? = state.withLock { state in
            state.closed = true
            if state.partialOverflowed {
                state.queue.append(.overlong(state.partialLength))
            } else if !state.partial.isEmpty {
                state.queue.append(.unterminated(state.partial))
            }
            state.partial = Data()
            if let ready = state.handOff() { return (ready.0, ready.1) }
            guard let waiter = state.waiter, state.queueStart == state.queue.count else { return nil }
            state.waiter = nil
            return (waiter.continuation, nil)
        }
        if let (continuation, line) = resume { continuation.resume(returning: line) }
    }

    /// Bytes received after the last newline, not yet a line (never blocks).
    public var unterminatedBytes: Data { state.withLock { $0.partialOverflowed ? Data() : $0.partial } }

    /// Whether a line is waiting to be read (never blocks).
    public var hasPendingLine: Bool { state.withLock { $0.queueStart < $0.queue.count } }

    /// The next line, nil at end of stream; throws ``WaitError/timedOut`` after `timeout`.
    public func next(timeout: Duration) async throws -> Line? {
        let ticket = state.withLock { state -> UInt64 in
            state.nextTicket += 1
            return state.nextTicket
        }
        return try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                // The timer only ends the wait it was made for; a line handed over first wins.
                if (try? await Task.sleep(for: timeout)) != nil { self.abandon(ticket, with: WaitError.timedOut) }
            }
            defer { group.cancelAll() }
            return try await self.wait(ticket)
        }
    }

    private func wait(_ ticket: UInt64) async throws -> Line? {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Line?, any Error>) in
                let immediate: Result<Line?, any Error>? = state.withLock { state in
                    if let abandoned = state.abandoned, abandoned.ticket == ticket { state.abandoned = nil; return .failure(abandoned.error) }
                    if let line = state.pop() { return .success(line) }
                    if state.closed { return .success(nil) }
                    state.waiter = Waiter(ticket: ticket, continuation: continuation)
                    return nil
                }
                if let immediate { continuation.resume(with: immediate) }
            }
        } onCancel: {
            abandon(ticket, with: CancellationError())
        }
    }

    /// Ends the wait with `ticket` (if it is still waiting) with `error`.
    private func abandon(_ ticket: UInt64, with error: any Error) {
        let waiter: CheckedContinuation<Line?, any Error>? = state.withLock { state in
            if let waiter = state.waiter, waiter.ticket == ticket {
                state.waiter = nil
                return waiter.continuation
            }
            // Not registered yet: leave word so that it ends as soon as it registers.
            if state.waiter == nil, ticket == state.nextTicket { state.abandoned = (ticket, error) }
            return nil
        }
        waiter?.resume(throwing: error)
    }
}

extension LineMailbox.State {
    mutating func add(_ bytes: UnsafeRawPointer, count: Int, limit: Int) {
        guard count > 0 else { return }
        partialLength += count
        guard !partialOverflowed else { return }
        if partialLength > limit {
            // Keep counting but stop storing: a runaway line costs no memory.
            partialOverflowed = true
            partial = Data()
            return
        }
        partial.append(bytes.assumingMemoryBound(to: UInt8.self), count: count)
    }

    mutating func pop() -> LineMailbox.Line? {
        guard queueStart < queue.count else { return nil }
        let line = queue[queueStart]
        queueStart += 1
        if queueStart > 64, queueStart * 2 > queue.count {
            queue.removeFirst(queueStart)
            queueStart = 0
        }
        return line
    }

    mutating func handOff() -> (CheckedContinuation<LineMailbox.Line?, any Error>, LineMailbox.Line)? {
        guard let waiter, let line = pop() else { return nil }
        self.waiter = nil
        return (waiter.continuation, line)
    }
}
