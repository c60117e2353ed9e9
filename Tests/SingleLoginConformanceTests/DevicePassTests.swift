import Foundation
import ReferenceApp
import SingleLoginAdapter
import SingleLoginConformance
import SingleLoginEvents
import SingleLoginRecorder
import SingleLoginSpec
import SingleLoginTransport
import Testing
import SingleLoginTestSupport

@Suite("Device pass: the stand-in's trace judged as a real device's")
struct DevicePassTests {
    /// The stand-in pass of the reference app with `flaws` (or of `base`): its plan, trace and confirmations.
    static func standInPass(_ spec: LoadedSpec, flaws: Set<ReferenceAppFlaw> = [], base: (any ConformanceAdapter)? = nil) async throws -> (
        plan: DevicePlan, trace: DeviceTrace, confirmations: [DeviceConfirmation]
    ) {
        let plan = DevicePlan(spec: spec.spec)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("device-pass-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let record = try await StandInPass(spec: spec.spec, plan: plan).run(
            base: base ?? ReferenceAppAdapter(flaws: flaws), traceURL: directory.appendingPathComponent("trace.jsonl"), msalVersion: "2.13.0")
        let trace = try DeviceTrace(text: try String(contentsOf: record.recorder.traceURL, encoding: .utf8), file: "trace.jsonl")
        return (plan, trace, record.confirmations)
    }

    /// The stand-in pass of the reference app with `flaws` (or of `base`), judged from its trace alone.
    static func standIn(_ spec: LoadedSpec, flaws: Set<ReferenceAppFlaw> = [], base: (any ConformanceAdapter)? = nil) async throws -> (
        plan: DevicePlan, judgement: DeviceJudge.Judgement, trace: DeviceTrace
    ) {
        let pass = try await standInPass(spec, flaws: flaws, base: base)
        let judgement = DeviceJudge(spec: spec.spec, users: .catalogue(spec.spec)).judge(plan: pass.plan, trace: pass.trace, confirmations: pass.confirmations)
        return (pass.plan, judgement, pass.trace)
    }

    @Test("a conformant stand-in passes every covered test case it can judge, and fails none")
    func conformantPasses() async throws {
        let spec = try TestSupport.shippedSpec()
        let (plan, judgement, trace) = try await Self.standIn(spec)
        #expect(judgement.problems.isEmpty)
        #expect(!judgement.results.contains { $0.outcome == .failed || $0.outcome == .errored })
        let covered = Set(plan.procedures.flatMap { $0.covers.map(\.id) })
        #expect(judgement.results.filter { covered.contains($0.id) && $0.outcome == .passed }.count >= 40)
        // Nothing is passed silently: every other test case says why a device pass does not judge it.
        for result in judgement.results where result.outcome != .passed {
            #expect(Verdict(of: result, gate: .mustAndShould).reason?.contains("not judged on a device") == true, "\(result.id)")
        }
        // Tokens never leave the device in clear.
        let text = trace.lines.map { String(decoding: try! JSONEncoder().encode($0), as: UTF8.self) }.joined(separator: "\n")
        #expect(!text.contains("eyJ"))
        #expect(text.contains(TokenDigest.prefix))
        // The reference app marks its rows as records, and the trace keeps the marks.
        #expect(text.contains(#""record":true"#))
    }

    @Test("a device pass looks for the signed-in user where a run does: not in the rows the app marks as records")
    func signedInSkipsRecordsOnDevice() async throws {
        let spec = try TestSupport.shippedSpec()
        func login(_ adapter: DeclaredSurfacesTests.ReshapedAdapter) async throws -> [TestCaseResult] {
            try await Self.standIn(spec, base: adapter).judgement.results.filter { $0.id.requirementID == "SL-LOGIN-1" }
        }
        // Initials only, and the name only in the rows of its data: marked, the rows do not show who is signed in.
        let marked = try await login(DeclaredSurfacesTests.ReshapedAdapter(initialsOnly: true, marksRecords: true))
        #expect(!marked.isEmpty)
        #expect(marked.contains { $0.outcome == .failed && $0.issues.contains { $0.kind == .expectation(.signedIn) } }, "\(marked)")
        // The message calls the account by the test user who stood for it, then by the scenario's name.
        let messages = marked.flatMap(\.issues).filter { $0.kind == .expectation(.signedIn) }.map(\.message)
        #expect(!messages.isEmpty && messages.allSatisfy { $0.contains("Alice Adams (alice)") }, "\(messages)")
        // Unmarked, every element counts, as in a run of an adapter that marks nothing.
        let unmarked = try await login(DeclaredSurfacesTests.ReshapedAdapter(initialsOnly: true))
        #expect(!unmarked.contains { $0.outcome == .failed }, "\(unmarked)")
    }

