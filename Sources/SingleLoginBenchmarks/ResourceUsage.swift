#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// CPU time and peak memory of this process or of its waited-for children, from `getrusage`.
///
/// `RUSAGE_CHILDREN` counts only children that have ended and been reaped, so a measurement
/// that wants its children's CPU must end them (and wait for them) before taking the second
/// snapshot; the difference of two snapshots is then the CPU of what happened in between.
package struct ResourceUsage: Sendable, Hashable {
    /// User-mode CPU time, in seconds.
    package var userSeconds: Double
    /// Kernel-mode CPU time, in seconds.
    package var systemSeconds: Double
    /// Peak resident set size, in bytes (the largest of one process, never a sum).
    package var maxResidentBytes: Int

    /// User plus system CPU time, in seconds.
    package var cpuSeconds: Double { userSeconds + systemSeconds }

    /// This process so far.
    package static func current() -> ResourceUsage { read(who: .ownProcess) }

    /// This process's ended and reaped children so far.
    package static func children() -> ResourceUsage { read(who: .children) }

    /// The CPU spent between `earlier` and `self` (peak memory is kept from `self`).
    package func since(_ earlier: ResourceUsage) -> ResourceUsage {
        ResourceUsage(userSeconds: userSeconds - earlier.userSeconds, systemSeconds: systemSeconds - earlier.systemSeconds, maxResidentBytes: maxResidentBytes)
    }

    private enum Who { case ownProcess, children }

    private static func read(who: Who) -> ResourceUsage {
        var usage = rusage()
        #if canImport(Glibc)
        getrusage(__rusage_who_t((who == .ownProcess ? RUSAGE_SELF : RUSAGE_CHILDREN).rawValue), &usage)
        #else
        getrusage(who == .ownProcess ? RUSAGE_SELF : RUSAGE_CHILDREN, &usage)
        #endif
        return ResourceUsage(usage)
    }
}

extension ResourceUsage {
    /// This process's own peak resident set size since its last `exec`, where the system reports
    /// it apart (`VmHWM` in `/proc/self/status` on Linux); nil elsewhere.
    ///
    /// `ru_maxrss` cannot tell it on Linux: a child that `posix_spawn` starts shares its parent's
    /// memory until it calls `exec`, and `exec` keeps that memory's high-water mark as the
    /// child's. A child of a large parent would report the parent's peak.
    package static func peakSinceExec() -> Int? {
        #if os(Linux)
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
            let kibibytes = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).dropFirst().first.flatMap({ Int($0) })
        else { return nil }
        return kibibytes * 1024
        #else
        return nil
        #endif
    }

    /// Converts a kernel `rusage` record (`ru_maxrss` is KiB on Linux, bytes on macOS).
    package init(_ usage: rusage) {
        userSeconds = Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
        systemSeconds = Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
        #if canImport(Darwin)
        maxResidentBytes = Int(usage.ru_maxrss)
        #else
        maxResidentBytes = Int(usage.ru_maxrss) * 1024
        #endif
    }
}
