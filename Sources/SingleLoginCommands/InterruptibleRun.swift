import Dispatch
import SingleLoginEvents
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs work that Ctrl-C (SIGINT) and SIGTERM cancel instead of killing the process, so the
/// runner can end its adapters and still write every report.
enum InterruptibleRun {
    static func run<Value: Sendable>(onInterrupt: @escaping @Sendable () -> Void, _ work: @escaping @Sendable () async -> Value) async -> Value {
        let task = Task { await work() }
        let sources = [SIGINT, SIGTERM].map { number -> any DispatchSourceSignal in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                onInterrupt()
                task.cancel()
            }
            source.resume()
            return source
        }
        let value = await task.value
        for source in sources { source.cancel() }
        return value
    }
}
