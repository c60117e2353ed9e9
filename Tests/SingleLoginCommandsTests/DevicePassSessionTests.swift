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
        let output = TextOutput(
            write: { text in
                if text.hasPrefix("Procedure 1 of "), text.contains("step 1 of") {
                    let before = link.lastSequence
                    recorder.lifecycle(.launch)
                    _ = link.wait(after: before, timeout: .seconds(600)) { $0.lifecycle == .launch }
                }
                printed.withLock { $0.append(text) }
            }, writeError: { _ in })
        // Enter at step 0, then stop at step 1 once it has waited and asks for the tester's word.
        let session = DevicePassSession(
            plan: DevicePlan(spec: spec), users: .catalogue(spec), link: link, tester: "t", stateURL: directory.appendingPathComponent("state.json"),
            judge: DeviceJudge(spec: spec, users: .catalogue(spec)), output: output,
            input: TesterInput(read: Self.tester(answering: ["", "q"]) { printed.withLock { $0.filter { $0.contains("Press Enter when done") }.count } }))
        let (confirmations, complete) = try session.run()
        #expect(!complete && confirmations.map { $0.step } == [0])
        let text = printed.withLock { $0.joined() }
        #expect(text.contains("(waiting for the app to launch;"), "\(text)")
        #expect(!text.contains("no word from the recorder yet"), "the launch was missed: \(text)")
    }

    @Test("'q' or 's REASON' typed while a step waits for an app that never launches ends the wait at once", arguments: ["q", "s no device today"])
    func wordEndsWait(word: String) throws {
        let spec = try SpecLoader.load(bytes: try SpecSource.embedded(.singleLogin).read(), file: "single-login.json").spec
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("device-session-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let link = try DeviceLink(
            listener: try TCPListener(host: "127.0.0.1", port: 0), token: "t", traceURL: directory.appendingPathComponent("pass.jsonl"))
        defer { link.stop() }
        let printed = Mutex<[String]>([])
        let output = TextOutput(write: { text in printed.withLock { $0.append(text) } }, writeError: { _ in })
        // Enter at step 0; the word is typed once step 1 says what it waits for (no recorder ever connects);
        // after a skip, the input ends at step 2.
        let waiting = Mutex(false)
        let answers = Mutex(["", word])
        let read: @Sendable () -> String? = {
            guard let answer = answers.withLock({ $0.isEmpty ? nil : $0.removeFirst() }) else { return nil }
            if answer == word {
                while !printed.withLock({ $0.contains { $0.contains("waiting for the app to launch") } }) { Thread.sleep(forTimeInterval: 0.01) }
                waiting.withLock { $0 = true }
            }
            return answer
        }
        let session = DevicePassSession(
            plan: DevicePlan(spec: spec), users: .catalogue(spec), link: link, tester: "t", stateURL: directory.appendingPathComponent("state.json"),
            judge: DeviceJudge(spec: spec, users: .catalogue(spec)), output: output, input: TesterInput(read: read))
        let (confirmations, complete) = try session.run()
        let text = printed.withLock { $0.joined(separator: "\n") }
        #expect(waiting.withLock { $0 })
        #expect(!complete)
        #expect(!text.contains("no word from the recorder yet"), "the wait ran out instead: \(text)")
        if word == "q" {
            #expect(confirmations.map(\.step) == [0])
        } else {
            #expect(confirmations.map(\.step) == [0, 1])
            #expect(confirmations.last?.skipReason == "no device today")
        }
    }

    /// A tester who types each of `answers` once the harness has asked for one more: once `prompts`,
    /// the count of prompts shown so far, has reached the answer's number.
    static func tester(answering answers: [String], prompts: @escaping @Sendable () -> Int) -> @Sendable () -> String? {
        let next = Mutex(0)
        return {
            let index = next.withLock { index in
                defer { index += 1 }
                return index
            }
            guard index < answers.count else { return nil }
            while prompts() <= index { Thread.sleep(forTimeInterval: 0.01) }
            return answers[index]
        }
    }
}
