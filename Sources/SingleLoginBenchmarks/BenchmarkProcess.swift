import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A child process with plain blocking pipes on stdin and stdout, reaped with `wait4` for its own resource usage.
///
/// This is the floor the harness's transport is measured against: no reader thread, no
/// mailbox, no tasks; one `write` and blocking `read`s on the calling thread. It is also how
/// the benchmark runs the report writer in a separate process to read that process's peak memory alone.
/// Not for concurrent use: one thread drives it, and ``wait()`` must be called once.
package final class BenchmarkProcess {
    /// The process id.
    package let pid: pid_t
    private var stdinFD: Int32
    private let stdoutFD: Int32
    private var buffer: [UInt8] = []
    private var chunk = [UInt8](repeating: 0, count: 64 << 10)
    private var waited = false

    /// Starts `command` with `/bin/sh -c 'exec COMMAND'`, with `environment` added to this process's; stderr is inherited.
    package init(command: String, environment: [String: String] = [:]) throws {
        signal(SIGPIPE, SIG_IGN)
        var input: [Int32] = [0, 0], output: [Int32] = [0, 0]
        guard pipe(&input) == 0 else { throw Failure("pipe: \(String(cString: strerror(errno)))") }
        guard pipe(&output) == 0 else {
            close(input[0]); close(input[1])
            throw Failure("pipe: \(String(cString: strerror(errno)))")
        }
        // Other children started later must not inherit this child's pipes (its stdin would never see end of input).
        for fd in input + output { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        #if canImport(Glibc)
        var actions = posix_spawn_file_actions_t()
        #else
        var actions: posix_spawn_file_actions_t?
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, input[0], 0)
        posix_spawn_file_actions_adddup2(&actions, output[1], 1)
        for fd in input + output { posix_spawn_file_actions_addclose(&actions, fd) }
        var merged = ProcessInfo.processInfo.environment
        for (key, value) in environment { merged[key] = value }
        let environmentStrings = merged.map { "\($0.key)=\($0.value)" }
        var envp: [UnsafeMutablePointer<CChar>?] = environmentStrings.map { strdup($0) } + [nil]
        let words: [String] = ["/bin/sh", "-c", "exec " + command]
        var argv: [UnsafeMutablePointer<CChar>?] = words.map { strdup($0) } + [nil]
        defer { for pointer in argv + envp { free(pointer) } }
        var child: pid_t = 0
        let status = posix_spawn(&child, "/bin/sh", &actions, nil, &argv, &envp)
        close(input[0]); close(output[1])
        guard status == 0 else {
            close(input[1]); close(output[0])
            throw Failure("could not start '\(command)': \(String(cString: strerror(status)))")
        }
        pid = child
        stdinFD = input[1]
        stdoutFD = output[0]
        buffer.reserveCapacity(64 << 10)
    }

    deinit {
        if stdinFD >= 0 { close(stdinFD) }
        close(stdoutFD)
        if !waited { kill(pid, SIGKILL); var status: Int32 = 0; waitpid(pid, &status, 0) }
    }

    /// Writes all of `bytes` to the child's stdin; false when it no longer reads.
    @discardableResult
    package func write(_ bytes: UnsafeRawBufferPointer) -> Bool {
        var offset = 0
        while offset < bytes.count {
            #if canImport(Glibc)
            let written = Glibc.write(stdinFD, bytes.baseAddress! + offset, bytes.count - offset)
            #else
            let written = Darwin.write(stdinFD, bytes.baseAddress! + offset, bytes.count - offset)
            #endif
            if written < 0 { if errno == EINTR { continue }; return false }
            offset += written
        }
        return true
    }

    /// Blocks until one whole line has arrived on the child's stdout and returns its length without the newline; nil at end of stream.
    package func readLine() -> Int? {
        while true {
            if let newline = buffer.firstIndex(of: 0x0A) {
                buffer.removeSubrange(0...newline)
                return newline
            }
            let count = chunk.withUnsafeMutableBytes { read(stdoutFD, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return nil }
            buffer.append(contentsOf: chunk[0..<count])
        }
    }

    /// Everything the child writes to stdout until it closes it.
    package func readToEnd() -> Data {
        var data = Data(buffer)
        buffer.removeAll()
        while true {
            let count = chunk.withUnsafeMutableBytes { read(stdoutFD, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return data }
            data.append(contentsOf: chunk[0..<count])
        }
    }

    /// Closes the child's stdin, so a filter such as `cat` sees end of input.
    package func closeInput() {
        guard stdinFD >= 0 else { return }
        close(stdinFD)
        stdinFD = -1
    }

    /// Closes stdin, waits for the child to end, and returns its exit status and its own resource usage (from `wait4`).
    package func wait() -> (status: Int32, usage: ResourceUsage) {
        closeInput()
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0, errno == EINTR {}
        waited = true
        return (status, ResourceUsage(usage))
    }

    /// Why a benchmark child could not be started.
    package struct Failure: Error, CustomStringConvertible {
        /// A sentence for people.
        package var description: String
        init(_ description: String) { self.description = description }
    }
}
