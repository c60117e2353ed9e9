import CSingleLoginSystem
import Foundation
import SingleLoginAdapter
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A process started from a command line in a process group of its own, with its stdin, stdout
/// and stderr piped, and a lifeline that ends the whole group if the harness dies.
///
/// The group holds, besides the command, a small watchdog (a background `sh` that blocks
/// reading the lifeline pipe): the harness keeps the pipe's only write end, so when the harness
/// ends in any way, even by SIGKILL, the watchdog reads end of file and kills the group,
/// grandchildren included. ``terminate(grace:)`` ends the group on purpose.
///
/// The process has no threads of its own: ``ProcessChannel`` reads its pipes with `poll` on
/// the thread of the session that owns it, draining stderr into ``stderr``. A process nobody
/// talks to (a backend) is started with `captureOutput: true`: then one thread reads its stdout
/// and stderr into ``stderr`` until they end, so it never blocks on a full pipe. Nothing here
/// blocks except the methods that say so.
public final class ChildProcess: Sendable {
    /// The process id, which is also the process group id.
    public let pid: pid_t
    /// The write end of the child's stdin (non-blocking).
    public let stdinFD: Int32
    /// The read end of the child's stdout (non-blocking).
    public let stdoutFD: Int32
    /// The read end of the child's stderr (non-blocking).
    public let stderrFD: Int32
    /// The command line it was started with.
    public let command: String
    /// What it wrote to stderr (the last ``StderrBuffer/capacity`` bytes), as far as it has been read:
    /// by its ``ProcessChannel``, or (with `captureOutput`) by its own thread, stdout included.
    public let stderr = StderrBuffer()
    private let lifelineFD: Int32
    private let watchdog: Locked<(reportFD: Int32, pid: pid_t?)>
    private let exitState = Locked<Termination?>(nil)
    /// Set once the group has been killed on purpose: its id may be reused afterwards, so it is never signalled again.
    private let ended = Locked(false)

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

