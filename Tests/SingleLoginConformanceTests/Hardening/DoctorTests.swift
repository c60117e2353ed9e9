import Foundation
@testable import SingleLoginTransport
import Testing
import ReferenceApp
import SingleLoginAdapter
@testable import SingleLoginConformance
import SingleLoginTestSupport

@Suite("sl-conformance doctor names what an adapter author must fix")
struct DoctorTests {
    @Test("the reference adapter passes every check")
    func referencePasses() async throws {
        guard let adapter = BuiltProducts.path("sl-reference-adapter") else {
            Issue.record(Comment(rawValue: BuiltProducts.missing("sl-reference-adapter")))
            return
        }
        // Generous timeouts: "answers in time" compares with half of each, and a loaded machine starts processes slowly.
        let report = await AdapterDoctor(command: adapter, timeouts: AdapterTimeouts(handshake: .seconds(120), step: .seconds(60))).run()
        #expect(report.passed, "\(report.render(terminal: false))")
        #expect(report.outcomes.count >= 15)
        #expect(report.render(terminal: false).hasSuffix("checks passed."))
    }

    @Test("the reference adapter in process passes the same checks, bar the transport's own")
    func inProcessPasses() async throws {
        let report = await AdapterDoctor(.inProcess { ReferenceAppAdapter() }, timeouts: AdapterTimeouts(handshake: .seconds(120), step: .seconds(60))).run()
        #expect(report.passed, "\(report.render(terminal: false))")
        let names = Set(report.outcomes.map(\.name))
        #expect(
            names.contains("reset is a fresh install") && names.contains("observe changes nothing")
                && names.contains("event terminate answers a valid observation"))
        #expect(!names.contains("stdout carries protocol messages only"), "no stdout in process")
    }

    @Test("an in-process adapter with a flaw fails the check that names it")
    func inProcessFlaw() async throws {
        struct KeepsStorage: ConformanceAdapter {
            let inner = ReferenceAppAdapter()
            var identity: AdapterIdentity { inner.identity }
            func reset(environment: AppEnvironment) async throws { try await inner.reset(environment: environment) }
            // A defaults entry that survives reset: reset is not a fresh install.
            func handle(_ event: AppEvent) async throws -> Observation { Self.keeping(try await inner.handle(event)) }
            func observe() async throws -> Observation { Self.keeping(try await inner.observe()) }
            static func keeping(_ observation: Observation) -> Observation {
                var observation = observation
                observation.storage.append(StoredItem(.defaults, "lastUsername", "alice"))
                return observation
            }
        }
        let report = await AdapterDoctor(.inProcess { KeepsStorage() }).run()
        let failed = try #require(report.outcomes.first { $0.status == .failed }, "\(report.render(terminal: false))")
        #expect(failed.name == "reset is a fresh install")
    }

    @Test("an adapter that throws after the handshake: the report says first that it crashed, how, and its stderr, then the checks")
    func crashFirst() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sl-doctor-crash-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        // Answers the handshake, then dies on the next request as a Python adapter with a bug does.
        let script = directory.appendingPathComponent("adapter.sh")
        let handshake =
            #"{"jsonrpc":"2.0","id":%s,"result":{"protocolVersion":"\#(WireProtocol.version)","adapter":{"name":"crashy","version":"1"},"#
            + #""app":{"name":"Crashy","version":"1","bundleId":"com.example.crashy"},"msalVersion":"2.0","capabilities":[]}}"#
        let body = """
            read -r request
            id=$(printf '%s\\n' "$request" | sed 's/.*"id":\\([0-9][0-9]*\\).*/\\1/')
            printf '\(handshake)\\n' "$id"
            read -r request
            echo 'Traceback (most recent call last):' >&2
            echo 'TypeError: reset() takes 1 positional argument but 2 were given' >&2
            exit 1

            """
        try body.write(to: script, atomically: true, encoding: .utf8)
        let report = await AdapterDoctor(command: "/bin/sh \(script.path)", timeouts: AdapterTimeouts(handshake: .seconds(120), step: .seconds(30))).run()
        let text = report.render(terminal: false)
        #expect(!report.passed)
        #expect(report.crash == AdapterDoctor.Crash(ending: .processEnded(.exited(1)), during: "reset"), "\(text)")
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.first == "CRASH the adapter crashed: it ended with exit code 1 during 'reset', before the doctor asked it to shut down", "\(text)")
        let typeError = try #require(lines.firstIndex { $0.contains("TypeError: reset()") }, "\(text)")
        let checks = try #require(lines.firstIndex(of: "Check by check:"), "\(text)")
        #expect(typeError < checks, "the stderr comes with the crash, before the checks: \(text)")
        #expect(lines.filter { $0.contains("TypeError") }.count == 1, "the stderr once: \(text)")
        #expect(lines[checks + 1] == "PASS the handshake is answered", "\(text)")
        #expect(text.contains("FAIL reset answers {}: the adapter exited with exit code 1 during 'reset'"), "\(text)")
    }

    @Test("an app that crashes during an event: the report says so first, then that it is not running")
    func appCrashFirst() async throws {
        struct CrashesOnSuspend: ConformanceAdapter {
            let inner = ReferenceAppAdapter()
            var identity: AdapterIdentity { inner.identity }
            func reset(environment: AppEnvironment) async throws { try await inner.reset(environment: environment) }
            func handle(_ event: AppEvent) async throws -> Observation {
                guard event == .suspend else { return try await inner.handle(event) }
                return Observation(running: false, crashed: true, signedInAccount: nil, screen: [], storage: [])
            }
            func observe() async throws -> Observation { try await inner.observe() }
        }
        let report = await AdapterDoctor(.inProcess { CrashesOnSuspend() }).run()
        let text = report.render(terminal: false)
        #expect(report.crash == AdapterDoctor.Crash(ending: .appCrashed, during: "event suspend"), "\(text)")
        #expect(text.hasPrefix("CRASH the app crashed during 'event suspend': the adapter's observation says crashed: true\n"), "\(text)")
        #expect(text.contains("FAIL event suspend answers a valid observation: running is false after suspend, expected true"), "\(text)")
    }

    static let faults: [(arguments: String, failing: String, fragment: String)] = [
        ("--grandchild", "nothing it started outlives it", "still running in its process group"),
        ("--fault bad-observation@event:refresh", "event refresh answers a valid observation", "'screen[0].kind' is 'label'"),
        ("--fault stdout-log@event:suspend", "stdout carries protocol messages only", "[INFO] handling event suspend"),
        ("--fault protocol:2.0", "it speaks protocol 1.x", "it says 2.0"),
        ("--fault hang@event:launch", "event launch answers a valid observation", "no answer to 'event launch'"),
        ("--fault exit:3@reset", "reset answers {}", "exit code 3"),
        ("--fault never-settle@event:resume", "event resume answers a valid observation", "it never settled"),
        (
            "--fault serial-concurrent-calls", "held answers (concurrentCalls, protocol 1.6): an event is answered while a call waits",
            "no answer to 'event refresh'"
        ),
    ]

    @Test("a faulty adapter fails the check that names its fault, with a fix", arguments: faults)
    func faultNamed(_ fault: (arguments: String, failing: String, fragment: String)) async throws {
        guard let adapter = BuiltProducts.path("sl-fake-adapter") else {
            Issue.record(Comment(rawValue: BuiltProducts.missing("sl-fake-adapter")))
            return
        }
        // The hang faults need the step timeout to end them; every other answer comes in milliseconds.
        let report = await AdapterDoctor(command: "\(adapter) \(fault.arguments)", timeouts: AdapterTimeouts(handshake: .seconds(120), step: .seconds(3))).run()
        #expect(!report.passed)
        let failed = try #require(report.outcomes.first { $0.status == .failed && $0.name == fault.failing }, "\(report.render(terminal: false))")
        #expect(failed.detail.contains(fault.fragment), "\(failed.detail)")
        #expect(failed.hint?.isEmpty == false)
        let text = report.render(terminal: false)
        #expect(text.contains("FAIL \(fault.failing)") && text.contains("fix: "))
        #expect(!text.contains("\u{1B}["), "plain text when not a terminal")
    }

    @Test("an adapter that declares concurrentCalls but deadlocks on a held answer fails the held-answer check within the step timeout, with the fix")
    func deadlockOnHeldAnswer() async throws {
        guard let adapter = BuiltProducts.path("sl-fake-adapter") else {
            Issue.record(Comment(rawValue: BuiltProducts.missing("sl-fake-adapter")))
            return
        }
        let report = await AdapterDoctor(
            command: "\(adapter) --fault serial-concurrent-calls", timeouts: AdapterTimeouts(handshake: .seconds(120), step: .seconds(3))
        ).run()
        let text = report.render(terminal: false)
        #expect(!report.passed && !text.contains("checks passed"), "\(text)")
        let held = try #require(report.outcomes.first { $0.name.hasPrefix("held answers") }, "\(text)")
        #expect(held.status == .failed && held.detail.contains("no answer to 'event refresh'"), "\(text)")
        #expect(held.hint?.contains("'held' notification") == true, "\(text)")
    }

    @Test("the reference adapter over stdio: the held-answer check holds a call and passes, never vacuously")
    func heldAnswerChecked() async throws {
        guard let adapter = BuiltProducts.path("sl-reference-adapter") else {
            Issue.record(Comment(rawValue: BuiltProducts.missing("sl-reference-adapter")))
            return
        }
        let report = await AdapterDoctor(command: adapter, timeouts: AdapterTimeouts(handshake: .seconds(120), step: .seconds(60))).run()
        let held = try #require(report.outcomes.first { $0.name.hasPrefix("held answers") })
        #expect(held.status == .passed && held.detail.contains("was held"), "\(held.detail)")
    }
}
