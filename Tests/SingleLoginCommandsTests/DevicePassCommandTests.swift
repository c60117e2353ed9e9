import Foundation
import SingleLoginReports
import SingleLoginSpec
import SingleLoginTestSupport
import Testing

@Suite("sl-conformance device-pass: the plan, the stand-in, its bundle and verify (in process)")
struct DevicePassCommandTests {
    @Test("--list names every procedure and step, what is not on a device, and the pass's length")
    func list() async {
        let result = await Tool.run(["device-pass", "--list"])
        #expect(result.status == 0)
        #expect(result.out.contains("22 procedures, 84 steps, about "))
        #expect(result.out.contains("Not on a device (81 test cases, reported as not judged on a device):"))
        #expect(result.out.contains("[waiting for the app to launch]"))
    }

    @Test("a pass on a device needs its trace, its state and the two test users")
    func usage() async {
        let bare = await Tool.run(["device-pass"])
        #expect(bare.status == 64)
        #expect(bare.err.contains("--trace <file>"))
        let flaw = await Tool.run(["device-pass", "--reference-flaw", "ignoresBroadcast"])
        #expect(flaw.status == 64)
        // The stand-in signs in the catalogue's users: named test users would fail a conformant app.
        let named = await Tool.run(["device-pass", "--stand-in", "--first-user", "ana@contoso.com=Ana", "--second-user", "ben@contoso.com=Ben"])
        #expect(named.status == 64)
        #expect(named.err.contains("the stand-in signs in the catalogue's own users"), "\(named.err)")
    }

