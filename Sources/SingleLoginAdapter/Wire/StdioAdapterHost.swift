#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Serves a ``ConformanceAdapter`` over stdin and stdout with the wire protocol, so that a
/// Swift app can be tested out of process exactly as an adapter in any other language.
///
/// stdout carries protocol messages only; write logs to stderr. ``TCPAdapterClient`` is the
/// same over a TCP connection, for an app on a simulator or a device.
public enum StdioAdapterHost {
    /// Answers the harness until it sends `shutdown` or closes stdin, then returns (it never exits the process).
    ///
    /// One thread reads stdin and runs the serving task and the app's default actors (on systems
    /// with task executors), so a request and its answer cross no other thread. Returns how it
    /// ended: after `shutdown`, the caller's `main` simply returns and the process exits 0.
    @discardableResult
    public static func serve(_ adapter: some ConformanceAdapter) async -> Ending {
        let loop = WireEventLoop(input: 0, output: 1)
        loop.start(name: "sl-adapter-io")
        let ending = await WireServer.serve(adapter, loop: loop)
        await loop.stop()
        return ending == .shutdown ? .shutdown : .endOfInput
    }

    /// How serving ended.
    public enum Ending: Sendable, Equatable {
        /// The harness sent `shutdown`, which was answered.
        case shutdown
        /// stdin ended without `shutdown` (the harness is gone).
        case endOfInput
    }
}
