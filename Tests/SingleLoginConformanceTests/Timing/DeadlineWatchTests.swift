@testable import SingleLoginConformance
import SingleLoginAdapter
import Synchronization
import Testing

@Suite("The deadline watch calls each action at its deadline, on a thread of its own")
struct DeadlineWatchTests {
    @Test("an action scheduled by an action runs; a cancelled one does not")
    func nestedAndCancelled() async {
        let watch = DeadlineWatch()
        let ran = Mutex<[String]>([])
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            let cancelled = watch.schedule(at: .now + .milliseconds(50)) { ran.withLock { $0.append("cancelled") } }
            watch.cancel(cancelled)
            _ = watch.schedule(at: .now + .milliseconds(20)) {
                ran.withLock { $0.append("first") }
                _ = watch.schedule(at: .now + .milliseconds(20)) {
                    ran.withLock { $0.append("second") }
                    done.resume()
                }
            }
        }
        #expect(ran.withLock { $0 } == ["first", "second"])
    }
}
