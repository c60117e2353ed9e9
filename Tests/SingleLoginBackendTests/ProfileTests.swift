import Foundation
import SingleLoginConformance
import SingleLoginEvents
import Synchronization
import Testing
@testable import SingleLoginBackend

/// Events collected by a test.
final class EventLog: Sendable {
    private let events = Mutex<[Event]>([])
    func record(_ event: Event) { events.withLock { $0.append(event) } }
    var results: [TestCaseResult] {
        events.withLock { $0 }.compactMap { if case .testCaseEnded(let result) = $0.kind { return result } else { return nil } }
    }
    func outcome(_ id: String) -> TestCaseResult.Outcome? { results.first { $0.id.requirementID == id }?.outcome }
}

/// The suites that start processes, open servers or sign tokens run one at a time: they are
/// light alone, but together beside the transport's timing-sensitive suites (1 s step timeouts)
/// on a 2-core machine they could starve them.
@Suite(.serialized) enum BackendProfileTests {}

enum Repository {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static var spec: BackendSpec { try! BackendSpecLoader.load(path: root.appendingPathComponent("specs/backend.json").path) }
    static let exampleBackend = root.appendingPathComponent("Examples/python-backend/backend.py").path
    /// Whether python3 with PyJWT and cryptography is here (.ci/run installs them).
    static let hasPyJWT: Bool = {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "python3 -c 'import jwt, cryptography' 2>/dev/null"]
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }()
}

extension BackendProfileTests {
    @Suite("A backend that cannot be used gets one clear error, and nothing of it outlives the run")
    struct BadBackendTests {
        func run(_ command: String, health: Duration = .seconds(20), healthPath: String = "/health", only: [String] = []) async -> (EventLog, RunSummary) {
            let log = EventLog()
            let options = BackendProfile.Options(command: command, mode: .single, healthPath: healthPath, healthTimeout: health, only: only)
            let summary = await BackendProfile(spec: Repository.spec, options: options).run { log.record($0) }
            return (log, summary)
        }

        @Test("a backend that exits at once: every case errors, the first with its exit status and output, the rest point at it")
        func exitsEarly() async throws {
            let (log, summary) = await run("echo 'cannot read SL_CLIENT_ID' >&2; exit 3")
            #expect(summary.errored == 19 && summary.doesNotApply == 1 && summary.skipped == 0 && summary.passed == 0)
            #expect(ExitStatus(summary: summary, gate: .mustAndShould) == .adapterOrHarnessError)
            let first = try #require(log.results.first)
            #expect(first.id.requirementID == "BE-ACCEPT-1")
            let issue = try #require(first.issues.first)
            #expect(issue.severity == .error && issue.type == "backend.start.exited")
            #expect(issue.message.contains("exit code 3"))
            #expect(issue.observed.contains("cannot read SL_CLIENT_ID") && issue.observed.contains("SL_JWKS_URL=http://127.0.0.1:"))
            #expect(
                log.results.dropFirst().filter { $0.outcome == .errored }.allSatisfy {
                    $0.issues.first?.message.contains("the full error is under BE-ACCEPT-1") == true
                })
        }

        @Test("a start command that puts the backend in the background exits 0 at once, and the error says to run it in the foreground")
        func backgrounded() async throws {
            let (log, _) = await run("sleep 2 &", only: ["BE-AUD-1"])
            let issue = try #require(log.results.first { $0.id.requirementID == "BE-AUD-1" }?.issues.first)
            #expect(issue.type == "backend.start.exited")
            #expect(issue.message.contains("(exit code 0)") && issue.message.contains("must run the backend in the foreground"), "\(issue.message)")
        }

        @Test("a health path the backend does not have: the timeout names its last answer, 404, and asks about --health")
        func healthPathMissing() async throws {
            // Python's file server answers every path it has no file for with 404. The wait always runs
            // out; it is long enough for Python to answer once on a loaded machine.
            let (log, _) = await run(
                "cd \"$(mktemp -d)\" && exec python3 -m http.server \"$SL_BACKEND_PORT\" --bind 127.0.0.1", health: .seconds(8),
                healthPath: "/no-such-health", only: ["BE-AUD-1"])
            let issue = try #require(log.results.first { $0.id.requirementID == "BE-AUD-1" }?.issues.first)
            #expect(issue.type == "backend.start.timeout")
            #expect(issue.message.contains("its last answer was 404 File not found: is --health the path of its health check?"), "\(issue.message)")
        }

