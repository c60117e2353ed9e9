import Foundation
import Testing

/// A recorded pass given to `device-pass --trace --state`: what is wrong with its files is an error
/// that names the file, the place and the fix, with the documented exit status, before anything is
/// judged; never a pass judged on what the files lack.
@Suite("sl-conformance device-pass: a trace or state file that is missing, cut off or not valid (in process)")
struct DevicePassInputTests {
    /// A stand-in pass's trace and state in a directory of their own, and the judging command's words.
    struct Recorded {
        let directory: URL
        var trace: URL { directory.appendingPathComponent("trace.jsonl") }
        var state: URL { directory.appendingPathComponent("state.json") }

        /// `device-pass --trace TRACE --state STATE` with the stand-in's users.
        func judge(trace: String? = nil, state: String? = nil) async -> (status: Int32, out: String, err: String) {
            await Tool.run([
                "device-pass", "--trace", trace ?? self.trace.path, "--state", state ?? self.state.path, "--quiet",
                "--reports", directory.appendingPathComponent("judged").path,
                "--first-user", "alice.adams@contoso.example=Alice Adams", "--second-user", "bob.brown@contoso.example=Bob Brown",
            ])
        }

        /// Writes `text` beside the pass as `name`, and returns its path.
        func write(_ text: String, as name: String) throws -> String {
            let url = directory.appendingPathComponent(name)
            try text.write(to: url, atomically: true, encoding: .utf8)
            return url.path
        }
    }