        /// By the system's own numbers, which differ: SIGBUS is 7 on Linux and 10 on Darwin (whose 7 is SIGEMT).
        private static let signalNames: [Int32: String] = [
            SIGHUP: "SIGHUP", SIGINT: "SIGINT", SIGILL: "SIGILL", SIGTRAP: "SIGTRAP", SIGABRT: "SIGABRT", SIGBUS: "SIGBUS", SIGFPE: "SIGFPE",
            SIGKILL: "SIGKILL", SIGSEGV: "SIGSEGV", SIGPIPE: "SIGPIPE", SIGTERM: "SIGTERM",
        ]
    }

    /// Starts `command` with `/bin/sh -c`, so users can quote arguments and set variables as in a
    /// shell, with `environment` added to this process's environment (its values win).
    ///
    /// With `captureOutput`, a thread of its own reads the child's stdout and stderr into
    /// ``stderr`` until both end (for a process the harness does not speak to over a channel).
    ///
    /// - Throws: ``ChildProcessError`` when the command is empty or the process cannot be started.
    public init(command: String, environment: [String: String] = [:], captureOutput: Bool = false) throws {
        guard !command.allSatisfy(\.isWhitespace) else { throw ChildProcessError.emptyCommand }
        // A write to a child that died must be an error, not the end of the harness.
        signal(SIGPIPE, SIG_IGN)
        var pipes: [[Int32]] = []
        for _ in 0..<5 {
            var fds: [Int32] = [-1, -1]
            guard sl_pipe_cloexec(&fds) == 0 else {
                let reason = String(cString: strerror(errno))
                for pair in pipes { close(pair[0]); close(pair[1]) }
                throw ChildProcessError.spawnFailed(command: command, reason: reason)
            }
            pipes.append(fds)
        }
        let (stdinPipe, stdoutPipe, stderrPipe, lifelinePipe, reportPipe) = (pipes[0], pipes[1], pipes[2], pipes[3], pipes[4])
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
        // dup2 clears close-on-exec on the new descriptor; everything else stays closed in the child.
        posix_spawn_file_actions_adddup2(&actions, stdinPipe[0], 0)
        posix_spawn_file_actions_adddup2(&actions, stdoutPipe[1], 1)
        posix_spawn_file_actions_adddup2(&actions, stderrPipe[1], 2)
        posix_spawn_file_actions_adddup2(&actions, lifelinePipe[0], 3)
        posix_spawn_file_actions_adddup2(&actions, reportPipe[1], 4)
        let flags = Int32(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK) | Int32(sl_spawn_cloexec_default_flag())
        posix_spawnattr_setflags(&attributes, Int16(flags))
        posix_spawnattr_setpgroup(&attributes, 0)
        var defaultSignals = sigset_t()
        sigemptyset(&defaultSignals)
        sigaddset(&defaultSignals, SIGPIPE)
        sigaddset(&defaultSignals, SIGINT)
        sigaddset(&defaultSignals, SIGTERM)
        posix_spawnattr_setsigdefault(&attributes, &defaultSignals)
        var emptyMask = sigset_t()
        sigemptyset(&emptyMask)
        posix_spawnattr_setsigmask(&attributes, &emptyMask)

        let arguments = ["/bin/sh", "-c", Self.script(for: command)]
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        var merged = ProcessInfo.processInfo.environment
        for (key, value) in environment { merged[key] = value }
        var envp: [UnsafeMutablePointer<CChar>?] = merged.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for pointer in argv + envp { free(pointer) } }
        var childPID: pid_t = 0
        let status = posix_spawn(&childPID, "/bin/sh", &actions, &attributes, &argv, &envp)
        for fd in [stdinPipe[0], stdoutPipe[1], stderrPipe[1], lifelinePipe[0], reportPipe[1]] { close(fd) }
        guard status == 0 else {
            for fd in [stdinPipe[1], stdoutPipe[0], stderrPipe[0], lifelinePipe[1], reportPipe[0]] { close(fd) }
            throw ChildProcessError.spawnFailed(command: command, reason: String(cString: strerror(status)))
        }
        self.command = command
        pid = childPID
        stdinFD = stdinPipe[1]
        stdoutFD = stdoutPipe[0]
        stderrFD = stderrPipe[0]
        lifelineFD = lifelinePipe[1]
        watchdog = Locked((reportPipe[0], nil))
        // No read or write on these ever blocks a thread; the channel polls them.
        for fd in [stdinFD, stdoutFD, stderrFD, reportPipe[0]] { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) }
        if captureOutput { Self.capture([stdoutFD, stderrFD], into: stderr) }
    }

    /// Reads `descriptors` on a thread of its own into `buffer` until all of them end.
    private static func capture(_ descriptors: [Int32], into buffer: StderrBuffer) {
        // Duplicates: the thread owns them, so it may outlive this object without reading a closed number.
        let owned = descriptors.map { dup($0) }.filter { $0 >= 0 }
        let thread = Thread {
            let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 << 10, alignment: 1)
            defer { chunk.deallocate(); for fd in owned { close(fd) } }
            var open = owned
            while !open.isEmpty {
                var polled = open.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
                guard poll(&polled, nfds_t(polled.count), -1) >= 0 || errno == EINTR else { return }
                for entry in polled where entry.revents != 0 {
                    let count = read(entry.fd, chunk.baseAddress, chunk.count)
                    if count > 0 {
                        buffer.append(UnsafeRawBufferPointer(rebasing: chunk[0..<count]))
                    } else if count == 0 || (errno != EAGAIN && errno != EINTR) {
                        open.removeAll { $0 == entry.fd }
                    }
                }
            }
        }
        thread.name = "sl-child-output"
        thread.start()
    }

    /// The shell script that starts the watchdog in the group, then becomes `command`.
    ///
    /// The watchdog is started twice removed (so it is nobody's child but init's and the
    /// command's `wait` never waits for it), reads the lifeline on descriptor 3 with nothing
    /// else open, and reports its pid on descriptor 4; the command runs with neither open.
    static func script(for command: String) -> String {
        "( ( exec 4>&-; read -r _ <&3; kill -KILL 0 ) </dev/null >/dev/null 2>&1 & echo $! >&4 ); exec 3<&- 4>&-; exec " + command
    }

    deinit {
        // Never blocks for long: the group is killed, not asked; reaping a killed process is immediate.
        if !ended.withLock({ $0 }) {
            kill(-pid, SIGKILL)
            reap(blocking: true)
        }
        close(lifelineFD)
        for fd in [stdinFD, stdoutFD, stderrFD] { close(fd) }
        watchdog.withLock { if $0.reportFD >= 0 { close($0.reportFD) } }
    }

    /// How the child ended, if it has (never blocks).
    public func exitStatus() -> Termination? {
        reap(blocking: false)
    }

    @discardableResult
    private func reap(blocking: Bool) -> Termination? {
        exitState.withLock { state in
            if let state { return state }
            var status: Int32 = 0
            var result: pid_t
            repeat { result = waitpid(pid, &status, blocking ? 0 : WNOHANG) } while result < 0 && errno == EINTR
            guard result == pid else { return nil }
            state = Self.decode(status)
            return state
        }
    }

    /// Waits until the child has ended, or `deadline` has passed; blocks the calling thread.
    ///
    /// Call it only from a thread of your own (a `SessionExecutor`), never from Swift's cooperative pool.
    public func waitForExit(before deadline: ContinuousClock.Instant) -> Termination? {
        while true {
            if let status = exitStatus() { return status }
            guard ContinuousClock.now < deadline else { return nil }
            usleep(2_000)
        }
    }

    /// Ends the child's whole process group: SIGTERM, then SIGKILL after `grace`; reaps the child.
    ///
    /// Returns once every process of the group (the watchdog included) has ended, or after one
    /// more second at most, so that nothing the command started outlives this call. Blocks the
    /// calling thread: call it only from a thread of your own (a `SessionExecutor`); from
    /// async code elsewhere use ``stop(grace:)``.
    public func terminate(grace: Duration = .milliseconds(500)) {
        guard !ended.withLock({ $0 }) else { return }
        if exitStatus() == nil {
            kill(-pid, SIGTERM)
            _ = waitForExit(before: ContinuousClock.now + grace)
        }
        // Grandchildren may linger after the child exits: the group goes down either way.
        kill(-pid, SIGKILL)
        reap(blocking: true)
        ended.withLock { $0 = true }
        let deadline = ContinuousClock.now + .seconds(1)
        while !ProcessGroup.livingMembers(of: pid).isEmpty, ContinuousClock.now < deadline { usleep(2_000) }
    }

    /// ``terminate(grace:)`` on a thread of its own, so that no thread of the cooperative pool waits.
    public func stop(grace: Duration = .milliseconds(500)) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let thread = Thread { [self] in
                terminate(grace: grace)
                continuation.resume()
            }
            thread.name = "sl-terminate"
            thread.start()
        }
    }

    /// Ids of the processes still alive in the child's process group, the watchdog left out.
    public func livingGroupMembers() -> [pid_t] {
        let watchdog = watchdogPID()
        return ProcessGroup.livingMembers(of: pid).filter { $0 != watchdog }
    }

    /// The watchdog's pid, once the shell has reported it (waits up to a second the first time).
    func watchdogPID() -> pid_t? {
        watchdog.withLock { state in
            if let known = state.pid { return known }
            guard state.reportFD >= 0 else { return nil }
            var text: [UInt8] = []
            var chunk = [UInt8](repeating: 0, count: 32)
            let deadline = ContinuousClock.now + .seconds(1)
            while ContinuousClock.now < deadline {
                var descriptor = pollfd(fd: state.reportFD, events: Int16(POLLIN), revents: 0)
                _ = poll(&descriptor, 1, 50)
                let count = read(state.reportFD, &chunk, chunk.count)
                if count > 0 { text += chunk[0..<count]; continue }
                if count == 0 || (errno != EAGAIN && errno != EINTR) { break }
            }
            close(state.reportFD)
            state.reportFD = -1
            state.pid = pid_t(String(decoding: text, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
            return state.pid
        }
    }

    private static func decode(_ status: Int32) -> Termination {
        let signal = status & 0x7f
        return signal == 0 ? .exited((status >> 8) & 0xff) : .signaled(signal)
    }
}