        @Test("a backend that never answers /health: a timeout naming the port, and its process group is gone after the run")
        func neverHealthy() async throws {
            let marker = "sl-never-healthy-\(UUID().uuidString.prefix(8))"
            // The wait always runs out; it is long enough for the shell to have written its line on a loaded machine.
            let (log, _) = await run("echo \(marker) >&2; exec sleep 37.25", health: .seconds(5), only: ["BE-AUD-1"])
            let issue = try #require(log.results.first { $0.id.requirementID == "BE-AUD-1" }?.issues.first)
            #expect(issue.type == "backend.start.timeout")
            #expect(issue.message.contains("did not answer GET /health with 200 on 127.0.0.1:"))
            #expect(issue.observed.contains(marker))
            #expect(try livingProcesses(containing: "sleep 37.25").isEmpty)
        }

        @Test("a backend that listens on another port is told which port it listens on", .enabled(if: FileManager.default.fileExists(atPath: "/proc/net/tcp")))
        func listensElsewhere() async throws {
            // The health wait always runs out (the port is wrong); it is long enough for Python to have
            // bound its socket on a loaded machine, so what the harness finds is the wrong port, not nothing.
            let (log, _) = await run(
                "exec python3 -c 'import socket,time; s=socket.socket(); s.bind((\"127.0.0.1\", 0)); s.listen(); time.sleep(30)'", health: .seconds(10),
                only: ["BE-AUD-1"])
            let issue = try #require(log.results.first { $0.id.requirementID == "BE-AUD-1" }?.issues.first)
            #expect(issue.message.contains("it listens on port"), "\(issue.message)")
            #expect(issue.message.contains("instead: listen on 127.0.0.1:$SL_BACKEND_PORT"))
        }

        /// Command lines of living (not zombie) processes that contain `text`: from /proc on Linux,
        /// from `ps` elsewhere (macOS has no /proc), so the check tests something on every platform.
        func livingProcesses(containing text: String) throws -> [String] {
            #if os(Linux)
            let entries = try FileManager.default.contentsOfDirectory(atPath: "/proc")
            return entries.compactMap { entry in
                guard Int(entry) != nil, let data = FileManager.default.contents(atPath: "/proc/\(entry)/cmdline") else { return nil }
                let line = String(decoding: data.map { $0 == 0 ? 0x20 : $0 }, as: UTF8.self)
                guard line.contains(text), let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                    let close = stat.lastIndex(of: ")"), stat[stat.index(after: close)...].split(separator: " ").first != "Z"
                else { return nil }
                return line
            }
            #else
            let ps = Process(), output = Pipe()
            ps.executableURL = URL(fileURLWithPath: "/bin/ps")
            ps.arguments = ["-A", "-o", "stat=", "-o", "args="]
            ps.standardOutput = output
            try ps.run()
            let listing = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            ps.waitUntilExit()
            return listing.split(separator: "\n").compactMap { row in
                let fields = row.drop { $0 == " " }.split(separator: " ", maxSplits: 1)
                guard fields.count == 2, !fields[0].hasPrefix("Z"), fields[1].contains(text) else { return nil }
                return fields[1].trimmingCharacters(in: .whitespaces)
            }
            #endif
        }
    }
}

extension BackendProfileTests {
    @Suite("The profile's verdicts on a conformant backend built on PyJWT, and on its flaws", .enabled(if: Repository.hasPyJWT))
    struct ExampleBackendTests {
        func run(flaw: String?, mode: TenantMode, rotationWait: Duration = .seconds(2), skip: [String] = []) async -> EventLog {
            let log = EventLog()
            let command = "python3 '\(Repository.exampleBackend)'" + (flaw.map { " --flaw \($0)" } ?? "")
            // The rotation wait is shortened here (PyJWT's own cooldown is 30 s, so BE-ROTATE-1 is
            // only run with the real 35 s in .ci/checks/backend-examples.sh).
            let options = BackendProfile.Options(command: command, mode: mode, rotationWait: rotationWait, skip: skip)
            await BackendProfile(spec: Repository.spec, options: options).run { log.record($0) }
            return log
        }

        // One conformant run and one flawed run here; the whole table (both example backends in both
        // modes with the real 35 s wait, and every flaw) is .ci/checks/backend-examples.sh, which keeps
        // this suite light enough not to starve the timing-sensitive suites that run beside it.
        @Test(
            "the conformant example passes every applicable case, and BE-ISS-2 does not apply to a single-tenant backend (its own kind of skip, which leaves nothing unverified)"
        )
        func conformant() async {
            let log = await run(flaw: nil, mode: .single, skip: ["BE-ROTATE-1"])
            let failed = log.results.filter { $0.outcome == .failed || $0.outcome == .errored }
            #expect(failed.isEmpty, "\(failed.map { "\($0.id.requirementID): \($0.issues.map(\.message))" })")
            #expect(log.outcome("BE-ISS-2") == .doesNotApply(reason: "does not apply to a single-tenant backend"))
            #expect(log.results.filter { $0.outcome == .passed }.count == 18)
        }

