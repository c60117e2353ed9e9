import CommandLineKit
import Foundation
import SingleLoginCommands
import SingleLoginSpec
import SingleLoginTestSupport
import Testing

/// Runs `sl-conformance` in process, as `main.swift` does, capturing both streams.
enum Tool {
    /// The spec test target's fixtures.
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("SingleLoginSpecTests/Fixtures").path

    static func run(_ words: [String]) async -> (status: Int32, out: String, err: String) {
        let captured = CapturedOutput()
        let status = await ConformanceCommandLine.tool.run(words, output: captured.output)
        return (status, captured.standardOutput, captured.standardError)
    }
}

@Suite("sl-conformance: help, usage errors, validate, list, version (in process)")
struct ConformanceToolTests {
    @Test(
        "--help and help SUBCOMMAND print on stdout and exit 0",
        arguments: [["--help"], ["-h"], ["help", "list"], ["list", "--help"], ["validate", "-h"], ["run", "--help"], ["preflight", "-h"]])
    func help(arguments: [String]) async {
        let run = await Tool.run(arguments)
        #expect(run.status == 0)
        #expect(run.out.hasPrefix("OVERVIEW: "))
        #expect(run.out.contains("USAGE: sl-conformance"))
        #expect(run.err.isEmpty)
    }

    @Test("the tool's help lists every subcommand")
    func rootHelp() async {
        let run = await Tool.run([])
        for name in ["validate", "list", "run", "preflight", "doctor", "merge", "bench", "help"] {
            #expect(run.out.contains("\n  \(name) "), "\(name) is listed")
        }
    }