    /// Runs the stand-in, keeping its trace and state, and hands them to `body`.
    func withRecorded(_ body: (Recorded) async throws -> Void) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sl-device-input-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let recorded = Recorded(directory: directory)
        let standIn = await Tool.run([
            "device-pass", "--stand-in", "--quiet", "--trace", recorded.trace.path, "--state", recorded.state.path, "--reports",
            directory.appendingPathComponent("stand-in").path,
        ])
        try #require(standIn.status == 0, "\(standIn.err)")
        try await body(recorded)
    }

    @Test("a trace cut off before a confirmation's checkpoint is an error naming where it ends and what is needed, never a pass")
    func truncatedTrace() async throws {
        try await withRecorded { recorded in
            let whole = await recorded.judge()
            #expect(whole.status == 0, "\(whole.err)")
            let lines = try String(contentsOf: recorded.trace, encoding: .utf8).split(separator: "\n")
            #expect(lines.count > 200)
            let cut = try recorded.write(lines.prefix(100).joined(separator: "\n") + "\n", as: "cut.jsonl")
            let judged = await recorded.judge(trace: cut)
            #expect(judged.status == 65, "\(judged.out)\(judged.err)")
            #expect(
                judged.err.hasPrefix("\(cut): error: the trace ends at line 100 (sequence 100) before the confirmation of procedure "), "\(judged.err)")
            #expect(judged.err.contains(" in \(recorded.state.path) needs sequence "), "\(judged.err)")
            #expect(judged.err.contains("fix: give the whole trace file, as the app's debug build wrote it"), "\(judged.err)")
            #expect(judged.err.contains("or the state file of the same pass"), "\(judged.err)")
            #expect(!judged.out.contains("Result:") && !judged.err.contains("warning:"), "nothing is judged: \(judged.out)")
        }
    }

    @Test("verify holds a bundle's trace to its confirmations: a trace cut off and resealed is named, not re-judged")
    func truncatedTraceInBundle() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sl-device-input-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let bundle = directory.appendingPathComponent("device.tar")
        let run = await Tool.run(["device-pass", "--stand-in", "--quiet", "--reports", directory.path, "--bundle", bundle.path])
        try #require(run.status == 0, "\(run.err)")
        let cut = try TamperFixture.tampered(try Data(contentsOf: bundle)) { entries in
            let index = entries.firstIndex { $0.name == "trace.jsonl" }!
            let lines = String(decoding: entries[index].data, as: UTF8.self).split(separator: "\n").prefix(100)
            entries[index].data = Data((lines.joined(separator: "\n") + "\n").utf8)
        }
        let path = directory.appendingPathComponent("cut.tar")
        try cut.write(to: path)
        let verified = await Tool.run(["verify", path.path])
        #expect(verified.status == 1)
        #expect(verified.err.contains("trace.jsonl: error: the trace ends at line 100 (sequence 100) before the confirmation of procedure "), "\(verified.err)")
    }

    @Test("a trace whose last line was cut off mid-line says so, and the fix")
    func lastLineCutOff() async throws {
        try await withRecorded { recorded in
            let text = try String(contentsOf: recorded.trace, encoding: .utf8)
            let lines = text.split(separator: "\n")
            let cut = try recorded.write(lines.prefix(26).joined(separator: "\n") + "\n" + lines[26].prefix(40), as: "cut.jsonl")
            let judged = await recorded.judge(trace: cut)
            #expect(judged.status == 65)
            #expect(judged.err.hasPrefix("\(cut):27:"), "\(judged.err)")
            #expect(judged.err.contains("error: the trace's last line is cut off"), "\(judged.err)")
            #expect(judged.err.contains("fix: give the whole trace file"), "\(judged.err)")
        }
    }

    @Test("a missing trace or state file exits 66 naming it and the fix; a directory given for either is a usage error")
    func missingFiles() async throws {
        try await withRecorded { recorded in
            let state = await recorded.judge(state: "nope.json")
            #expect(state.status == 66)
            #expect(state.err.hasPrefix("error: nope.json: no such file\n  fix: give '--state' the state file"), "\(state.err)")
            #expect(!state.err.contains("NSCocoaErrorDomain"))
            let trace = await recorded.judge(trace: "nope.jsonl")
            #expect(trace.status == 66)
            #expect(trace.err.hasPrefix("error: nope.jsonl: no such file\n  fix: give '--trace' the trace the app's debug build recorded"), "\(trace.err)")
            for (option, judged) in [
                ("--trace", await recorded.judge(trace: recorded.directory.path)), ("--state", await recorded.judge(state: recorded.directory.path)),
            ] {
                #expect(judged.status == 64, "\(option): \(judged.err)")
                #expect(judged.err.hasPrefix("error: \(recorded.directory.path): is a directory, not a file\n  fix: give '\(option)' "), "\(judged.err)")
            }
        }
    }

    @Test("a state file value of the wrong type names the file, line, column, JSON path, what was expected and the fix")
    func stateWrongType() async throws {
        try await withRecorded { recorded in
            let text = try String(contentsOf: recorded.state, encoding: .utf8)
            // The second confirmation's step (the first is procedure 1's preparation, step 0).
            let edited = try #require(text.range(of: "\"step\" : 1,")).lowerBound
            let bad = try recorded.write(text.replacingCharacters(in: edited..<text.index(edited, offsetBy: 11), with: "\"step\" : \"x\","), as: "bad.json")
            let line = text[..<edited].filter { $0 == "\n" }.count + 1
            let column = text.distance(from: text[..<edited].lastIndex(of: "\n").map { text.index(after: $0) } ?? text.startIndex, to: edited) + 10
            let judged = await recorded.judge(state: bad)
            #expect(judged.status == 65)
            #expect(
                judged.err.hasPrefix(
                    "\(bad):\(line):\(column): error: not a device-pass state file: expected an integer, found a string (\"x\") (at $.confirmations[1].step)\n  fix: "
                ), "\(judged.err)")
            #expect(judged.err.contains("give the state file 'device-pass --listen' wrote for this pass, unedited"), "\(judged.err)")
            #expect(!judged.err.contains("DecodingError"))
            // Resuming a pass with it is refused before listening, and the file is left as it was:
            // it is never taken for a new pass's empty state and written over.
            let resumed = await Tool.run([
                "device-pass", "--listen", "127.0.0.1:0", "--trace", recorded.directory.appendingPathComponent("new-trace.jsonl").path, "--state", bad,
                "--quiet", "--reports", recorded.directory.appendingPathComponent("resumed").path,
                "--first-user", "alice.adams@contoso.example=Alice Adams", "--second-user", "bob.brown@contoso.example=Bob Brown",
            ])
            #expect(resumed.status == 65)
            #expect(resumed.err.contains("\(bad):\(line):\(column): error: not a device-pass state file"), "\(resumed.err)")
            #expect(!resumed.err.contains("listening on"), "\(resumed.err)")
            #expect(try String(contentsOfFile: bad, encoding: .utf8).contains("\"step\" : \"x\","))
        }
    }

    @Test("a trace line with a value outside its field's set names the file, line, column, field, the allowed values, did you mean, and the fix")
    func traceUnknownKind() async throws {
        try await withRecorded { recorded in
            var lines = try String(contentsOf: recorded.trace, encoding: .utf8).split(separator: "\n").map(String.init)
            let index = try #require(lines.firstIndex { $0.hasPrefix(#"{"kind":"lifecycle""#) })
            lines[index] = lines[index].replacingOccurrences(of: #""kind":"lifecycle""#, with: #""kind":"lifecycl""#)
            let bad = try recorded.write(lines.joined(separator: "\n") + "\n", as: "bad.jsonl")
            let judged = await recorded.judge(trace: bad)
            #expect(judged.status == 65)
            #expect(
                judged.err.hasPrefix(
                    "\(bad):\(index + 1):9: error: not a trace line: unknown kind 'lifecycl'; the kinds are header, call, accountChanged, lifecycle, checkpoint;"
                        + " did you mean 'lifecycle'? (at $.kind)\n  fix: write 'lifecycle'; "), "\(judged.err)")
            #expect(!judged.err.contains("Cannot initialize"))
        }
    }

    @Test("verify of a pass that was not finished says it is incomplete evidence (exit 1), as for a run's, not 'failed'")
    func unfinishedPassBundle() async throws {
        try await withRecorded { recorded in
            // The tester stopped after the first procedures: their confirmations only.
            var state = try JSONSerialization.jsonObject(with: Data(contentsOf: recorded.state)) as! [String: Any]
            let confirmations = state["confirmations"] as! [[String: Any]]
            state["confirmations"] = confirmations.filter { ($0["procedure"] as! Int) <= 3 }
            let partial = recorded.directory.appendingPathComponent("partial.json")
            try JSONSerialization.data(withJSONObject: state).write(to: partial)
            let bundle = recorded.directory.appendingPathComponent("partial.tar").path
            let judged = await Tool.run([
                "device-pass", "--trace", recorded.trace.path, "--state", partial.path, "--quiet", "--bundle", bundle,
                "--reports", recorded.directory.appendingPathComponent("partial").path,
                "--first-user", "alice.adams@contoso.example=Alice Adams", "--second-user", "bob.brown@contoso.example=Bob Brown",
            ])
            #expect(judged.status == 2, "an unfinished pass: \(judged.err)")
            let verified = await Tool.run(["verify", bundle])
            #expect(verified.status == 1, "\(verified.out)\(verified.err)")
            #expect(verified.out.contains("Result: incomplete (the pass was not finished: "), "\(verified.out)")
            #expect(!verified.out.contains("did not pass: failed"), "\(verified.out)")
        }
    }
}