    @Test("the stand-in's bundle is intact under verify, and an edited verdict or trace is caught")
    func standInBundle() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sl-device-pass-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let bundle = directory.appendingPathComponent("device.tar").path
        let run = await Tool.run(["device-pass", "--stand-in", "--quiet", "--reports", directory.path, "--bundle", bundle])
        // Nothing fails; what a device judges in part only (SL-SWITCH-2's sessions) is skipped, with its reason.
        #expect(run.status == 0)
        #expect(run.out.contains("Testing the bundled reference app on the stand-in") && !run.out.contains("--adapter"), "\(run.out)")
        let markdown = try String(contentsOf: directory.appendingPathComponent("device-pass.md"), encoding: .utf8)
        #expect(markdown.contains("| Device pass |"))
        #expect(markdown.contains("STAND-IN"))
        #expect(markdown.contains("0 of 29 MUST requirements failed"))
        // It says how to test one's own app with this command, which has no --adapter.
        #expect(
            markdown.contains("not your app on a device (the stand-in's pass: --stand-in, or its trace)") && markdown.contains("with --listen"), "\(markdown)")
        #expect(!markdown.contains("--adapter"), "\(markdown)")
        // What the pass does not judge is listed with its reason, without the heading's words again.
        #expect(markdown.contains("\n## Not judged on a device\n"))
        #expect(markdown.contains("- SL-DETECT-4 / signed out: a scripted broker answer"), "\(markdown)")
        let verified = await Tool.run(["verify", bundle])
        #expect(verified.status == 0)
        // The last line carries the pass's verdict as a run's does, for the same gate.
        // A stand-in's pass is the bundled reference app's: a gate that reads `; the run passed$` does not take it.
        #expect(
            verified.out.hasSuffix(
                "Result: intact, unsigned; a device pass, re-judged from its trace; the run passed, on the stand-in: the bundled reference app, not your app\n"),
            "\(verified.out)")
        #expect(verified.out.contains("broker: simulated: the stand-in's broker"), "a stand-in's broker was not a device's: \(verified.out)")
        #expect(verified.out.contains(" confirmations: "), "\(verified.out)")
        #expect(verified.out.contains(" passed, ") && verified.out.contains(" skipped"), "the verdicts line counts each verdict in words: \(verified.out)")
        #expect(!verified.out.contains(" failed,"), "the verdicts line names only the verdicts there are")

        // A pass that failed is intact evidence of a failure: exit 0, and the line says the run did not pass.
        let flawed = directory.appendingPathComponent("flawed.tar").path
        let failedRun = await Tool.run([
            "device-pass", "--stand-in", "--reference-flaw", "ignoresBroadcast", "--quiet", "--reports", directory.appendingPathComponent("f").path,
            "--bundle", flawed,
        ])
        #expect(failedRun.status == 1)
        let failedVerify = await Tool.run(["verify", flawed])
        #expect(failedVerify.status == 0)
        #expect(
            failedVerify.out.hasSuffix(
                "; a device pass, re-judged from its trace; the run did not pass: failed, on the stand-in: the bundled reference app, not your app\n"),
            "\(failedVerify.out)")
        #expect(failedVerify.out.contains(" failed"), "the verdicts line counts the failures: \(failedVerify.out)")
        #expect(failedVerify.out.contains(" not judged, "), "verdicts are named in words: \(failedVerify.out)")

        let data = try Data(contentsOf: URL(fileURLWithPath: bundle))
        // A forger who reseals SHA256SUMS: the app never signed out, by the trace's word.
        let forged = try TamperFixture.tampered(data) { entries in
            let index = entries.firstIndex { $0.name == "trace.jsonl" }!
            let lines = String(decoding: entries[index].data, as: UTF8.self).split(separator: "\n").map { line -> String in
                guard line.contains("\"method\":\"signout\"") else { return String(line) }
                return line.replacingOccurrences(of: "\"method\":\"signout\"", with: "\"method\":\"allAccounts\"")
            }
            entries[index].data = Data((lines.joined(separator: "\n") + "\n").utf8)
        }
        let path = directory.appendingPathComponent("forged.tar")
        try forged.write(to: path)
        let caught = await Tool.run(["verify", path.path])
        #expect(caught.status == 1)
        #expect(caught.err.contains("re-judge as failed"))
        // An edit that leaves SHA256SUMS as it was.
        let unsealed = try TamperFixture.tampered(data, reseal: false) {
            TamperFixture.replace("\"kind\":\"lifecycle\"", "\"kind\":\"lifecycle\" ", in: "trace.jsonl", &$0)
        }
        try unsealed.write(to: path)
        let digest = await Tool.run(["verify", path.path])
        #expect(digest.status == 1)
        #expect(digest.err.contains("trace.jsonl: does not match its SHA-256 in SHA256SUMS"))

        // The pages are rendered again: a failed pass's page made to say it passed, resealed, is caught.
        let flawedData = try Data(contentsOf: URL(fileURLWithPath: flawed))
        let page = try TamperFixture.tampered(flawedData) { TamperFixture.replace("❌ failed", "✅ passed", in: "device-pass.md", &$0) }
        try page.write(to: path)
        let forgedPage = await Tool.run(["verify", path.path])
        #expect(forgedPage.status == 1)
        #expect(forgedPage.err.contains("error: device-pass.md: line "), "\(forgedPage.err)")
        #expect(forgedPage.err.contains("differs from the report the re-judged pass gives"), "\(forgedPage.err)")
        #expect(verified.out.contains("device-pass.html rendered again from the re-judged pass, and equal"), "\(verified.out)")
        // No device-pass bundle is signed: a gate that asks for a signature refuses it.
        let keyed = await Tool.run(["verify", bundle, "--trusted-key", KeyFiles.path("signer-public.pem")])
        #expect(keyed.status == 1)
        #expect(keyed.out.hasSuffix("Result: SIGNATURE NOT ACCEPTED: the trusted key did not sign this bundle as it is\n"), "\(keyed.out)")
        #expect(keyed.err.contains("a device-pass bundle is unsigned"), "\(keyed.err)")
        // The surfaces the trace recorded are counted as recorded, not as never seen.
        #expect(!run.out.contains("never recorded in this pass: notification"), "\(run.out)")
    }

    @Test("a device pass's event stream gives each test case its observations, then its calls, then its issues, as reports.md says")
    func eventOrder() async throws {
        let directory = try TemporaryDirectory()
        let events = directory.path("events.jsonl")
        let run = await Tool.run([
            "device-pass", "--stand-in", "--reference-flaw", "leavesRecordsFile", "--quiet", "--reports", directory.path("r"), "--events", events,
        ])
        #expect(run.status == 1, "\(run.err)")
        var kindsByCase: [String: [String]] = [:]
        var order: [String] = []
        for line in try String(contentsOfFile: events, encoding: .utf8).split(separator: "\n") {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            guard let testCase = object["testCase"] as? [String: String], let kind = object["kind"] as? String else { continue }
            let key = "\(testCase["requirementID"] ?? "") / \(testCase["scenario"] ?? "")"
            if kindsByCase[key] == nil { order.append(key) }
            kindsByCase[key, default: []].append(kind)
        }
        let pattern = /testCaseStarted( observed)*( brokerCalled)*( issueRecorded)* testCaseEnded/
        var sawIssues = false
        for key in order {
            let kinds = kindsByCase[key]!.joined(separator: " ")
            #expect(kinds.wholeMatch(of: pattern) != nil, "\(key): \(kinds)")
            sawIssues = sawIssues || kinds.contains("observed brokerCalled") && kinds.contains("issueRecorded")
        }
        #expect(order.count > 100 && sawIssues, "a failed pass's stream has judged cases with observations, calls and issues")
    }

    /// A stand-in pass that found nothing wrong, its trace and state written into `directory`: their paths.
    static func recordStandIn(in directory: TemporaryDirectory) async throws -> (trace: String, state: String) {
        let trace = directory.url.appendingPathComponent("trace.jsonl").path
        let state = directory.url.appendingPathComponent("state.json").path
        let recorded = await Tool.run([
            "device-pass", "--stand-in", "--quiet", "--reports", directory.url.appendingPathComponent("r").path, "--trace", trace, "--state", state,
        ])
        try #require(recorded.status == 0, "\(recorded.err)")
        return (trace, state)
    }

    @Test("judging a trace with test users it never names is an error naming both, not a verdict on the app")
    func usersNotInTrace() async throws {
        let directory = try TemporaryDirectory()
        let (trace, state) = try await Self.recordStandIn(in: directory)
        let judged = await Tool.run([
            "device-pass", "--trace", trace, "--state", state, "--quiet", "--reports", directory.url.appendingPathComponent("j").path,
            "--first-user", "ana.diaz@contoso.com=Ana Díaz", "--second-user", "ben.ode@contoso.com=Ben Ode",
        ])
        #expect(judged.status == 65)
        #expect(judged.err.contains("error: neither test user given (ana.diaz@contoso.com, ben.ode@contoso.com) is in the trace"), "\(judged.err)")
        #expect(judged.err.contains("alice.adams@contoso.example") && judged.err.contains("  fix: give --first-user and --second-user"), "\(judged.err)")
    }

    @Test("a stand-in's trace judged again with --trace is still the stand-in's pass, in the reports and under verify")
    func standInTraceStaysStandIn() async throws {
        let directory = try TemporaryDirectory()
        let (trace, state) = try await Self.recordStandIn(in: directory)
        let bundle = directory.url.appendingPathComponent("again.tar").path
        let judged = await Tool.run([
            "device-pass", "--trace", trace, "--state", state, "--quiet", "--reports", directory.url.appendingPathComponent("j").path, "--bundle", bundle,
            "--first-user", "alice.adams@contoso.example=Alice Adams", "--second-user", "bob.brown@contoso.example=Bob Brown",
        ])
        #expect(judged.status == 0, "\(judged.err)")
        #expect(judged.out.contains("for the bundled reference app on the stand-in, not your app on a device"), "\(judged.out)")
        let verified = await Tool.run(["verify", bundle])
        #expect(verified.out.contains("broker: simulated: the stand-in's broker"), "\(verified.out)")
        #expect(verified.out.hasSuffix("; the run passed, on the stand-in: the bundled reference app, not your app\n"), "\(verified.out)")
    }

    @Test("a confirmation pointed at a line that is no checkpoint leaves its cases not run (exit 2), never passed")
    func confirmationOffItsCheckpoint() async throws {
        let directory = try TemporaryDirectory()
        let (trace, statePath) = try await Self.recordStandIn(in: directory)
        let state = URL(fileURLWithPath: statePath)
        // The first confirmation with a checkpoint, pointed one line earlier (at a call, not a checkpoint).
        var object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: state)) as? [String: Any])
        var confirmations = try #require(object["confirmations"] as? [[String: Any]])
        let index = try #require(confirmations.firstIndex { $0["checkpointSequence"] != nil && ($0["procedure"] as? Int) == 2 })
        confirmations[index]["checkpointSequence"] = (confirmations[index]["checkpointSequence"] as! Int) - 1
        object["confirmations"] = confirmations
        let edited = directory.url.appendingPathComponent("edited.json")
        try JSONSerialization.data(withJSONObject: object).write(to: edited)
        let judged = await Tool.run([
            "device-pass", "--trace", trace, "--state", edited.path, "--reports", directory.url.appendingPathComponent("j").path,
            "--first-user", "alice.adams@contoso.example=Alice Adams", "--second-user", "bob.brown@contoso.example=Bob Brown",
        ])
        #expect(judged.status == 2, "\(judged.out)")
        #expect(judged.out.contains(" not run"), "\(judged.out)")
        #expect(judged.err.contains("is not in the trace: the tester's confirmation does not match the recording"), "\(judged.err)")
        let markdown = try String(contentsOf: directory.url.appendingPathComponent("j/device-pass.md"), encoding: .utf8)
        #expect(markdown.contains("| ⏭ not run |"), "\(markdown)")
    }

    @Test("the same test user given twice is a usage error: the scenarios change users")
    func sameUserTwice() async {
        let result = await Tool.run([
            "device-pass", "--trace", "t.jsonl", "--state", "s.json", "--first-user", "ana.diaz@contoso.com=Ana Díaz", "--second-user",
            "Ana.Diaz@contoso.com=Ana",
        ])
        #expect(result.status == 64)
        #expect(result.err.contains("'--first-user' and '--second-user' name the same user"), "\(result.err)")
    }

    @Test("--agreement prints one row per covered requirement, none disagreeing, on a reference flaw")
    func agreement() async throws {
        let directory = try TemporaryDirectory()
        let result = await Tool.run([
            "device-pass", "--stand-in", "--quiet", "--reference-flaw", "leavesRecordsFile", "--agreement", "--reports", directory.url.path,
        ])
        #expect(result.out.contains("Agreement with 'run' on the reference app with leavesRecordsFile"))
        #expect(result.out.contains(" 0 disagree."))
    }
}
