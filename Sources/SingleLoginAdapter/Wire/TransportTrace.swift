import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A timestamped trace of the transport, for finding where time goes when a run stalls: each
/// accept, connect, read, write and wake-up, with the thread that did it.
///
/// Off unless `SL_TRANSPORT_TRACE` names a file; then both ends of a connection (the harness and
/// an adapter kit's client in the same or another process) append lines to it:
///
///     12.345678 pid=4242 thread=sl-adapter-job accept.connected 127.0.0.1:53122
///
/// The time is seconds on the monotonic clock (comparable between processes on one machine).
/// A thread without a name is one of Swift's cooperative pool or the main thread.
public enum TransportTrace {
    /// The trace file's descriptor, or nil when tracing is off.
    private static let file: Int32? = {
        guard let path = ProcessInfo.processInfo.environment["SL_TRANSPORT_TRACE"], !path.isEmpty else { return nil }
        let fd = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
        return fd >= 0 ? fd : nil
    }()

    /// Whether tracing is on (check it before building an expensive detail).
    public static var isEnabled: Bool { file != nil }

    /// Appends one line: the time, the process, the thread, `what` and `detail`.
    public static func note(_ what: String, _ detail: @autoclosure () -> String = "") {
        guard let file else { return }
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        let seconds = Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
        let line = String(format: "%.6f", seconds) + " pid=\(getpid()) thread=\(threadName()) \(what) \(detail())\n"
        // One write per line with O_APPEND: lines from several threads and processes never interleave.
        _ = line.withCString { write(file, $0, strlen($0)) }
    }

    /// The thread's name and id as the kernel knows them (`sl-adapter-job/4242`): our own threads
    /// are named; Swift's cooperative pool shows as dispatch's root-queue names.
    private static func threadName() -> String {
        #if os(Linux)
        var name = [UInt8](repeating: 0, count: 32)
        let fd = open("/proc/thread-self/comm", O_RDONLY)
        let count = fd >= 0 ? read(fd, &name, name.count) : 0
        if fd >= 0 { close(fd) }
        var link = [CChar](repeating: 0, count: 64)
        let length = readlink("/proc/thread-self", &link, link.count - 1)
        let target = String(decoding: link.prefix(max(0, length)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let tid = target.split(separator: "/").last.map(String.init) ?? "?"
        let text = String(decoding: name.prefix(max(0, count)), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return text.replacingOccurrences(of: " ", with: "_") + "/" + tid
        #else
        var buffer = [CChar](repeating: 0, count: 64)
        _ = pthread_getname_np(pthread_self(), &buffer, buffer.count)
        let name = String(cString: buffer)
        return (name.isEmpty ? "unnamed" : name.replacingOccurrences(of: " ", with: "_")) + "/" + String(UInt(bitPattern: pthread_self()))
        #endif
    }
}