    @Test("an unknown option is a usage error with a suggestion, exit 64")
    func unknownOption() async {
        let run = await Tool.run(["list", "--formt", "json"])
        #expect(run.status == 64)
        #expect(run.out.isEmpty)
        #expect(
            run.err == """
                Error: Unknown option '--formt'. Did you mean '--format'?
                Usage: sl-conformance list [<spec>] [--format <format>]
                  See 'sl-conformance list --help' for more information.

                """)
    }

    @Test(
        "usage errors exit 64",
        arguments: [
            ["valdate"], ["list", "--format", "xml"], ["list", "a.json", "b.json"], ["--bogus"], ["run", "--jobs", "0"], ["run", "--shard", "3/2"], ["doctor"],
        ])
    func usageErrors(arguments: [String]) async throws {
        let reports = try TemporaryDirectory()
        let run = await Tool.run(arguments + (arguments.first == "run" ? ["--reports", reports.url.path] : []))
        #expect(run.status == 64)
        #expect(run.err.hasPrefix("Error: "))
        #expect(run.err.contains("for more information."))
    }

    @Test("validate reports a valid spec on stdout and an invalid one on stderr with exit 65")
    func validate() async {
        let valid = await Tool.run(["validate", Tool.fixtures + "/valid/minimal.json"])
        #expect(valid.status == 0)
        #expect(valid.out == Tool.fixtures + "/valid/minimal.json: valid (1 requirement, 1 scenario)\n")
        let invalid = await Tool.run(["validate", Tool.fixtures + "/valid/minimal.json", Tool.fixtures + "/invalid/empty-accounts.json"])
        #expect(invalid.status == 65)
        #expect(invalid.err.contains("/invalid/empty-accounts.json:7:15: error: 'accounts' needs at least 1 account (at $.accounts)"))
        #expect(invalid.err.hasSuffix("empty-accounts.json: invalid (3 problems)\n"))
    }

    @Test("validate recognises a preflight spec by its 'checks' and a behavioural one by its 'requirements'")
    func validateAnyKind() async throws {
        let preflight = URL(fileURLWithPath: Tool.fixtures).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("specs/single-login-preflight.json").path
        let both = await Tool.run(["validate", preflight, Tool.fixtures + "/valid/minimal.json"])
        #expect(both.status == 0)
        #expect(both.out == "\(preflight): valid (7 checks)\n\(Tool.fixtures)/valid/minimal.json: valid (1 requirement, 1 scenario)\n")
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sl-validate-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let broken = directory.appendingPathComponent("preflight.json").path
        try Data(
            #"{"formatVersion": "1.0", "id": "p", "version": "1.0.0", "title": "P", "checks": [{"id": "PF-X", "level": "MUST", "title": "t", "rationale": "r", "references": [], "rule": {"kind": "sourceContains", "patern": "x", "extensions": ["m"]}}]}"#
                .utf8
        ).write(to: URL(fileURLWithPath: broken))
        let invalid = await Tool.run(["validate", broken])
        #expect(invalid.status == 65)
        #expect(invalid.err.contains("preflight.json:1:160: error: 'references' needs at least 1 element (at $.checks[0].references)"))
        #expect(invalid.err.contains("error: unknown key 'patern'; did you mean 'pattern'? (at $.checks[0].rule)\n  fix: rename 'patern' to 'pattern'"))
        #expect(invalid.err.hasSuffix("preflight.json: invalid (2 problems)\n"))
        let neither = directory.appendingPathComponent("neither.json").path
        try Data(#"{"formatVersion": "1.0"}"#.utf8).write(to: URL(fileURLWithPath: neither))
        let unknown = await Tool.run(["validate", "-q", neither])
        #expect(unknown.status == 65)
        #expect(unknown.err.hasPrefix("\(neither):1:1: error: cannot tell which kind of spec this is"))
    }

    @Test("list prints ID, level, title and tags, as text or JSON")
    func list() async throws {
        let text = await Tool.run(["list", Tool.fixtures + "/valid/every-kind.json"])
        #expect(text.status == 0)
        #expect(text.out == "EX-ALL-1  SHOULD Steps  [login, logout]\nEX-ALL-2  MUST   Nothing signed in\n")
        let json = await Tool.run(["list", Tool.fixtures + "/valid/every-kind.json", "--format=json"])
        let object = try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any]
        let requirements = object?["requirements"] as? [[String: Any]]
        #expect(requirements?.first?["id"] as? String == "EX-ALL-1")
        #expect(requirements?.first?["tags"] as? [String] == ["login", "logout"])
    }

    @Test("a pass that skipped test cases says on its last line how many were not verified")
    func passWithSkippedCases() async throws {
        let reports = FileManager.default.temporaryDirectory.appendingPathComponent("sl-skipped-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: reports) }
        let result = await Tool.run(["run", "--only", "SL-LOGIN-1", "--reports", reports.path])
        #expect(result.status == 0, "\(result.out)\(result.err)")
        let last = try #require(result.out.split(separator: "\n").last.map(String.init))
        let total = try SpecLoader.load(bytes: EmbeddedSpec.singleLogin.bytes, file: "shipped").spec.requirements.reduce(0) { $0 + $1.scenarios.count }
        #expect(
            last.hasPrefix("Result: PASSED (exit status 0: every gating requirement that ran passed; \(total - 1) test cases were skipped, not verified)"),
            "\(last)")
    }

    @Test("run --verbose marks where each step's calls begin, and prints a requirement --only left out in one line")
    func verboseTranscripts() async throws {
        let reports = FileManager.default.temporaryDirectory.appendingPathComponent("sl-verbose-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: reports) }
        let spec = URL(fileURLWithPath: Tool.fixtures).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("specs/single-login.json").path
        let result = await Tool.run(["run", "--spec", spec, "--only", "SL-LOGIN-4", "--verbose", "--reports", reports.path])
        #expect(result.status == 0, "\(result.out)\(result.err)")
        let lines = result.out.split(separator: "\n").map(String.init)
        // The selected requirement: its scenarios, each step, the calls under the step they belong to.
        #expect(lines.contains("            step 1 launch"))
        #expect(lines.contains("            step 2 tapSignIn (no calls)"))
        #expect(lines.contains { $0.hasPrefix("              #3 acquireTokenSilent(") })
        // A requirement left out: its line, no scenario lines.
        #expect(lines.contains { $0.hasPrefix("SKIP     SL-LOGIN-1 ") && $0.hasSuffix("not selected (only: SL-LOGIN-4)") })
        #expect(!lines.contains { $0.hasPrefix("      SKIP") }, "\(result.out)")
    }

    @Test("--version prints the harness version and every embedded spec's id and version")
    func version() async {
        let run = await Tool.run(["--version"])
        #expect(run.status == 0)
        #expect(
            run.out.range(
                of: #"^sl-conformance \d+\.\d+\.\d+\nembedded specs: single-login \d+\.\d+\.\d+, single-login-preflight \d+\.\d+\.\d+"#,
                options: .regularExpression) != nil, "\(run.out)")
    }
}