        @Test("a wrong --url: each 404 says the backend has no such POST endpoint and points at --url")
        func wrongURL() async throws {
            let log = EventLog()
            let options = BackendProfile.Options(
                command: "python3 '\(Repository.exampleBackend)'", mode: .single, shape: SessionRequestShape(target: "/api/session"), only: ["BE-AUD-1"])
            await BackendProfile(spec: Repository.spec, options: options).run { log.record($0) }
            let issue = try #require(log.results.first { $0.id.requirementID == "BE-AUD-1" }?.issues.first)
            #expect(issue.message.contains("404"), "\(issue.message)")
            #expect(issue.message.contains("the backend has no POST /api/session: is --url its session endpoint?"), "\(issue.message)")
        }

        @Test(
            "a multi-tenant backend that admits only onboarded tenants passes once it admits SL_OTHER_TENANT_IDS; with the issuer flaw each BE-ISS-2 token is accepted, none refused as an unknown tenant"
        )
        func onboardedTenantsOnly() async throws {
            let log = EventLog()
            let command = "python3 '\(Repository.exampleBackend)' --onboarded-tenants-only --flaw issuer-not-tied-to-tid"
            let options = BackendProfile.Options(command: command, mode: .multi, only: ["BE-ACCEPT-1", "BE-DECOY-1", "BE-ISS-2"])
            await BackendProfile(spec: Repository.spec, options: options).run { log.record($0) }
            #expect(log.outcome("BE-ACCEPT-1") == .passed, "\(log.results.map { ($0.id.requirementID, $0.issues.map(\.message)) })")
            #expect(log.outcome("BE-DECOY-1") == .passed)
            let issues = try #require(log.results.first { $0.id.requirementID == "BE-ISS-2" }?.issues)
            // All three mismatched tokens (tenants A, B and home only) are accepted: B is onboarded too,
            // so the only thing that can refuse "iss A with tid B" is the iss-to-tid check.
            #expect(issues.map(\.type) == ["backend.accepted", "backend.accepted", "backend.accepted"])
        }

        @Test("a backend that caches its keys forever fails BE-ROTATE-1 only, with the fetch timeline in its evidence")
        func rotation() async throws {
            let log = await run(flaw: "caches-keys-forever", mode: .single, rotationWait: .milliseconds(200))
            #expect(log.results.filter { $0.outcome == .failed }.map(\.id.requirementID) == ["BE-ROTATE-1"])
            let issue = try #require(log.results.first { $0.id.requirementID == "BE-ROTATE-1" }?.issues.first)
            #expect(issue.type == "backend.rejected")
            #expect(issue.observed.contains("Timeline of this process, from its start: started 0.0 s; healthy "))
            #expect(issue.observed.contains("; first valid token sent "))
            #expect(issue.observed.contains("(before the append)"))
            #expect(issue.observed.contains("; key \(TestKeys.rotation.kid) appended "))
            #expect(issue.observed.contains("after the last JWKS fetch before the append"))
            #expect(issue.observed.contains("\"kid\":\"\(TestKeys.rotation.kid)\""))
        }
    }
}

extension BackendProfileTests {
    @Suite("A backend that hangs or dies on a request fails that case, and the next case gets a fresh process")
    struct MisbehavingBackendTests {
        /// A standard-library backend: /health answers 200; POST hangs (`hang`) or ends the process (`die`).
        static func command(_ behaviour: String) -> String {
            let script = """
                import os, sys, time
                from http.server import BaseHTTPRequestHandler, HTTPServer
                class H(BaseHTTPRequestHandler):
                    def log_message(self, *a): pass
                    def do_GET(self):
                        self.send_response(200); self.send_header('Content-Length', '0'); self.end_headers()
                    def do_POST(self):
                        sys.stderr.write('got a token, now {0}\\\\n'.format('\(behaviour)')); sys.stderr.flush()
                        if '\(behaviour)' == 'die': os._exit(9)
                        time.sleep(30)
                HTTPServer(('127.0.0.1', int(os.environ['SL_BACKEND_PORT'])), H).serve_forever()
                """
            return "exec python3 -c \"$(printf '%s' '\(Data(script.utf8).base64EncodedString())' | base64 -d)\""
        }

        /// The request timeout always runs out for `hang`; it is long enough for the backend to have
        /// logged the request it got on a loaded machine.
        func run(_ behaviour: String) async -> EventLog {
            let log = EventLog()
            let options = BackendProfile.Options(
                command: Self.command(behaviour), mode: .single, requestTimeout: .seconds(3), only: ["BE-AUD-1", "BE-TIME-1", "BE-TYPE-1"])
            await BackendProfile(spec: Repository.spec, options: options).run { log.record($0) }
            return log
        }

        func processIDs(_ log: EventLog) -> Set<String> {
            Set(
                log.results.compactMap { result in
                    result.issues.first?.observed.split(separator: "\n").first { $0.hasPrefix("Backend process ") }.map { String($0.split(separator: " ")[2]) }
                })
        }

