import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The name the system shows for the calling thread (`ps -L`, `top -H`, debuggers, the
/// transport trace): our own threads are named, so a trace tells them from Swift's cooperative
/// pool. Foundation's `Thread.name` does not reach the kernel on Linux, hence this.
enum ThreadName {
    /// Names the calling thread (the system keeps the first 15 bytes).
    static func set(_ name: String) {
        #if os(Linux)
        let fd = open("/proc/thread-self/comm", O_WRONLY)
        guard fd >= 0 else { return }
        let bytes = Array(name.utf8.prefix(15))
        _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        close(fd)
        #elseif canImport(Darwin)
        _ = pthread_setname_np(String(name.prefix(15)))
        #endif
    }
}
