#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension RunContext {
    /// This machine's name as the kernel has it (`gethostname`), for reports' `hostname`.
    ///
    /// Not `ProcessInfo.hostName`: on Apple platforms that resolves the name through DNS, blocking
    /// (hosted macOS runners have stalled on it for about 35 s), and every run asks for it.
    public static var localHostName: String {
        var bytes = [CChar](repeating: 0, count: 256)
        guard gethostname(&bytes, bytes.count - 1) == 0 else { return "localhost" }
        let name = String(decoding: bytes.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return name.isEmpty ? "localhost" : name
    }
}