        @Test("a request that hangs past the time limit is a failure ('a hang'), and each case runs on a new process")
        func hangs() async {
            let log = await run("hang")
            #expect(log.results.filter { $0.outcome == .failed }.count == 3)
            #expect(log.results.allSatisfy { $0.outcome != .failed || $0.issues.first?.type == "backend.timeout" })
            #expect(log.results.first { $0.outcome == .failed }?.adapterLog.contains("got a token, now hang") == true)
            // The output tail is in the evidence every report shows, not only in the event stream's log.
            let observed = log.results.first { $0.outcome == .failed }?.issues.first?.observed ?? ""
            #expect(observed.contains("Backend output (stdout and stderr, last lines):\n  got a token, now hang"), "\(observed)")
            #expect(processIDs(log).count == 3)
        }

        @Test("a process that dies mid-request is a failure ('a dropped connection'), and the next case restarts it")
        func dies() async {
            let log = await run("die")
            #expect(log.results.filter { $0.outcome == .failed }.map { $0.issues.first?.type } == ["backend.dropped", "backend.dropped", "backend.dropped"])
            #expect(processIDs(log).count == 3)
            // The evidence waits for the process's end and shows it, with its last words.
            let observed = log.results.first { $0.outcome == .failed }?.issues.first?.observed ?? ""
            #expect(observed.contains("ended (exit code 9)"), "\(observed)")
            #expect(observed.contains("got a token, now die"), "\(observed)")
        }
    }
}

@Suite("How tokens are posted")
struct SessionRequestShapeTests {
    @Test("by default {\"id_token\": ...} as JSON to /session; another field; or a bearer header with an empty body")
    func shapes() {
        let json = SessionRequestShape().request(token: "a.b.c")
        #expect(json.target == "/session" && json.body == Array(#"{"id_token":"a.b.c"}"#.utf8))
        #expect(json.headers == [HTTPHeader("Content-Type", "application/json")])
        let field = SessionRequestShape(target: "/api/login?v=2", tokenField: "idToken").request(token: "t")
        #expect(field.target == "/api/login?v=2" && field.body == Array(#"{"idToken":"t"}"#.utf8))
        let bearer = SessionRequestShape(bearer: true).request(token: "t")
        #expect(bearer.headers == [HTTPHeader("Authorization", "Bearer t")] && bearer.body.isEmpty)
        #expect(
            SessionRequestShape(bearer: true).requestsWithoutToken().map(\.label) == [
                "no Authorization header", "an empty bearer token", "another scheme (Basic)",
            ])
    }
}

extension BackendProfileTests {
    @Suite("A port taken by another program between the harness's check and the backend's bind is no error of the backend's")
    struct PortRaceTests {
        @Test("the backend is started again on another port, and the case runs")
        func restartsOnAnotherPort() async throws {
            let flag = FileManager.default.temporaryDirectory.appendingPathComponent("sl-port-race-\(UUID().uuidString)").path
            defer { try? FileManager.default.removeItem(atPath: flag) }
            // First start: a process outside the backend's group takes the port (for 3 s), and the
            // backend exits as a real one would ("Address already in use"). Second start: it serves.
            let script = """
                import os, subprocess, sys, time
                from http.server import BaseHTTPRequestHandler, HTTPServer
                port = int(os.environ['SL_BACKEND_PORT'])
                if not os.path.exists('\(flag)'):
                    open('\(flag)', 'w').close()
                    subprocess.Popen([sys.executable, '-c', 'import socket,time; s=socket.socket(); s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1); s.bind(("127.0.0.1", %d)); s.listen(); time.sleep(3)' % port], start_new_session=True)
                    time.sleep(0.5)
                    sys.exit('OSError: [Errno 98] Address already in use')
                class H(BaseHTTPRequestHandler):
                    def log_message(self, *a): pass
                    def do_GET(self):
                        self.send_response(200); self.send_header('Content-Length', '0'); self.end_headers()
                    def do_POST(self):
                        self.rfile.read(int(self.headers.get('Content-Length', 0)))
                        self.send_response(401); self.send_header('Content-Length', '0'); self.end_headers()
                HTTPServer(('127.0.0.1', port), H).serve_forever()
                """
            let command = "exec python3 -c \"$(printf '%s' '\(Data(script.utf8).base64EncodedString())' | base64 -d)\""
            let log = EventLog()
            let options = BackendProfile.Options(command: command, mode: .single, only: ["BE-AUD-1"])
            await BackendProfile(spec: Repository.spec, options: options).run { log.record($0) }
            #expect(log.outcome("BE-AUD-1") == .passed, "\(log.results.map { ($0.id.requirementID, $0.outcome, $0.issues.map(\.message)) })")
        }
    }
}
