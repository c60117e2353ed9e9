import Foundation
import Testing

/// Runs the built `sl-conformance` executable, which SwiftPM places beside the test resources.
struct CommandLineRun {
    var status: Int32
    var standardOutput: String
    var standardError: String

    /// `SL_CONFORMANCE_EXECUTABLE` when set, else the product beside the test bundle.
    static var executable: URL {
        if let path = ProcessInfo.processInfo.environment["SL_CONFORMANCE_EXECUTABLE"] { return URL(fileURLWithPath: path) }
        return FixtureFiles.root.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("sl-conformance")
    }

    static func run(_ arguments: [String]) throws -> CommandLineRun {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let output = Pipe(), error = Pipe()
        process.standardOutput = output
        process.standardError = error
        try process.run()
        let outData = output.fileHandleForReading.readDataToEndOfFile()
        let errData = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return CommandLineRun(status: process.terminationStatus, standardOutput: String(decoding: outData, as: UTF8.self), standardError: String(decoding: errData, as: UTF8.self))
    }
}

@Suite("sl-conformance command line", .enabled(if: FileManager.default.isExecutableFile(atPath: CommandLineRun.executable.path), "sl-conformance is built beside the tests"))
struct CommandLineTests {
    private var fixtures: String { FixtureFiles.root.path }

    @Test("--help and help SUBCOMMAND print on stdout and exit 0", arguments: [["--help"], ["-h"], ["help", "list"], ["list", "--help"], ["validate", "-h"]])
    func help(arguments: [String]) throws {
        let run = try CommandLineRun.run(arguments)
        #expect(run.status == 0)
        #expect(run.standardOutput.hasPrefix("OVERVIEW: "))
        #expect(run.standardOutput.contains("USAGE: sl-conformance"))
        #expect(run.standardError.isEmpty)
    }

    @Test("an unknown option is a usage error with a suggestion, exit 64")
    func unknownOption() throws {
        let run = try CommandLineRun.run(["list", "--formt", "json"])
        #expect(run.status == 64)
        #expect(run.standardOutput.isEmpty)
        #expect(run.standardError == """
            Error: Unknown option '--formt'. Did you mean '--format'?
            Usage: sl-conformance list [<spec>] [--format <format>]
              See 'sl-conformance list --help' for more information.

            """)
    }

    @Test("usage errors exit 64", arguments: [["valdate"], ["validate"], ["list", "--format", "xml"], ["list", "a.json", "b.json"], ["--bogus"]])
    func usageErrors(arguments: [String]) throws {
        let run = try CommandLineRun.run(arguments)
        #expect(run.status == 64)
        #expect(run.standardError.hasPrefix("Error: "))
        #expect(run.standardError.contains("for more information."))
    }

    @Test("validate reports a valid spec on stdout and an invalid one on stderr with exit 65")
    func validate() throws {
        let valid = try CommandLineRun.run(["validate", fixtures + "/valid/minimal.json"])
        #expect(valid.status == 0)
        #expect(valid.standardOutput == fixtures + "/valid/minimal.json: valid (1 requirement, 1 scenario)\n")
        let invalid = try CommandLineRun.run(["validate", fixtures + "/valid/minimal.json", fixtures + "/invalid/empty-accounts.json"])
        #expect(invalid.status == 65)
        #expect(invalid.standardError.contains("/invalid/empty-accounts.json:7:15: error: 'accounts' needs at least 1 account (at $.accounts)"))
        #expect(invalid.standardError.hasSuffix("empty-accounts.json: invalid (3 problems)\n"))
    }

    @Test("list prints ID, level, title and tags, as text or JSON")
    func list() throws {
        let text = try CommandLineRun.run(["list", fixtures + "/valid/every-kind.json"])
        #expect(text.status == 0)
        #expect(text.standardOutput == "EX-ALL-1  SHOULD Steps  [login, logout]\n")
        let json = try CommandLineRun.run(["list", fixtures + "/valid/every-kind.json", "--format=json"])
        let object = try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any]
        let requirements = object?["requirements"] as? [[String: Any]]
        #expect(requirements?.first?["id"] as? String == "EX-ALL-1")
        #expect(requirements?.first?["tags"] as? [String] == ["login", "logout"])
    }

    @Test("--version prints the harness version")
    func version() throws {
        let run = try CommandLineRun.run(["--version"])
        #expect(run.status == 0)
        #expect(run.standardOutput.range(of: #"^\d+\.\d+\.\d+\n$"#, options: .regularExpression) != nil)
    }
}
