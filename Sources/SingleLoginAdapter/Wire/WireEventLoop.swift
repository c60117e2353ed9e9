import Foundation
import SingleLoginSocket
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One connection's thread on the adapter's side: it reads the harness's lines, hands requests
/// to the server and answers to the calls waiting for them, and runs the tasks that prefer it.
///
/// The serving task prefers this loop as its task executor (where the OS has task executors:
/// macOS 15, iOS 18 and Linux), and so do the app's default actors it calls. A request, the
/// app's work, its broker calls and the answer then all happen on this one thread, with no
/// hand-off to another thread on the way: the loop blocks in `poll` only when it has nothing
/// to run. A call made from any other thread (the main actor, a detached task) works too: its
/// answer is read here and resumes it wherever it waits.
///
/// `@unchecked Sendable`: every mutable field is guarded by `lock`, and lines are written under `outputLock`.
final class WireEventLoop: @unchecked Sendable {
    private let inputFD: Int32
    private let outputFD: Int32
    private let isSocket: Bool
    /// Guards everything below it.
    private let lock = NSLock()
    /// Held while a line is written, so that lines from different threads never interleave.
    private let outputLock = NSLock()
    private var jobs = FIFOQueue<UnownedJob>()
    private var sleeping = false
    private var stopping = false
    private var ended = false
    private var requests = FIFOQueue<WireHarnessRequest>()
    private var requestWaiter: CheckedContinuation<WireHarnessRequest?, Never>?
    private var calls: [Int: CheckedContinuation<[UInt8], any Error>] = [:]
    private var nextCallId = 1
    private var wakeRead: Int32 = -1
    private var wakeWrite: Int32 = -1
    private var stopped: CheckedContinuation<Void, Never>?
    private var hasStopped = false
    /// Set when the adapter declared ``WireProtocol/Capability/concurrentCalls``: its calls carry
    /// `underRequest`, and the harness's `held` notifications reach it.
    private var settling: WireSettling?
    /// The request of the latest `reset` of a concurrent adapter: the test case under way.
    private var currentReset: Int?

    /// A loop reading `input` and writing `output` (the same descriptor for a socket).
    init(input: Int32, output: Int32, isSocket: Bool = false) {
        inputFD = input
        outputFD = output
        self.isSocket = isSocket
        var fds: [Int32] = [0, 0]
        if pipe(&fds) == 0 {
            wakeRead = fds[0]
            wakeWrite = fds[1]
            for fd in fds {
                _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
                _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            }
        }
    }

    deinit {
        if wakeRead >= 0 { close(wakeRead) }
        if wakeWrite >= 0 { close(wakeWrite) }
    }

    /// Starts the loop's thread.
    func start(name: String) {
        let thread = Thread { [self] in
            ThreadName.set(name)
            run()
        }
        thread.name = name  // at most 15 characters, or the system keeps the creator's name
        thread.start()
    }

