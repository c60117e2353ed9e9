import Foundation
import SingleLoginTransport
import Testing
@testable import SingleLoginBackend

@Suite("A port handed to a backend is claimed among the harness processes of the machine")
struct PortClaimTests {
    @Test("a claimed port cannot be claimed again until it is released, and a free port comes claimed")
    func claimAndRelease() throws {
        let claim = try Socket.freePort()
        #expect(PortClaim.take(claim.port) == nil, "claimed twice")
        claim.release()
        let again = try #require(PortClaim.take(claim.port), "not claimable after release")
        again.release()
    }

    @Test("a port another process holds the claim of is not claimed, and freePort never hands it out")
    func anotherProcess() throws {
        let port = try Socket.freePort()
        port.release()
        let path = (PortClaim.directory as NSString).appendingPathComponent("\(port.port).lock")
        // Another harness process, as far as the claim can tell: it holds the lock until it is ended.
        let holder = try ChildProcess(
            command:
                "python3 -c 'import fcntl,sys,time; f=open(sys.argv[1],\"a\"); fcntl.flock(f, fcntl.LOCK_EX); print(\"held\", flush=True); time.sleep(600)' '\(path)'",
            captureOutput: true)
        defer { holder.terminate(grace: .milliseconds(100)) }
        // Only a bound on a hung holder, not a speed: Python takes well under a second to get here.
        let giveUp = ContinuousClock.now + .seconds(120)
        while !holder.stderr.tail(lines: 1).contains("held") {
            guard holder.exitStatus() == nil, ContinuousClock.now < giveUp else {
                Issue.record("the lock holder did not take the lock: \(holder.stderr.tail(lines: 5))")
                return
            }
            usleep(10_000)
        }
        #expect(PortClaim.take(port.port) == nil)
        for _ in 0..<50 { #expect(try Socket.freePort().port != port.port) }
    }
}
