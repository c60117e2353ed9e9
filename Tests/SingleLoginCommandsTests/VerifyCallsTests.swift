import Foundation
import SingleLoginCommands
import SingleLoginReports
import Testing

/// Edits of a test case's broker calls as a forger makes them: in events.jsonl (and in the test
/// case's transcript file, in a bundle of format 1), on the JSON values, resealed. A test case
/// records its calls twice (a `brokerCalled` event each, and its `testCaseEnded` result's
/// transcript, which the reports show), and the runner delivers broadcasts only after the step's
/// own event, only to an app in the foreground.
@Suite("verify holds a test case's calls to both records of them and to when the runner can have delivered broadcasts")
struct VerifyCallsTests {
    /// A flaw that makes calls during the broadcast of the app's own sign-in, which SL-BROADCAST-3 forbids.
    static let rebuilds = Task { await TamperFixture.make(["--only", "SL-BROADCAST-3", "--reference-flaw", "rebuildsOnOwnSignInBroadcast"]) }

    /// A flaw whose app makes late calls: released answers lead it to calls under a step whose event
    /// was answered long before, answered in the later step that released them.
    static let late = Task { await TamperFixture.make(["--only", "SL-INFLIGHT-1", "--reference-flaw", "promptsPerResource"]) }

    /// Which test case, and where an edit applies: its `brokerCalled` events, its `testCaseEnded` result's transcript, or both.
    struct Target {
        var requirement: String
        var scenario: String
        var events = true
        var result = false
    }

