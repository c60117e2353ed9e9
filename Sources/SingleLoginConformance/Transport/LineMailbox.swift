import Foundation
import Synchronization

/// Lines read from an adapter's stdout, handed to one waiting reader at a time, with timeouts.
public final class LineMailbox: Sendable {
    /// One unit read from the pipe.
    public enum Line: Sendable, Equatable {
        /// A complete line, without its newline.
        case text(Data)
        /// A line longer than the limit, dropped; its length so far.
        case overlong(Int)
    }

    /// Why waiting for a line ended without one.
    public enum WaitError: Error, Equatable {
        /// Nothing arrived in time.
        case timedOut
    }

    fileprivate struct State {
        var queue: [Line] = []
        var partial = Data()
        var partialOverflowed = false
        var partialLength = 0
        var closed = false
        var waiter: CheckedContinuation<Line?, any Error>?
        var waiterCancelled = false
    }

    private let state = Mutex(State())

    /// Creates an empty mailbox.
    public init() {}

    /// Adds bytes from the pipe, splitting them into lines.
    func append(_ chunk: UnsafeRawBufferPointer, maximumLineLength: Int) {
        let ready: (CheckedContinuation<Line?, any Error>, Line)? = state.withLock { state in
            var start = chunk.startIndex
            for index in chunk.indices where chunk[index] == 0x0A {
                state.add(chunk[start..<index], limit: maximumLineLength)
                state.queue.append(state.partialOverflowed ? .overlong(state.partialLength) : .text(state.partial))
                state.partial = Data()
                state.partialOverflowed = false
                state.partialLength = 0
                start = index + 1
            }
            state.add(chunk[start..<chunk.endIndex], limit: maximumLineLength)
            return state.handOff()
        }
        if let (waiter, line) = ready { waiter.resume(returning: line) }
    }

    /// Marks the end of the stream: waiting readers get nil once the queue is empty.
    func close() {
        let waiter: CheckedContinuation<Line?, any Error>? = state.withLock { state in
            state.closed = true
            if !state.partial.isEmpty { state.queue.append(.text(state.partial)); state.partial = Data() }
            if let (waiter, line) = state.handOff() { waiter.resume(returning: line); return nil }
            defer { state.waiter = nil }
            return state.queue.isEmpty ? state.waiter : nil
        }
        waiter?.resume(returning: nil)
    }

    /// The next line, nil at end of stream; throws ``WaitError/timedOut`` after `timeout`.
    public func next(timeout: Duration) async throws -> Line? {
        try await withThrowingTaskGroup(of: Line?.self) { group in
            group.addTask { try await self.next() }
            group.addTask {
                try await Task.sleep(for: timeout)
                throw WaitError.timedOut
            }
            defer { group.cancelAll() }
            return try await group.next()!
        }
    }

    private func next() async throws -> Line? {
        // A cancellation flag left by an earlier wait that had already been answered must not cancel this one.
        state.withLock { $0.waiterCancelled = false }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Line?, any Error>) in
                let immediate: Result<Line?, any Error>? = state.withLock { state in
                    if state.waiterCancelled { state.waiterCancelled = false; return .failure(CancellationError()) }
                    if !state.queue.isEmpty { return .success(state.queue.removeFirst()) }
                    if state.closed { return .success(nil) }
                    state.waiter = continuation
                    return nil
                }
                if let immediate { continuation.resume(with: immediate) }
            }
        } onCancel: {
            let waiter: CheckedContinuation<Line?, any Error>? = state.withLock { state in
                guard let waiter = state.waiter else { state.waiterCancelled = true; return nil }
                state.waiter = nil
                return waiter
            }
            waiter?.resume(throwing: CancellationError())
        }
    }
}

extension LineMailbox.State {
    mutating func add(_ bytes: Slice<UnsafeRawBufferPointer>, limit: Int) {
        partialLength += bytes.count
        guard !partialOverflowed else { return }
        if partialLength > limit {
            // Keep counting but stop storing: a runaway line costs no memory.
            partialOverflowed = true
            partial = Data()
            return
        }
        partial.append(contentsOf: bytes)
    }

    mutating func handOff() -> (CheckedContinuation<LineMailbox.Line?, any Error>, LineMailbox.Line)? {
        guard let waiter, !queue.isEmpty else { return nil }
        self.waiter = nil
        return (waiter, queue.removeFirst())
    }
}
