import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An adapter process in a process group of its own, with its stdin, stdout and stderr piped.
///
/// The whole group is ended on ``terminate(grace:)``, so grandchildren an adapter starts
/// never outlive the run. stdout is split into lines on a reader thread; stderr is drained
/// into a capped buffer so a chatty adapter can never block on a full pipe.
public final class ChildProcess: Sendable {
    /// The process id, which is also the process group id.
    public let pid: pid_t
    /// Lines the child writes to stdout.
    public let lines: LineMailbox
    /// What the child writes to stderr (the last ``StderrBuffer/capacity`` bytes).
    public let stderr: StderrBuffer
    private let stdinFD: Int32
    private let exitState = Mutex<Termination?>(nil)

    /// How a child ended.
    public enum Termination: Sendable, Hashable, CustomStringConvertible {
        /// It exited with a code.
        case exited(Int32)
        /// A signal ended it.
        case signaled(Int32)

        /// `exit code 3` or `signal 11 (SIGSEGV)`.
        public var description: String {
            switch self {
            case .exited(let code): return "exit code \(code)"
            case .signaled(let signal): return "signal \(signal)\(Self.signalNames[signal].map { " (\($0))" } ?? "")"
            }
        }

        private static let signalNames: [Int32: String] = [1: "SIGHUP", 2: "SIGINT", 6: "SIGABRT", 9: "SIGKILL", 11: "SIGSEGV", 13: "SIGPIPE", 15: "SIGTERM", 4: "SIGILL", 5: "SIGTRAP", 7: "SIGBUS", 8: "SIGFPE"]
    }

