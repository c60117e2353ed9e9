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
/// scripted: what the pass waits for, and when, and which of the tester's words it takes.
@Suite("The interactive device pass waits for the step's evidence and takes only answers to its prompts")
struct DevicePassSessionTests {
    /// A pass's session over a link, its output kept, with a tester who types each line of `script`
    /// once the output holds its cue (`count` times); a recorder streams to the link when `recording`.
    final class Pass: Sendable {
        let directory: URL
        let link: DeviceLink
        let listener: TCPListener
        let printed = Mutex<[String]>([])
        /// Called with each line before it is kept: a test's app acts as the tester reads.
        let onLine = Mutex<@Sendable (String) -> Void>({ _ in })
        /// Called as the tester starts on answer `n`: every earlier answer has reached the pass.
        let beforeAnswer = Mutex<@Sendable (Int) -> Void>({ _ in })

        init() throws {
            directory = FileManager.default.temporaryDirectory.appendingPathComponent("device-session-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            listener = try TCPListener(host: "127.0.0.1", port: 0)
            link = try DeviceLink(listener: listener, token: "t", traceURL: directory.appendingPathComponent("pass.jsonl"))
        }

        deinit { stop() }

        /// Stops the link and removes the directory. Each test calls it: a closure a test leaves
        /// with the pass (its tester's, its output's) may keep the pass alive past the test.
        func stop() {
            link.stop()
            try? FileManager.default.removeItem(at: directory)
        }

        var text: String { printed.withLock { $0.joined(separator: "\n") } }

        func count(_ cue: String) -> Int { printed.withLock { $0.filter { $0.contains(cue) }.count } }

        /// The pass's session over the link, its output kept here, its tester's lines from `read`.
        func session(token: String? = nil, reading read: @escaping @Sendable () -> String?) throws -> DevicePassSession {
            let spec = try SpecLoader.load(bytes: try SpecSource.embedded(.singleLogin).read(), file: "single-login.json").spec
            let output = TextOutput(
                write: { [self] text in
                    onLine.withLock { $0 }(text)
                    printed.withLock { $0.append(text) }
                }, writeError: { _ in })
            return DevicePassSession(
                plan: DevicePlan(spec: spec), users: .catalogue(spec), link: link, tester: "t", stateURL: directory.appendingPathComponent("state.json"),
                judge: DeviceJudge(spec: spec, users: .catalogue(spec)), output: output, input: TesterInput(read: read), token: token)
        }

        /// Runs the pass with `script`: each answer is typed once the output holds its cue `count` times.
        func run(_ script: [(cue: String, count: Int, answer: String)], token: String? = nil) throws -> (
            confirmations: [DeviceConfirmation], complete: Bool
        ) {
            let next = Mutex(0)
            return try session(token: token) { [self] in
                let index = next.withLock { index in
                    defer { index += 1 }
                    return index
                }
                beforeAnswer.withLock { $0 }(index)
                guard index < script.count else { return nil }
                while count(script[index].cue) < script[index].count { Thread.sleep(forTimeInterval: 0.01) }
                return script[index].answer
            }
            .run()
        }
    }

    static let prompt = "Press Enter when done"
    static let launchWait = "(waiting for the app to launch;"

    /// A recorder of an app that shows nothing, streaming to `pass`.
    static func recorder(for pass: Pass) throws -> (SessionRecorder, TraceStream) {
        let recorder = try SessionRecorder(
            configuration: SessionRecorder.Configuration(msalVersion: "1.6.1", traceURL: pass.directory.appendingPathComponent("app.jsonl"))
        ) { Observation(running: true, signedInAccount: nil, screen: [], storage: []) }
        let stream = try TraceStream.connect(host: "127.0.0.1", port: pass.listener.port, token: "t", recorder: recorder)
        #expect(pass.link.wait(after: 0, timeout: .seconds(600)) { $0.header != nil })
        return (recorder, stream)
    }

