import CommandLineKit
import Foundation
import SingleLoginCommands
import SingleLoginEvents
import Testing

@Suite("sl-conformance explore: options, exit status, counterexample file, reports")
struct ExploreCommandTests {
    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("explore-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test(
        "usage errors exit 64",
        arguments: [
            ["explore", "--runs", "0"], ["explore", "--seed", "-1"], ["explore", "--reference-flaw", "nope"],
            ["explore", "--adapter", "x", "--reference-flaw", "ignoresBroadcast"], ["explore", "--max-steps", "0"], ["explore", "--time-budget", "0"],
            ["explore", "--adapter", "x", "--listen", "127.0.0.1:0"], ["explore", "--adapter", " "], ["explore", "--allow-remote"],
        ])
    func usage(arguments: [String]) async {
        let run = await Tool.run(arguments)
        #expect(run.status == 64)
        #expect(run.err.hasPrefix("Error: "))
    }

    @Test("help names every option the issue names")
    func help() async {
        let run = await Tool.run(["explore", "--help"])
        #expect(run.status == 0)
        for option in [
            "--adapter", "--reference-flaw", "--seed", "--runs", "--time-budget", "--max-steps", "--jobs", "--reports", "--counterexample", "--level",
            "--events",
        ] {
            #expect(run.out.contains(option), "\(option)")
        }
    }

    @Test(
        "a flawed app: exit 1, the counterexample on the console with its transcript, the file a valid spec; run --spec fails there and passes on the reference app"
    )
    func flawed() async throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("ce.json").path
        let run = await Tool.run([
            "explore", "--reference-flaw", "ignoresBroadcast", "--seed", "3", "--runs", "500", "--counterexample", file, "--reports", directory.path,
        ])
        #expect(run.status == 1, "\(run.out)\(run.err)")
        #expect(run.out.contains("Counterexample EX-"))
        #expect(run.out.contains("transcript:"))
        #expect(run.out.contains("getCurrentAccount"))
        #expect(await Tool.run(["validate", file]).status == 0)
        // The hint's own command, run as printed, tests the same app: it fails there.
        let hint = try #require(run.out.split(separator: "\n").first { $0.hasPrefix("  sl-conformance run --spec ") })
        let words = hint.split(separator: " ").dropFirst().map(String.init)
        #expect(words == ["run", "--spec", file, "--reference-flaw", "ignoresBroadcast"], "\(hint)")
        #expect(await Tool.run(words + ["--reports", directory.appendingPathComponent("hint").path]).status == 1)
        #expect(
            await Tool.run(["run", "--spec", file, "--reference-flaw", "ignoresBroadcast", "--reports", directory.appendingPathComponent("a").path]).status == 1
        )
        #expect(await Tool.run(["run", "--spec", file, "--reports", directory.appendingPathComponent("b").path]).status == 0)
        let junit = try String(contentsOfFile: directory.appendingPathComponent("explore-junit.xml").path, encoding: .utf8)
        #expect(junit.components(separatedBy: "<testcase ").count - 1 == 17, "one testcase per rule")
        #expect(junit.components(separatedBy: "<failure ").count - 1 == 1)
        #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("explore.md").path))
        let events = try String(contentsOfFile: directory.appendingPathComponent("explore-events.jsonl").path, encoding: .utf8)
        #expect(events.contains("\"runEnded\""))
    }

    @Test(
        "the counterexample hint repeats the target it came from: --adapter or --listen",
        arguments: [
            (["--adapter", "python3 my adapter.py"], "  sl-conformance run --spec ce.json --adapter 'python3 my adapter.py'"),
            (["--listen", "127.0.0.1:7000"], "  sl-conformance run --spec ce.json --listen 127.0.0.1:7000"),
            (["--listen", "[::1]:0"], "  sl-conformance run --spec ce.json --listen [::1]:0"),
            ([], "  sl-conformance run --spec ce.json"),
        ])
    func hintRepeatsTarget(target: [String], expected: String) throws {
        let options = try ExploreCommand.Options.parse(target)
        let lines = ExploreCommand.checkHint(counterexample: "ce.json", target: options.target).split(separator: "\n").map(String.init)
        #expect(lines == ["Written to ce.json. Check it with:", "  sl-conformance validate ce.json", expected])
    }

    @Test("the reference app: exit 0, no counterexample file, and the same seed prints the same figures")
    func conformant() async throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("ce.json").path
        let first = await Tool.run(["explore", "--seed", "9", "--runs", "150", "--counterexample", file, "--reports", directory.path, "--quiet"])
        #expect(first.status == 0, "\(first.out)\(first.err)")
        #expect(!FileManager.default.fileExists(atPath: file))
        // No silent demo: exploring without --adapter or --listen says whose app it was, first and last.
        let lines = first.out.split(separator: "\n")
        #expect(lines.first?.hasPrefix("Testing the bundled reference app, not your app") == true, "\(first.out)")
        #expect(
            lines.last?.hasPrefix("Result: PASSED (exit status 0") == true && lines.last?.hasSuffix("for \(RunContext.referenceAppNotice)") == true,
            "\(first.out)")
        let junit = try String(contentsOfFile: directory.appendingPathComponent("explore-junit.xml").path, encoding: .utf8)
        #expect(junit.contains("<property name=\"run.app\""))
        let again = await Tool.run(["explore", "--seed", "9", "--runs", "150", "--reports", directory.path, "-v"])
        #expect(again.out.contains("Played 150 histories"))
        #expect(again.out.contains("with seed 9"))
    }

    @Test("an adapter that cannot start: exit 2")
    func broken() async throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = await Tool.run(["explore", "--adapter", "exit 3", "--runs", "5", "--reports", directory.path, "--handshake-timeout", "30"])
        #expect(run.status == 2, "\(run.out)\(run.err)")
    }
}

@Suite("sl-conformance explore on a terminal and with a time budget")
struct ExploreCommandProgressTests {
    @Test("a terminal gets a progress line rewritten in place and cleared; a pipe gets none")
    func progressLine() async throws {
        let directory = try ExploreCommandTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let arguments = ["explore", "--seed", "4", "--runs", "400", "--reports", directory.path]
        let captured = CapturedOutput()
        var terminal = captured.output
        terminal.isTerminal = true
        let status = await ConformanceCommandLine.tool.run(arguments, output: terminal)
        #expect(status == 0)
        #expect(captured.standardOutput.contains("\r\u{1B}[2K  explore: "))
        #expect(captured.standardOutput.contains("histories/s"))
        let piped = await Tool.run(arguments)
        #expect(!piped.out.contains("\r") && !piped.out.contains("\u{1B}"))
    }

    @Test("--time-budget stops playing new histories: exit 0 after fewer runs than asked")
    func timeBudget() async throws {
        let directory = try ExploreCommandTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = await Tool.run(["explore", "--seed", "4", "--runs", "100000000", "--time-budget", "0.5", "--reports", directory.path])
        #expect(run.status == 0, "\(run.out)\(run.err)")
        let played = try #require(run.out.split(separator: "\n").first { $0.hasPrefix("Played ") })
        // However loaded the machine, the budget ends the run long before the runs do.
        let count = Int(played.split(separator: " ")[1]) ?? -1
        #expect(count >= 0 && count < 100_000_000)
    }
}
