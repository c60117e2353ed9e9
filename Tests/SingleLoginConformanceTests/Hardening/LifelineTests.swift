import Foundation
@testable import SingleLoginTransport
import Testing
@testable import SingleLoginConformance
import SingleLoginTestSupport

@Suite("Adapter process groups end even when the harness is killed with SIGKILL")
struct LifelineTests {
    @Test("SIGKILL of the harness mid-run: the adapter and the process it started both end")
    func harnessKilled() async throws {
        try await onOwnThread {
            let tool = try #require(BuiltProducts.path("sl-conformance"), Comment(rawValue: BuiltProducts.missing("sl-conformance")))
            let adapter = try #require(BuiltProducts.path("sl-fake-adapter"), Comment(rawValue: BuiltProducts.missing("sl-fake-adapter")))
            let directory = try TemporaryDirectory()
            try ExerciseSpec.json(scenarios: 3).write(toFile: directory.path("spec.json"), atomically: true, encoding: .utf8)
            // The adapter hangs at launch (the step timeout is far away), with `sleep 300` in its group.
            let harness = try ToolProcess(
                tool,
                [
                    "run", "--spec", directory.path("spec.json"), "--reports", directory.path("reports"), "--quiet", "--step-timeout", "600",
                    "--scenario-timeout", "600",
                    "--adapter",
                    "\(adapter) --grandchild --fault hang@event:launch --pid-log \(directory.path("pids")) --progress \(directory.path("progress"))",
                ])
            // Wait for the observed event: the adapter has been reset and hangs in launch. Nothing
            // times out before 600 s, so however late this task is scheduled, the group is alive.
            let deadline = ContinuousClock.now + .seconds(300)
            func progress() -> String { (try? String(contentsOfFile: directory.path("progress"), encoding: .utf8)) ?? "" }
            while ContinuousClock.now < deadline, !progress().contains("reset 1") {
                try await Task.sleep(for: .milliseconds(10))
            }
            try #require(progress().contains("reset 1"), "the adapter was reset and hangs in launch: \(progress())")
            let pid = try #require(
                ((try? String(contentsOfFile: directory.path("pids"), encoding: .utf8)) ?? "").split(separator: "\n").first.flatMap { Int32($0) })
            #expect(ProcessGroup.livingMembers(of: pid).count >= 3, "the adapter, its sleep 300 and the watchdog are alive before")
            kill(harness.pid, SIGKILL)
            _ = await harness.exitStatus()
            // The watchdog notices the lifeline's end of file and kills the group; wait for it.
            let gone = ContinuousClock.now + .seconds(60)
            while !ProcessGroup.livingMembers(of: pid).isEmpty, ContinuousClock.now < gone { try await Task.sleep(for: .milliseconds(10)) }
            #expect(ProcessGroup.livingMembers(of: pid).isEmpty, "adapter group \(pid) ended without the harness")
        }
    }

    @Test("the watchdog is in the group, is nobody's child but init's, and is left out of the members a check reports")
    func watchdogInGroup() async throws {
        let channel = try ProcessChannel(command: "sleep 300")
        let process = channel.process
        let watchdog = try #require(process.watchdogPID())
        #expect(ProcessGroup.livingMembers(of: process.pid).contains(watchdog))
        #expect(process.livingGroupMembers() == [process.pid], "only the command counts as something it started")
        #if os(Linux)
        let stat = try String(contentsOfFile: "/proc/\(watchdog)/stat", encoding: .utf8)
        let parent = stat[stat.index(after: stat.lastIndex(of: ")")!)...].split(separator: " ")[1]
        #expect(Int32(parent) != process.pid, "started twice removed, so the command's wait never waits for it")
        #endif
        await process.stop(grace: .milliseconds(100))
        #expect(ProcessGroup.livingMembers(of: process.pid).isEmpty)
    }
}
