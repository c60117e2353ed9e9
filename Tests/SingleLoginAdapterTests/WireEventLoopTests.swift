import Dispatch
import Foundation
@testable import SingleLoginAdapter
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@Suite("The adapter's event loop: a job queued from any thread runs")
struct WireEventLoopTests {
    /// Hand-offs from a plain thread, each queued the moment the loop has run the one before, when
    /// it is about to go idle: the window in which a wake-up can be lost.
    static let handOffs = 200_000

    @Test(
        "a job queued from another thread just as the loop goes idle still runs (200,000 hand-offs from a thread of the app's own, as a completion handler on a dispatch queue makes them); none waits for the next line from the harness"
    )
    func noLostWakeUp() async throws {
        guard #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *) else { return }
        var fds: [Int32] = [0, 0]
        try #require(pipe(&fds) == 0)
        // The loop reads the pipe, whose write end stays open: no line ever comes to wake it.
        let loop = WireEventLoop(input: fds[0], output: fds[1])
        loop.start(name: "sl-test-loop")
        let stuck: Int? = await withCheckedContinuation { continuation in
            let thread = Thread {
                let ran = DispatchSemaphore(value: 0)
                for handOff in 0..<Self.handOffs {
                    Task(executorPreference: loop) { ran.signal() }
                    // Generous: a hand-off takes microseconds; a lost one never runs until something else wakes the loop.
                    if ran.wait(timeout: .now() + 30) == .timedOut {
                        continuation.resume(returning: handOff)
                        return
                    }
                }
                continuation.resume(returning: nil)
            }
            thread.start()
        }
        await loop.stop()
        close(fds[0])
        close(fds[1])
        #expect(stuck == nil, "hand-off \(stuck ?? 0) of \(Self.handOffs) waited 30 s: the loop slept with a job queued")
    }
}