    /// Starts `command` with `/bin/sh -c`, so users can quote arguments and set variables as in a shell.
    ///
    /// `environment` is added to the harness's own environment (its values win).
    public init(command: String, maximumLineLength: Int = 16 << 20, environment: [String: String] = [:]) throws {
        // A write to a child that died must be an error, not the end of the harness.
        signal(SIGPIPE, SIG_IGN)
        var stdinPipe: [Int32] = [0, 0], stdoutPipe: [Int32] = [0, 0], stderrPipe: [Int32] = [0, 0]
        // Close-on-exec: an adapter started later (with --jobs) must not inherit this one's pipes,
        // or this one's end of stream would never come. dup2 in the child clears the flag on 0, 1, 2.
        // (pipe then fcntl is not atomic: no other adapter is spawned in between.)
        let piped = Self.spawnLock.withLock { _ in Self.makePipe(&stdinPipe) && Self.makePipe(&stdoutPipe) && Self.makePipe(&stderrPipe) }
        guard piped else {
            throw ChildProcessError.spawnFailed(command: command, reason: String(cString: strerror(errno)))
        }
        #if canImport(Glibc)
        var actions = posix_spawn_file_actions_t()
        var attributes = posix_spawnattr_t()
        #else
        var actions: posix_spawn_file_actions_t?
        var attributes: posix_spawnattr_t?
        #endif
        posix_spawn_file_actions_init(&actions)
        posix_spawnattr_init(&attributes)
        defer { posix_spawn_file_actions_destroy(&actions); posix_spawnattr_destroy(&attributes) }
        posix_spawn_file_actions_adddup2(&actions, stdinPipe[0], 0)
        posix_spawn_file_actions_adddup2(&actions, stdoutPipe[1], 1)
        posix_spawn_file_actions_adddup2(&actions, stderrPipe[1], 2)
        for fd in stdinPipe + stdoutPipe + stderrPipe { posix_spawn_file_actions_addclose(&actions, fd) }
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
        posix_spawnattr_setpgroup(&attributes, 0)
        var defaultSignals = sigset_t()
        sigemptyset(&defaultSignals)
        sigaddset(&defaultSignals, SIGPIPE)
        posix_spawnattr_setsigdefault(&attributes, &defaultSignals)
        var emptyMask = sigset_t()
        sigemptyset(&emptyMask)
        posix_spawnattr_setsigmask(&attributes, &emptyMask)

        let arguments = ["/bin/sh", "-c", "exec " + command]
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var childPID: pid_t = 0
        var envp: [UnsafeMutablePointer<CChar>?] = environment.isEmpty ? [] : ProcessInfo.processInfo.environment
            .merging(environment) { _, new in new }.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for pointer in envp { free(pointer) } }
        let status = Self.spawnLock.withLock { _ in
            environment.isEmpty ? posix_spawn(&childPID, "/bin/sh", &actions, &attributes, &argv, environ) : posix_spawn(&childPID, "/bin/sh", &actions, &attributes, &argv, &envp)
        }
        close(stdinPipe[0]); close(stdoutPipe[1]); close(stderrPipe[1])
        guard status == 0 else {
            close(stdinPipe[1]); close(stdoutPipe[0]); close(stderrPipe[0])
            throw ChildProcessError.spawnFailed(command: command, reason: String(cString: strerror(status)))
        }
        pid = childPID
        stdinFD = stdinPipe[1]
        // Writes never block the harness: a child that stops reading gets a timeout, not a deadlock.
        _ = fcntl(stdinFD, F_SETFL, fcntl(stdinFD, F_GETFL) | O_NONBLOCK)
        lines = LineMailbox()
        stderr = StderrBuffer()
        Self.startReader(fd: stdoutPipe[0], name: "adapter-stdout") { [lines] chunk in lines.append(chunk, maximumLineLength: maximumLineLength) } atEnd: { [lines] in lines.close() }
        Self.startReader(fd: stderrPipe[0], name: "adapter-stderr") { [stderr] chunk in stderr.append(chunk) } atEnd: {}
    }

    deinit {
        terminate(grace: .milliseconds(200))
        close(stdinFD)
    }

    /// Writes `data` to the child's stdin, waiting as long as it takes; false when the child no longer reads it.
    @discardableResult
    public func write(_ data: Data) -> Bool {
        var offset = 0
        while true {
            switch writeSome(data, from: &offset) {
            case .written: return true
            case .closed: return false
            case .wouldBlock:
                var descriptor = pollfd(fd: stdinFD, events: Int16(POLLOUT), revents: 0)
                _ = poll(&descriptor, 1, 100)
            }
        }
    }

    /// How a bounded write ended.
    public enum WriteOutcome: Sendable, Equatable {
        /// Every byte was written.
        case written
        /// The child closed its stdin (or died).
        case closed
        /// The child did not read its stdin in time: its pipe stayed full.
        case timedOut
    }

    /// Writes `data` to the child's stdin without ever blocking a thread; gives up after `timeout`.
    public func write(_ data: Data, timeout: Duration) async -> WriteOutcome {
        let deadline = ContinuousClock.now + timeout
        var offset = 0
        while true {
            switch writeSome(data, from: &offset) {
            case .written: return .written
            case .closed: return .closed
            case .wouldBlock:
                guard ContinuousClock.now < deadline else { return .timedOut }
                if (try? await Task.sleep(for: .milliseconds(2))) == nil { return .timedOut }
            }
        }
    }

    private enum Progress { case written, closed, wouldBlock }

    private func writeSome(_ data: Data, from offset: inout Int) -> Progress {
        let fd = stdinFD
        return data.withUnsafeBytes { buffer -> Progress in
            while offset < buffer.count {
                let written = Glibc_or_Darwin_write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return errno == EAGAIN || errno == EWOULDBLOCK ? .wouldBlock : .closed
                }
                offset += written
            }
            return .written
        }
    }

    /// How the child ended, if it has (never blocks).
    public func exitStatus() -> Termination? {
        exitState.withLock { state in
            if let state { return state }
            var status: Int32 = 0
            guard waitpid(pid, &status, WNOHANG) == pid else { return nil }
            state = Self.decode(status)
            return state
        }
    }

    /// Ends the child's whole process group: SIGTERM, then SIGKILL after `grace`; reaps the child.
    ///
    /// Returns once every process of the group has ended (or after one more second at most),
    /// so that nothing an adapter started outlives this call.
    public func terminate(grace: Duration = .milliseconds(500)) {
        if exitStatus() == nil {
            kill(-pid, SIGTERM)
            let deadline = ContinuousClock.now + grace
            while exitStatus() == nil, ContinuousClock.now < deadline { usleep(2_000) }
        }
        // Grandchildren may linger after the child exits: the group goes down either way.
        kill(-pid, SIGKILL)
        if exitStatus() == nil {
            exitState.withLock { state in
                var status: Int32 = 0
                if waitpid(pid, &status, 0) == pid { state = Self.decode(status) }
            }
        }
        let deadline = ContinuousClock.now + .seconds(1)
        while !livingGroupMembers().isEmpty, ContinuousClock.now < deadline { usleep(2_000) }
    }

    /// Ids of the processes still alive in the child's process group (zombies excluded).
    public func livingGroupMembers() -> [pid_t] { ProcessGroup.livingMembers(of: pid) }

    private static let spawnLock = Mutex(())

    private static func makePipe(_ fds: inout [Int32]) -> Bool {
        guard pipe(&fds) == 0 else { return false }
        for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        return true
    }

    private static func decode(_ status: Int32) -> Termination {
        let signal = status & 0x7f
        return signal == 0 ? .exited((status >> 8) & 0xff) : .signaled(signal)
    }

    private static func startReader(fd: Int32, name: String, onChunk: @escaping @Sendable (UnsafeRawBufferPointer) -> Void, atEnd: @escaping @Sendable () -> Void) {
        let thread = Thread {
            let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 << 10, alignment: 1)
            defer { buffer.deallocate(); close(fd) }
            while true {
                let count = read(fd, buffer.baseAddress, buffer.count)
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { break }
                onChunk(UnsafeRawBufferPointer(rebasing: buffer[0..<count]))
            }
            atEnd()
        }
        thread.name = name
        thread.start()
    }
}

@inline(__always)
private func Glibc_or_Darwin_write(_ fd: Int32, _ pointer: UnsafeRawPointer, _ count: Int) -> Int {
    #if canImport(Glibc)
    return Glibc.write(fd, pointer, count)
    #else
    return Darwin.write(fd, pointer, count)
    #endif
}

/// Why an adapter process could not be started.
public enum ChildProcessError: Error, CustomStringConvertible {
    /// posix_spawn failed.
    case spawnFailed(command: String, reason: String)

    /// A sentence for people.
    public var description: String {
        switch self {
        case .spawnFailed(let command, let reason): return "could not start adapter '\(command)': \(reason)"
        }
    }
}
