import Foundation
import SingleLoginCommands
import SingleLoginTestSupport
import Testing

@Suite("sl-conformance backend: options, usage errors and the plan (in process)")
struct BackendCommandTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
    static let spec = root + "/specs/backend.json"

    @Test("help names every environment variable and the verdicts")
    func help() async {
        let run = await Tool.run(["backend", "--help"])
        #expect(run.status == 0)
        for name in [
            "SL_BACKEND_PORT", "SL_CLIENT_ID", "SL_TENANT_ID", "SL_TENANT_MODE", "SL_AUTHORITY", "SL_OIDC_METADATA_URL", "SL_JWKS_URL", "SL_OTHER_TENANT_IDS",
            "admit these in test, as it would an", "rejected = 400, 401 or 403",
        ] {
            #expect(run.out.contains(name), "\(name)")
        }
    }

    @Test(
        "usage errors exit 64 with the fix",
        arguments: [
            (["backend"], "Missing '--start <command>'"),
            (["backend", "--start", "x", "--tenant", "mult"], "The value 'mult' is invalid for '--tenant <mode>'"),
            (["backend", "--start", "x", "--url", "http://127.0.0.1:8080/session"], "the port is SL_BACKEND_PORT"),
            (["backend", "--start", "x", "--url", "http://example.com/session"], "the harness talks to 127.0.0.1 only"),
            (["backend", "--start", "x", "--url", "https://127.0.0.1/session"], "the harness speaks plain HTTP to the backend on loopback, not HTTPS"),
            (["backend", "--start", "x", "--health", "health"], "Please give a path that starts with '/'"),
            (["backend", "--start", "x", "--spec", spec, "--only", "BE-SIG-9"], "No case ID or tag 'BE-SIG-9'"),
        ])
    func usage(words: [String], message: String) async {
        let run = await Tool.run(words)
        #expect(run.status == 64)
        #expect(run.err.contains(message), "\(run.err)")
    }

    @Test("--list prints the plan: the mode's other issuer case skipped as not applicable, decoy and rotation last")
    func list() async {
        let run = await Tool.run(["backend", "--list", "--tenant", "multi", "--spec", Self.spec])
        #expect(run.status == 0)
        let lines = run.out.split(separator: "\n").map(String.init)
        #expect(lines.count == 20)
        #expect(lines.contains("BE-ISS-1 / multi-tenant backend  (skip: does not apply to a multi-tenant backend)"))
        #expect(lines.suffix(2) == ["BE-DECOY-1 / multi-tenant backend", "BE-ROTATE-1 / multi-tenant backend"])
    }

    @Test("validate recognises the backend spec by its 'cases'")
    func validate() async {
        let run = await Tool.run(["validate", Self.spec])
        #expect(run.status == 0)
        #expect(run.out == "\(Self.spec): valid (20 cases)\n")
    }

    @Test("an invalid spec exits 65 with a compiler-style diagnostic")
    func invalidSpec() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("backend-\(UUID().uuidString).json")
        try Data(#"{"formatVersion": "1.0", "id": "b", "version": "1", "title": "T", "casez": []}"#.utf8).write(to: file)
        let reports = try TemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: file) }
        let run = await Tool.run(["backend", "--start", "x", "--spec", file.path, "--reports", reports.url.path])
        #expect(run.status == 65)
        #expect(run.err.contains(":1:67: error: unknown key 'casez'; did you mean 'cases'?"), "\(run.err)")
        // The reports say the profile did not run, as a run's do.
        let junit = try String(contentsOf: reports.url.appendingPathComponent("backend-junit.xml"), encoding: .utf8)
        #expect(junit.contains("sl-conformance backend did not start: exit status 65 (invalid spec)"), "\(junit)")
    }
}