    /// Applies `edit` to the calls of `target` (each a JSON object, in order) in events.jsonl, and in
    /// its transcript file if the bundle has one.
    static func editCalls(_ target: Target, _ entries: inout [(name: String, data: Data)], _ edit: (inout [[String: Any]]) -> Void) {
        let manifest = try! JSONDecoder().decode(BundleManifest.self, from: entries.first { $0.name == "manifest.json" }!.data)
        // A bundle without the test case (its fixture changed) is a failed expectation, not a crash of the whole run.
        guard let entry = manifest.testCases.first(where: { $0.requirementID == target.requirement && $0.scenario == target.scenario }),
            entry.events != nil || entry.transcript != nil
        else {
            Issue.record("the bundle has no events of \(target.requirement) / \(target.scenario)")
            return
        }
        var removedEvents = 0
        for name in ["events.jsonl"] + [entry.transcript].compactMap(\.self) {
            let index = entries.firstIndex { $0.name == name }!
            var lines = String(decoding: entries[index].data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            let ours = lines.indices.filter { index in
                lines[index].contains("\"requirementID\":\"\(target.requirement)\",\"scenario\":\"\(target.scenario)\"")
            }
            let object = { (line: String) in try! JSONSerialization.jsonObject(with: Data(line.utf8)) as! [String: Any] }
            let text = { (object: [String: Any]) in
                String(decoding: try! JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes]), as: UTF8.self)
            }
            // The edits index into the calls: a case that made none in this bundle is a failed expectation, not a crash.
            func editSome(_ calls: inout [[String: Any]]) {
                guard !calls.isEmpty else {
                    Issue.record("\(target.requirement) / \(target.scenario) made no broker calls in \(name)")
                    return
                }
                edit(&calls)
            }
            if target.events {
                let called = ours.filter { lines[$0].contains("\"kind\":\"brokerCalled\"") }
                var calls = called.map { object(lines[$0])["call"] as! [String: Any] }
                editSome(&calls)
                for (offset, line) in called.enumerated().reversed() {
                    if offset < calls.count {
                        var event = object(lines[line])
                        event["call"] = calls[offset]
                        lines[line] = text(event)
                    } else {
                        lines.remove(at: line)
                        if name == "events.jsonl" { removedEvents += 1 }
                    }
                }
            }
            if target.result, let ended = ours.last(where: { lines[$0].contains("\"kind\":\"testCaseEnded\"") }) {
                var event = object(lines[ended])
                var result = event["result"] as! [String: Any]
                var calls = result["transcript"] as! [[String: Any]]
                editSome(&calls)
                result["transcript"] = calls
                event["result"] = result
                lines[ended] = text(event)
            }
            entries[index].data = Data(lines.joined(separator: "\n").utf8)
        }
        // The manifest counts the test case's events: a forger who drops one counts one fewer.
        if removedEvents > 0, entry.events != nil {
            TamperFixture.editManifest(&entries) { $0.testCases[manifest.testCases.firstIndex(of: entry)!].events! -= removedEvents }
        }
    }

    /// Moves the first call made during broadcasts back into its step's own phase.
    static func firstBroadcastCallToStep(_ calls: inout [[String: Any]]) {
        guard let first = calls.firstIndex(where: { $0["during"] as? String == "broadcasts" }) else {
            Issue.record("no call during broadcasts")
            return
        }
        calls[first]["during"] = nil
    }

    /// One edit of one test case's calls and what the finding on it must say.
    struct Edit: Sendable, CustomStringConvertible {
        var description: String
        var bundle: @Sendable () async -> Data = { await VerifyCommandTests.failing.value }
        var requirement: String
        var scenario: String
        var says: String
        var edit: @Sendable (Target, inout [(name: String, data: Data)]) -> Void
    }

    static let edits: [Edit] = [
        Edit(
            description: "the first call of a broadcast moved into its step (during: broadcasts removed, in the events)",
            requirement: "SL-BROADCAST-3", scenario: "own sign-in, then its broadcast",
            says:
                "is not its brokerCalled events (6, what re-judging reads): call #6 getCurrentAccount is made during step 2's broadcasts in testCaseEnded, during step 2 in its brokerCalled event"
        ) { target, entries in
            editCalls(target, &entries, firstBroadcastCallToStep)
        },
        Edit(
            description: "the last call of a test case dropped from the events", requirement: "SL-BROADCAST-3",
            scenario: "own sign-in, then its broadcast", says: "call #6 getCurrentAccount is in testCaseEnded but has no brokerCalled event"
        ) { target, entries in
            editCalls(target, &entries) { _ = $0.popLast() }
        },
        Edit(
            description: "a call added to the result's transcript only, which the reports show", requirement: "SL-BROADCAST-3",
            scenario: "own sign-in, then its broadcast", says: "call #7 getCurrentAccount is in testCaseEnded but has no brokerCalled event"
        ) { target, entries in
            var only = target
            (only.events, only.result) = (false, true)
            editCalls(only, &entries) { calls in
                var extra = calls[calls.count - 1]
                extra["sequence"] = calls.count + 1
                calls.append(extra)
            }
        },
        Edit(
            description: "the first call of a step after a broadcast the suspended app never received, relabelled as made during it, everywhere",
            requirement: "SL-SWITCH-3", scenario: "while suspended",
            says: "replaying its broker calls: call #5 getCurrentAccount is recorded during step 4's broadcasts, but no broadcast was posted before it"
        ) { target, entries in
            var everywhere = target
            everywhere.result = true
            editCalls(everywhere, &entries) { calls in
                guard let first = calls.firstIndex(where: { $0["stepIndex"] as? Int == 3 }) else {
                    Issue.record("no call in step 4")
                    return
                }
                calls[first]["during"] = "broadcasts"
            }
        },
        Edit(
            description: "the broadcast's calls a check forbids moved into the step everywhere: re-judging no longer finds the recorded failure",
            bundle: { await rebuilds.value }, requirement: "SL-BROADCAST-3", scenario: "own sign-in, then its broadcast",
            says: "the run recorded other issues than re-judging finds"
        ) { target, entries in
            var everywhere = target
            everywhere.result = true
            editCalls(everywhere, &entries) { calls in
                for index in calls.indices { calls[index]["during"] = nil }
            }
        },
        Edit(
            description: "a late call's later moment removed everywhere, as if it was answered in the step it belongs to",
            bundle: { await late.value }, requirement: "SL-INFLIGHT-1", scenario: "a silent token call under way across a user change",
            says: "call #11 acquireTokenSilent is recorded as answered during step 4, but it comes after step 5's broadcasts's start"
        ) { target, entries in
            var everywhere = target
            everywhere.result = true
            editCalls(everywhere, &entries) { calls in
                guard let first = calls.firstIndex(where: { $0["answeredLater"] != nil }) else {
                    Issue.record("no late call")
                    return
                }
                calls[first]["answeredLater"] = nil
            }
        },
    ]

    @Test("calls made after their step's event was answered, under the step they belong to, replay where the broker answered them")
    func lateCallsReplay() async throws {
        let bundle = await Self.late.value
        let events = try #require(TamperFixture.files(bundle).first { $0.name == "events.jsonl" })
        #expect(String(decoding: events.data, as: UTF8.self).contains("\"answeredLater\":{\"stepIndex\":"), "the fixture's app made no late call")
        let report = try await BundleVerifier().verify(bundle)
        #expect(report.findings.isEmpty, "\(report.findings)")
    }

    @Test("each edit of a test case's calls, resealed, is a finding on the file that holds them", arguments: edits)
    func edited(_ edit: Edit) async throws {
        let bundle = await edit.bundle()
        let manifest = try JSONDecoder().decode(BundleManifest.self, from: try #require(TamperFixture.files(bundle).first { $0.name == "manifest.json" }).data)
        let entry = try #require(manifest.testCases.first { $0.requirementID == edit.requirement && $0.scenario == edit.scenario })
        let forged = try TamperFixture.tampered(bundle) { edit.edit(Target(requirement: edit.requirement, scenario: edit.scenario), &$0) }
        let report = try await BundleVerifier().verify(forged)
        #expect(
            report.findings.contains {
                $0.file == (entry.transcript ?? "events.jsonl") && $0.testCase == "\(edit.requirement) / \(edit.scenario)" && $0.message.contains(edit.says)
            },
            "\(edit): no finding on \(entry.transcript ?? "events.jsonl") says '\(edit.says)': \(report.findings)")
    }

    @Test("the command prints such a finding on stderr, ends TAMPERED OR INCONSISTENT and exits 1")
    func commandLine() async throws {
        let bundle = await VerifyCommandTests.failing.value
        let forged = try TamperFixture.tampered(bundle) { entries in
            Self.editCalls(Target(requirement: "SL-BROADCAST-3", scenario: "own sign-in, then its broadcast"), &entries) { _ = $0.popLast() }
        }
        let scratch = try Scratch()
        defer { scratch.remove() }
        let run = await Tool.run(["verify", try scratch.write(forged, "forged.tar")])
        #expect(run.status == 1)
        #expect(
            run.err.contains("SL-BROADCAST-3 / own sign-in, then its broadcast: its testCaseEnded transcript (6 calls, what the reports show)"), "\(run.err)")
        #expect(run.out.hasSuffix("Result: TAMPERED OR INCONSISTENT (1 finding)\n"), "\(run.out)")
    }
}
