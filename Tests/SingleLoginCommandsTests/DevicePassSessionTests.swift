import CommandLineKit
import Foundation
@testable import SingleLoginCommands
import SingleLoginConformance
import SingleLoginRecorder
import SingleLoginSpec
import SingleLoginTransport
import Synchronization
import Testing

/// The interactive device pass (`device-pass --listen`) with a recorder streaming to it, the tester
/// scripted: what the pass waits for, and when.
@Suite("The interactive device pass waits for the step's evidence")
struct DevicePassSessionTests {
    @Test("a launch the app records the moment the step is shown counts for that step: the pass does not wait for another")
    func evidenceAtOnce() throws {
        let spec = try SpecLoader.load(bytes: try SpecSource.embedded(.singleLogin).read(), file: "single-login.json").spec
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("device-session-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let listener = try TCPListener(host: "127.0.0.1", port: 0)
        let link = try DeviceLink(listener: listener, token: "t", traceURL: directory.appendingPathComponent("pass.jsonl"))
        defer { link.stop() }
        let recorder = try SessionRecorder(
            configuration: SessionRecorder.Configuration(msalVersion: "1.6.1", traceURL: directory.appendingPathComponent("app.jsonl"))
        ) { Observation(running: true, signedInAccount: nil, screen: [], storage: []) }
        let stream = try TraceStream.connect(host: "127.0.0.1", port: listener.port, token: "t", recorder: recorder)
        defer { withExtendedLifetime(stream) {} }
        #expect(link.wait(after: 0, timeout: .seconds(600)) { $0.header != nil })

        // Procedure 1: step 0 is confirmed; at step 1 ("Open the app") the app launches as soon as the
        // step is shown, and the launch reaches the harness before the step's line has been written.
        let printed = Mutex<[String]>([])
        // Enter at step 0, then stop at step 1 once it has waited.
        let answers = Mutex(["", "q"])
        let output = TextOutput(
            write: { text in
                if text.hasPrefix("Procedure 1 of "), text.contains("step 1 of") {
                    let before = link.lastSequence
                    recorder.lifecycle(.launch)
                    _ = link.wait(after: before, timeout: .seconds(600)) { $0.lifecycle == .launch }
                }
                printed.withLock { $0.append(text) }
            }, writeError: { _ in })
        let session = DevicePassSession(
            plan: DevicePlan(spec: spec), users: .catalogue(spec), link: link, tester: "t", stateURL: directory.appendingPathComponent("state.json"),
            judge: DeviceJudge(spec: spec, users: .catalogue(spec)), output: output,
            input: { answers.withLock { $0.isEmpty ? nil : $0.removeFirst() } })
        let (confirmations, complete) = try session.run()
        #expect(!complete && confirmations.map(\.step) == [0])
        let text = printed.withLock { $0.joined() }
        #expect(text.contains("(waiting for the app to launch)"), "\(text)")
        #expect(!text.contains("no word from the recorder yet"), "the launch was missed: \(text)")
    }
}
