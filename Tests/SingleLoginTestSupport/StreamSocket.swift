#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What `socket(2)` takes for a stream socket: Glibc imports `SOCK_STREAM` as an enum, Darwin as an `Int32`.
package enum StreamSocket {
    /// `SOCK_STREAM`, as `socket(2)` takes it.
    package static var type: Int32 {
        #if canImport(Glibc)
        Int32(SOCK_STREAM.rawValue)
        #else
        SOCK_STREAM
        #endif
    }
}