    /// Ends the loop's thread once it has run what is queued, and waits until it has.
    func stop() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let done: Bool = lock.withLock {
                stopping = true
                if hasStopped { return true }
                stopped = continuation
                return false
            }
            wake()
            if done { continuation.resume() }
        }
    }

    // MARK: Lines from the harness

    /// The next request from the harness; nil once the connection has ended.
    func nextRequest() async -> WireHarnessRequest? {
        await withCheckedContinuation { (continuation: CheckedContinuation<WireHarnessRequest?, Never>) in
            let ready: WireHarnessRequest?? = lock.withLock {
                if let request = requests.popFirst() { return .some(request) }
                if ended { return .some(nil) }
                requestWaiter = continuation
                return .none
            }
            if let ready { continuation.resume(returning: ready) }
        }
    }

    /// Serves an adapter that declared ``WireProtocol/Capability/concurrentCalls`` from now on.
    func serveConcurrently(_ settling: WireSettling) { lock.withLock { self.settling = settling } }

    /// A concurrent adapter's `reset` with request id `reset` began: the test case before it has ended.
    func began(reset: Int?) { lock.withLock { currentReset = reset } }

    /// `params` with `underRequest` first (1.6), when the adapter serves concurrently and the task works under a request.
    private static func marked(_ params: [UInt8], under request: Int?) -> [UInt8] {
        guard let request, params.first == UInt8(ascii: "{") else { return params }
        let member = Array("{\"\(WireProtocol.underRequestMember)\":\(request)".utf8)
        let rest = params.dropFirst()
        return member + (rest.first == UInt8(ascii: "}") ? [] : [UInt8(ascii: ",")]) + rest
    }

    /// Sends a request to the harness and waits for the line that answers it. `environment` is the
    /// `reset` request of the app environment making the call (``WirePeer/reset``).
    ///
    /// A concurrent adapter's call names the request its task works under. A call made off that
    /// task (a completion handler's, started from a dispatch queue) names none and belongs to the
    /// test case under way; but when its environment's test case has ended, it names that test
    /// case's `reset`, so that the harness refuses it as late and charges it there, never to the
    /// test case that has begun since.
    func call(method: String, params: [UInt8], environment: Int? = nil) async throws -> [UInt8] {
        var under = WireRequestContext.request
        if under == nil, let environment, lock.withLock({ currentReset != environment }) { under = environment }
        return try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<[UInt8], any Error>) in
            let started: (id: Int, settling: WireSettling?)? = lock.withLock {
                guard !ended else { return nil }
                defer { nextCallId += 1 }
                calls[nextCallId] = continuation
                return (nextCallId, settling)
            }
            guard let (id, settling) = started else {
                continuation.resume(throwing: WireError(code: WireError.internalError, message: "the harness closed the connection"))
                return
            }
            var params = params
            if let settling, let under {
                settling.called(id, under: under)
                params = Self.marked(params, under: under)
            }
            if !send(WireLine.request(id: id, method: method, params: params)) {
                let waiting = lock.withLock { calls.removeValue(forKey: id) }
                waiting?.resume(throwing: WireError(code: WireError.internalError, message: "the harness closed the connection"))
            }
        }
    }

    /// Writes one line (with its newline); false when the harness is gone.
    @discardableResult
    func send(_ line: [UInt8]) -> Bool {
        outputLock.withLock {
            line.withUnsafeBytes { buffer in
                var offset = 0
                while offset < buffer.count {
                    let written =
                        isSocket
                        ? ClientSocket.sendNoSignal(outputFD, buffer.baseAddress! + offset, buffer.count - offset)
                        : write(outputFD, buffer.baseAddress! + offset, buffer.count - offset)
                    if written < 0 {
                        if errno == EINTR { continue }
                        if errno == EAGAIN || errno == EWOULDBLOCK {
                            var descriptor = pollfd(fd: outputFD, events: Int16(POLLOUT), revents: 0)
                            _ = poll(&descriptor, 1, 100)
                            continue
                        }
                        return false
                    }
                    offset += written
                }
                TransportTrace.note("adapter.write", "fd=\(outputFD) \(buffer.count) bytes")
                return true
            }
        }
    }

    // MARK: The thread

    private func run() {
        var buffer = WireLineSplitter()
        let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 << 10, alignment: 1)
        defer { chunk.deallocate() }
        var inputOpen = true
        while true {
            if let job = takeJob() {
                runJob(job)
                continue
            }
            // Decided under the lock that `push` takes: a job queued after `takeJob` found none, but
            // before `sleeping` was set, saw no sleeper and wrote no wake-up, so it is run now.
            let next: Idle = lock.withLock {
                if !jobs.isEmpty { return .runJobs }
                if stopping { return .stop }
                sleeping = true
                return .sleep
            }
            if next == .stop { break }
            if next == .runJobs { continue }
            var descriptors = [pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0)]
            if inputOpen { descriptors.append(pollfd(fd: inputFD, events: Int16(POLLIN), revents: 0)) }
            _ = poll(&descriptors, nfds_t(descriptors.count), -1)
            lock.withLock { sleeping = false }
            if descriptors[0].revents != 0 { drainWake() }
            guard inputOpen, descriptors.count > 1, descriptors[1].revents != 0 else { continue }
            let count = read(inputFD, chunk.baseAddress!, chunk.count)
            TransportTrace.note("adapter.read", "fd=\(inputFD) \(count) bytes")
            if count < 0, errno == EINTR || errno == EAGAIN { continue }
            if count <= 0 {
                inputOpen = false
                end()
                continue
            }
            buffer.append(UnsafeRawBufferPointer(rebasing: chunk[0..<count]))
            while let line = buffer.nextLine() {
                if case .text(let text) = line { dispatch(text) } else { dispatch([]) }
            }
        }
        let waiter: CheckedContinuation<Void, Never>? = lock.withLock {
            hasStopped = true
            defer { stopped = nil }
            return stopped
        }
        waiter?.resume()
    }

    /// What the loop does when it has taken no job.
    private enum Idle { case runJobs, stop, sleep }

    private func takeJob() -> UnownedJob? {
        lock.withLock { jobs.popFirst() }
    }

    /// Routes one line: a request to the server, an answer to the call waiting for it.
    private func dispatch(_ line: [UInt8]) {
        guard let scan = WireScan(line), scan.isJSONRPC2 else {
            send(WireLine.failure(id: WireLine.nullId, error: WireError(code: WireError.parseError, message: "not a JSON-RPC 2.0 message")))
            return
        }
        if scan.isRequest, scan.id == nil {
            // A notification: only `held` (1.6) means something, and only to a concurrent adapter.
            guard scan.methodName(in: line) == WireProtocol.heldNotification, let settling = lock.withLock({ settling }),
                let held = scan.params.flatMap({ WireScan.member("id", inObject: $0, of: line) }),
                let id = Int(String(decoding: line[held], as: UTF8.self))
            else { return }
            settling.held(id)
            return
        }
        if scan.isRequest {
            // A request whose method is not a plain string has nothing the server could answer by name.
            guard let request = WireHarnessRequest(line: line, scan: scan) else { return }
            let waiter: CheckedContinuation<WireHarnessRequest?, Never>? = lock.withLock {
                if let waiter = requestWaiter {
                    requestWaiter = nil
                    return waiter
                }
                requests.append(request)
                return nil
            }
            waiter?.resume(returning: request)
            return
        }
        guard let id = scan.integerId(in: line), let (waiting, settling) = lock.withLock({ calls.removeValue(forKey: id).map { ($0, settling) } }) else {
            return
        }
        settling?.answered(id)
        if let errorRange = scan.error {
            let error =
                (try? WireCodec.decoder.decode(WireError.self, from: Data(line[errorRange])))
                ?? WireError(code: WireError.internalError, message: "an unreadable error")
            waiting.resume(throwing: error.msalError ?? error)
        } else {
            waiting.resume(returning: line)
        }
    }

    /// The harness closed the connection: every call waiting fails, the server hears the end.
    private func end() {
        let (waiting, requestWaiter): ([CheckedContinuation<[UInt8], any Error>], CheckedContinuation<WireHarnessRequest?, Never>?) = lock.withLock {
            ended = true
            defer { calls.removeAll(); self.requestWaiter = nil }
            return (Array(calls.values), self.requestWaiter)
        }
        for continuation in waiting { continuation.resume(throwing: WireError(code: WireError.internalError, message: "the harness closed the connection")) }
        requestWaiter?.resume(returning: nil)
    }

    // MARK: Executing jobs

    /// Queues a job; wakes the thread only when it is asleep in `poll` (never from the loop itself).
    fileprivate func push(_ job: UnownedJob) {
        let mustWake: Bool = lock.withLock {
            jobs.append(job)
            return sleeping
        }
        if mustWake { wake() }
    }

    private func wake() {
        var byte: UInt8 = 1
        _ = write(wakeWrite, &byte, 1)
    }

    private func drainWake() {
        var bytes = [UInt8](repeating: 0, count: 64)
        while read(wakeRead, &bytes, bytes.count) > 0 {}
    }

    /// Runs a job queued by ``push(_:)``, which only a task executor's `enqueue` calls.
    private func runJob(_ job: UnownedJob) {
        if #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *) {
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }
}

@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
extension WireEventLoop: TaskExecutor {
    /// Queues a job of a task that prefers this loop.
    func enqueue(_ job: consuming ExecutorJob) {
        push(UnownedJob(job))
    }
}