    @Test("the state file keeps the pass's token for a resumed pass, reads a state without one, and a new token is 32 hex digits")
    func stateKeepsToken() throws {
        let pass = try Pass()
        defer { pass.stop() }
        // Enter at step 0's prompt, then the input ends.
        _ = try pass.run([(Self.prompt, 1, "")], token: "0a1b2c")
        let stateURL = pass.directory.appendingPathComponent("state.json")
        let state = try DevicePassState.read(from: stateURL)
        #expect(state.token == "0a1b2c" && state.confirmations.map(\.step) == [0])
        let older = try DevicePassState.read(bytes: Array(#"{"version": 1, "confirmations": []}"#.utf8), file: "older.json")
        #expect(older.token == nil)
        let token = DevicePassCommand.passToken()
        #expect(token.count == 32 && token.allSatisfy(\.isHexDigit), "\(token)")
    }

    @Test("with no recorder connected the advice is to relaunch the app, unless the harness refused the one that tried")
    func notConnectedAdvice() throws {
        let pass = try Pass()
        defer { pass.stop() }
        let session = try pass.session(reading: Self.lines([]))
        #expect(session.notConnectedAdvice.contains("Relaunching it connects it again"))
    }

    @Test("a pass's token is kept in its state file before the first step, and a state without one gets one, its confirmations kept")
    func tokenKeptAtOnce() throws {
        let pass = try Pass()
        defer { pass.stop() }
        let fresh = pass.directory.appendingPathComponent("fresh.json")
        let first = try DevicePassCommand.passToken(keptIn: fresh)
        #expect(!first.resumed && first.token.count == 32)
        #expect(try DevicePassState.read(from: fresh).token == first.token, "kept before any confirmation")
        #expect(try DevicePassCommand.passToken(keptIn: fresh) == (first.token, true))
        // A state an earlier harness wrote, without a token: it gets one, and keeps its confirmations.
        _ = try pass.run([(Self.prompt, 1, "")])
        let older = pass.directory.appendingPathComponent("state.json")
        #expect(try DevicePassState.read(from: older).token == nil)
        let upgraded = try DevicePassCommand.passToken(keptIn: older)
        #expect(!upgraded.resumed)
        let state = try DevicePassState.read(from: older)
        #expect(state.token == upgraded.token && state.confirmations.map(\.step) == [0])
    }

    @Test("a launch the app records the moment the step is shown counts for that step: the pass does not wait for another")
    func evidenceAtOnce() throws {
        let pass = try Pass()
        defer { pass.stop() }
        let (recorder, stream) = try Self.recorder(for: pass)
        defer { stream.stop() }
        // Procedure 1's step 1 ("Open the app"): the app launches as soon as the step is shown, and
        // the launch reaches the harness before the step's line has been written.
        pass.onLine.withLock {
            $0 = { text in
                guard text.hasPrefix("Procedure 1 of "), text.contains("step 1 of") else { return }
                let before = pass.link.lastSequence
                recorder.lifecycle(.launch)
                _ = pass.link.wait(after: before, timeout: .seconds(600)) { $0.lifecycle == .launch }
            }
        }
        // Enter at step 0, then stop at step 1 once it has waited and asks for the tester's word.
        let (confirmations, complete) = try pass.run([(Self.prompt, 1, ""), (Self.prompt, 2, "q")])
        #expect(!complete && confirmations.map(\.step) == [0])
        #expect(pass.text.contains(Self.launchWait), "\(pass.text)")
        #expect(!pass.text.contains("after 5 minutes"), "the launch was missed: \(pass.text)")
    }

    @Test("'q' or 's REASON' typed while a step waits for an app that never launches ends the wait at once", arguments: ["q", "s no device today"])
    func wordEndsWait(word: String) throws {
        let pass = try Pass()
        defer { pass.stop() }
        // Enter at step 0; the word once step 1 says what it waits for (no recorder ever connects).
        // After a skip, the input ends at step 2.
        let (confirmations, complete) = try pass.run([(Self.prompt, 1, ""), (Self.launchWait, 1, word)])
        #expect(!complete)
        #expect(!pass.text.contains("after 5 minutes"), "the wait ran out instead: \(pass.text)")
        if word == "q" {
            #expect(confirmations.map(\.step) == [0])
        } else {
            #expect(confirmations.map(\.step) == [0, 1])
            #expect(confirmations.last?.skipReason == "no device today")
        }
    }

    @Test("an Enter typed while the app is still launching confirms nothing: the step waits for the launch, then for an answer to its prompt")
    func enterTypedAheadIsDropped() throws {
        let pass = try Pass()
        defer { pass.stop() }
        let (recorder, stream) = try Self.recorder(for: pass)
        defer { stream.stop() }
        // The app launches only once the tester's early Enter has reached the pass.
        pass.beforeAnswer.withLock { $0 = { index in if index == 2 { recorder.lifecycle(.launch) } } }
        // Enter at step 0; an Enter as step 1 starts waiting; `q` at step 1's own prompt.
        let (confirmations, complete) = try pass.run([(Self.prompt, 1, ""), (Self.launchWait, 1, ""), (Self.prompt, 2, "q")])
        #expect(!complete)
        #expect(confirmations.map(\.step) == [0], "the early Enter confirmed step 1: \(pass.text)")
        #expect(pass.text.contains("(not taken: what was typed before this prompt)"), "\(pass.text)")
    }

    @Test("a word that is no answer is asked again, and so is a question answered neither y nor n")
    func unknownWordsAskAgain() throws {
        let pass = try Pass()
        defer { pass.stop() }
        // 'y' at step 0's prompt is no answer: the prompt is asked again, and Enter then confirms it.
        let (confirmations, _) = try pass.run([(Self.prompt, 1, "y"), ("is not an answer here", 1, ""), (Self.launchWait, 1, "q")])
        #expect(confirmations.map(\.step) == [0], "\(pass.text)")

        let asked = try Pass()
        defer { asked.stop() }
        let session = try asked.session(reading: Self.lines(["", "not sure", "Yes"]))
        #expect(session.yesOrNo() == true)
        #expect(asked.count("Answer 'y' or 'n'.") == 2)
        #expect(session.yesOrNo() == nil, "the input has ended")
    }

    @Test(
        "the words a step's prompt takes",
        arguments: [
            ("", TesterAnswer.done), ("  ", .done), ("q", .stop), ("Quit", .stop), ("r", .again), (" R ", .again),
            ("s no device today", .skip("no device today")), ("Skip  no device today", .skip("no device today")), ("S", .skip("no reason given")),
        ])
    func answers(line: String, answer: TesterAnswer) {
        #expect(TesterAnswer(line) == answer)
    }

    @Test(
        "a line the prompt does not offer is no answer, even one that starts with its letters",
        arguments: ["y", "n", "done", "1", "ready", "sure", "sorry, one moment", "quickly check", "q now"])
    func notAnswers(line: String) {
        #expect(TesterAnswer(line) == nil)
    }

    /// A tester who types `lines`, one by one, then ends the input.
    static func lines(_ lines: [String]) -> @Sendable () -> String? {
        let remaining = Mutex(lines)
        return { remaining.withLock { $0.isEmpty ? nil : $0.removeFirst() } }
    }
}