    @Test("a checkpoint keeps the app's record marks, and the walked elements add only texts the app's own screen lacks")
    func recordMarksKept() async throws {
        let directory = try TemporaryDirectory()
        let url = directory.url.appendingPathComponent("app.jsonl")
        let recorder = try SessionRecorder(configuration: SessionRecorder.Configuration(msalVersion: "1.3.3", traceURL: url)) {
            Observation(
                running: true, signedInAccount: "oid.tid", screen: [ScreenElement(.text, "Signed in as Ana"), .record("Task 1: Ana's round")],
                storage: [])
        }
        await recorder.checkpoint(label: "p1.s1")
        let trace = try DeviceTrace(text: try String(contentsOf: url, encoding: .utf8), file: "app.jsonl")
        let screen = try #require(trace.lines.last?.checkpoint?.observation.screen)
        #expect(screen == [ScreenElement(.text, "Signed in as Ana"), .record("Task 1: Ana's round")])

        // On a device the walk reads the marked row again, unmarked: it is left out, and what the app forgot is added.
        let walked = [ScreenElement(.text, "Task 1: Ana's round"), ScreenElement(.button, "Sign out")]
        #expect(
            SessionRecorder.screen(screen, walked: walked) == [
                ScreenElement(.text, "Signed in as Ana"), .record("Task 1: Ana's round"), ScreenElement(.button, "Sign out"),
            ])
    }

    @Test("on every reference flaw, the stand-in's verdicts agree with run's where the pass judges", arguments: ReferenceAppFlaw.allCases)
    func agreesWithRun(flaw: ReferenceAppFlaw) async throws {
        let spec = try TestSupport.shippedSpec()
        let (plan, judgement, _) = try await Self.standIn(spec, flaws: [flaw])
        let run = await TestSupport.run(spec) { InProcessAdapterProvider { ReferenceAppAdapter(flaws: [flaw]) } }
        let agreement = DevicePassAgreement(plan: plan, run: run.results, device: judgement.results)
        let disagreeing = agreement.rows.filter { $0.comparison == .disagree }.map { "\($0.requirementID): run \($0.run.name), device \($0.device.name)" }
        #expect(disagreeing.isEmpty)
        #expect(agreement.count(.agree) > 0)
    }

    @Test("the recorder takes the screen as the launch's first account check answers, before the app has the answer", arguments: [false, true])
    func launchAccountCheckScreen(asyncForm: Bool) async throws {
        let directory = try TemporaryDirectory()
        let shown = Locked("Loading…")  // what the app shows: it draws the account only once the check has answered
        let recorder = try SessionRecorder(
            configuration: SessionRecorder.Configuration(msalVersion: "2.13.0", traceURL: directory.url.appendingPathComponent("app.jsonl"))
        ) { Observation(running: true, signedInAccount: nil, screen: [ScreenElement(.text, shown.withLock { $0 })], storage: []) }
        let broker = SimulatedBroker(spec: BrokerFixture.spec, given: Given(signedIn: ["alice"]), scenarioKey: "key")
        let msal = RecordingMSALApplication(base: HarnessMSALApplication(broker: broker), recorder: recorder)
        func accountCheck() async throws {
            if asyncForm {
                let (account, _) = try await msal.getCurrentAccount(with: nil)
                shown.withLock { $0 = "Signed in as \(account?.username ?? "nobody")" }
            } else {
                await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
                    msal.getCurrentAccount(with: nil) { account, _, _ in
                        shown.withLock { $0 = "Signed in as \(account?.username ?? "nobody")" }
                        done.resume()
                    }
                }
            }
        }
        try await accountCheck()  // before any launch: no screen taken
        shown.withLock { $0 = "Loading…" }  // the launch draws no account until its check answers
        recorder.lifecycle(.launch)
        try await accountCheck()
        try await accountCheck()  // the same launch's second check: none either
        let trace = try DeviceTrace(text: try String(contentsOf: recorder.traceURL, encoding: .utf8), file: "app.jsonl")
        #expect(trace.lines.map(\.kind) == [.header, .call, .lifecycle, .checkpoint, .call, .call])
        let checkpoint = try #require(trace.lines[3].checkpoint)
        #expect(checkpoint.label == SessionRecorder.launchAccountCheckLabel)
        #expect(checkpoint.observation.screen == [ScreenElement(.text, "Loading…")])
        #expect(trace.lines[4].call?.method == "getCurrentAccount")
    }

    @Test("a launch's held account check is judged by the screen as it answered; without that screen, it is not judged on a device")
    func launchAccountCheckJudged() async throws {
        let spec = try TestSupport.shippedSpec()
        let slow = ["signed out while not running, the launch's account check slow", "while not running, the launch's account check slow"]
        let (plan, trace, confirmations) = try await Self.standInPass(spec, flaws: [.showsStoredSessionBeforeCheck])
        let judge = DeviceJudge(spec: spec.spec, users: .catalogue(spec.spec))
        let judgement = judge.judge(plan: plan, trace: trace, confirmations: confirmations)
        let covered = Set(plan.procedures.flatMap { $0.covers.map(\.id) })
        #expect(covered.filter { slow.contains($0.scenarioName) }.count == 2)
        // The flaw shows the stored session while the check is under way: the two slow cases fail, and nothing else.
        let failed = judgement.results.filter { $0.outcome == .failed }
        #expect(Set(failed.map(\.id.scenarioName)) == Set(slow), "\(failed.map(\.id))")
        #expect(failed.allSatisfy { $0.issues.contains { $0.kind == .expectation(.noDataOf) && $0.stepIndex == 4 } })

        // A trace without the recorder's screen from then (an older recorder's): those cases are not judged, never passed.
        let older = DeviceTrace(
            lines: trace.lines.map { line in
                guard line.checkpoint?.label == SessionRecorder.launchAccountCheckLabel else { return line }
                var relabelled = line
                relabelled.checkpoint?.label = "the app's own"
                return relabelled
            })
        let unjudged = judge.judge(plan: plan, trace: older, confirmations: confirmations).results.filter { slow.contains($0.id.scenarioName) }
        #expect(unjudged.count == 2)
        for result in unjudged {
            #expect(Verdict(of: result, gate: .mustAndShould).reason?.contains("no screen from while the launch's account check was under way") == true)
        }
    }

    @Test("the recorder's digest is HMAC-SHA256 under the pass's key, and redacts every JWT-shaped run")
    func digestIsTheHarnessHMAC() {
        let digest = TokenDigest(key: Array("key".utf8))
        // RFC 4231-style check against a known MAC: HMAC-SHA256("key", "The quick brown fox jumps over the lazy dog").
        #expect(digest.digest("The quick brown fox jumps over the lazy dog") == "hmac:f7bc83f430538424b13298e6aa6fb143")
        let token = "eyJ0eXAiOiJKV1QifQ.at-M1-1.sig"
        #expect(digest.redact("Bearer \(token) and again \(token).") == "Bearer \(digest.digest(token)) and again \(digest.digest(token)).")
        #expect(digest.redact("eyJ alone") == "eyJ alone")
    }

    @Test("a trace line out of sequence, or of a newer version, is an error naming its line")
    func strictReader() throws {
        let header = Self.header
        let launch = #"{"kind":"lifecycle","lifecycle":"launch","sequence":3,"time":"t","version":1}"#
        #expect(throws: DeviceTrace.Problem.self) { try DeviceTrace(text: header + "\n" + launch, file: "trace.jsonl") }
        do { _ = try DeviceTrace(text: header + "\n" + launch, file: "trace.jsonl") } catch {
            #expect(error.description.hasPrefix("trace.jsonl:2: error: sequence 3"))
        }
        let newer = launch.replacingOccurrences(of: "\"version\":1", with: "\"version\":2").replacingOccurrences(of: "\"sequence\":3", with: "\"sequence\":2")
        do { _ = try DeviceTrace(text: header + "\n" + newer, file: "t") } catch { #expect(error.description.contains("newer than this harness reads")) }
        #expect(try DeviceTrace(text: header + "\n", file: "t").lines.count == 1)
    }

    static let header =
        #"{"header":{"appVersion":"1","bundleID":"b","deviceModel":"d","keyCheck":"k","msalVersion":"2","operatingSystem":"iOS 17.5","passID":"p"},"kind":"header","sequence":1,"time":"t","version":1}"#
    /// A checkpoint as the recorder wrote it before it recorded the contract's `Observation` (with
    /// string kinds and areas): its JSON, sorted keys and unescaped slashes, as its encoder wrote it.
    static let earlierCheckpoint =
        #"{"checkpoint":{"label":"p1.s1","observation":{"crashed":false,"running":true,"screen":[{"kind":"text","text":"Ana's tasks"},{"kind":"button","text":"Sign out"}],"#
        + #""signedInAccount":"oid.tid","storage":[{"area":"file","key":"Documents/tasks.json","value":"hmac:0123"},{"area":"pasteboard","key":"general","value":""}]}},"#
        + #""kind":"checkpoint","sequence":2,"time":"t","version":1}"#

    @Test("a checkpoint an earlier recorder wrote reads as the contract's observation, and is written back byte for byte")
    func earlierTraceReads() throws {
        let trace = try DeviceTrace(text: Self.header + "\n" + Self.earlierCheckpoint + "\n", file: "trace.jsonl")
        let observation = try #require(trace.lines.last?.checkpoint?.observation)
        #expect(
            observation
                == Observation(
                    running: true, signedInAccount: "oid.tid", screen: [ScreenElement(.text, "Ana's tasks"), ScreenElement(.button, "Sign out")],
                    storage: [StoredItem(.file, "Documents/tasks.json", "hmac:0123"), StoredItem(.pasteboard, "general", "")]))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        #expect(String(decoding: try encoder.encode(trace.lines[1]), as: UTF8.self) == Self.earlierCheckpoint)
    }

    @Test("an element kind or storage area this harness does not know is an error naming the line, the place and the known ones")
    func unknownAreaIsNamed() {
        let unknown = Self.earlierCheckpoint.replacingOccurrences(of: #""area":"pasteboard""#, with: #""area":"clipboard""#)
        do {
            _ = try DeviceTrace(text: Self.header + "\n" + unknown, file: "trace.jsonl")
            Issue.record("an unknown area was read")
        } catch {
            #expect(error.description.hasPrefix("trace.jsonl:2:"), "\(error)")
            #expect(error.description.contains(": error: not a trace line: unknown area 'clipboard'; the areas are keychain, file,"), "\(error)")
            #expect(error.description.contains("(at $.checkpoint.observation.storage[1].area)\n  fix: "), "\(error)")
        }
        let kind = Self.earlierCheckpoint.replacingOccurrences(of: #""kind":"button""#, with: #""kind":"toggle""#)
        do {
            _ = try DeviceTrace(text: Self.header + "\n" + kind, file: "trace.jsonl")
            Issue.record("an unknown kind was read")
        } catch {
            #expect(error.description.contains("unknown kind 'toggle'; the kinds are text, button,"), "\(error)")
            #expect(error.description.contains("(at $.checkpoint.observation.screen[1].kind)"), "\(error)")
        }
    }

    @Test("the recorder's stream says so when nothing listens at the harness's address")
    func streamRefused() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("device-refused-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let recorder = try SessionRecorder(
            configuration: SessionRecorder.Configuration(msalVersion: "1.3.3", traceURL: directory.appendingPathComponent("app.jsonl"))
        ) { Observation(running: true, signedInAccount: nil, screen: [], storage: []) }
        // A port that was just listened on, now closed: connecting is refused.
        let listener = try TCPListener(host: "127.0.0.1", port: 0)
        listener.retain()
        listener.release()
        do {
            _ = try TraceStream.connect(host: "127.0.0.1", port: listener.port, token: "t", recorder: recorder)
            Issue.record("connected to a closed port")
        } catch {
            let description = "\(error)"
            #expect(description.hasPrefix("cannot connect to 127.0.0.1:\(listener.port): "))
            #expect(description.hasSuffix("is `sl-conformance device-pass --listen` running, and this its port?"))
        }
    }

    @Test("an address that does not answer, or has no route, is named with what to check, and on Apple platforms the local network's permission")
    func streamUnreachable() {
        let silent = TraceStream.connectionHint(refused: false, timedOut: true, unreachable: false, timeout: 10, asksForLocalNetwork: false)
        #expect(silent == " (10 s); is the device on the harness's network, and this the address `device-pass --listen` printed?")
        let held = TraceStream.connectionHint(refused: false, timedOut: false, unreachable: true, timeout: 10, asksForLocalNetwork: true)
        #expect(held.hasPrefix("; is the device on the harness's network, and this the address `device-pass --listen` printed? "), "\(held)")
        #expect(held.contains("Settings › Privacy & Security › Local Network") && held.contains("NSLocalNetworkUsageDescription"), "\(held)")
        #expect(TraceStream.connectionHint(refused: false, timedOut: false, unreachable: false, timeout: 10) == "", "another failure has no hint")
        #expect(TraceStream.platformAsksForLocalNetwork == FileManager.default.fileExists(atPath: "/System/Library/CoreServices"), "Darwin only")
    }

    @Test("the recorder streams its trace over TCP to the harness, which asks it for a checkpoint")
    func streamsOverTCP() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("device-link-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let listener = try TCPListener(host: "127.0.0.1", port: 0)
        let link = try DeviceLink(listener: listener, token: "pass-token", traceURL: directory.appendingPathComponent("harness.jsonl"))
        defer { link.stop() }
        let recorder = try SessionRecorder(
            configuration: SessionRecorder.Configuration(msalVersion: "1.3.3", traceURL: directory.appendingPathComponent("app.jsonl"))
        ) {
            Observation(
                running: true, signedInAccount: "oid.tid", screen: [ScreenElement(.text, "Hello eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.c2ln")], storage: [])
        }
        recorder.lifecycle(.launch)
        let stream = try TraceStream.connect(host: "127.0.0.1", port: listener.port, token: "pass-token", recorder: recorder)
        defer { stream.stop() }
        // The link's waits block: they run on a thread of their own, as the interactive session's do,
        // and leave Swift's pool free for the recorder's checkpoint.
        let launched = await Self.offPool { link.wait(after: 0, timeout: .seconds(600)) { $0.lifecycle == .launch } }
        #expect(launched)
        let sequence = await Self.offPool { link.checkpoint("p1.s1", timeout: .seconds(600)) }
        #expect(sequence == 3)
        let trace = link.trace
        #expect(trace.lines.map(\.kind) == [.header, .lifecycle, .checkpoint])
        #expect(trace.lines.last?.checkpoint?.observation.screen.first?.text.contains("eyJ") == false)
        // The harness's file holds the same lines as the app's.
        let harness = try String(contentsOf: directory.appendingPathComponent("harness.jsonl"), encoding: .utf8)
        #expect(try DeviceTrace(text: harness, file: "harness.jsonl").lines == trace.lines)
    }

    /// `work` on a thread of its own.
    static func offPool<Value: Sendable>(_ work: @escaping @Sendable () -> Value) async -> Value {
        await withCheckedContinuation { continuation in Thread { continuation.resume(returning: work()) }.start() }
    }
}
