import Foundation
import Testing

@Suite("An adapter that never starts is one error with the fix, and a count of what was not run")
struct AdapterNeverStartsTests {
    @Test("run --adapter with a script that does not exist prints its stderr once, the fix as doctor words it, and how many test cases were not run")
    func oneError() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sl-never-starts-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let missing = directory.appendingPathComponent("does/not/exist.sh").path
        let run = await Tool.run(["run", "--adapter", "/bin/sh '\(missing)'", "--reports", directory.path])
        #expect(run.status == 2, "\(run.err)")
        let lines = run.out.split(separator: "\n", omittingEmptySubsequences: false)
        // The shell says the script is missing: once, not on every test case not run.
        #expect(lines.filter { $0.contains("exist.sh") }.count == 1, "\(run.out)")
        #expect(!lines.contains { $0.hasPrefix("NOT RUN") }, "no NOT RUN line repeats the error: \(run.out)")
        #expect(run.out.contains("error: the adapter did not start (2 attempts in a row): "), "\(run.out)")
        #expect(run.out.contains("  fix: The adapter ended while the harness waited: read its stderr below"), "\(run.out)")
        let total = try #require(lines.first { $0.contains(" test cases in ") })
        let notRun = try #require(total.split(separator: ", ").first { $0.hasSuffix(" not run") }?.split(separator: " ").first)
        #expect(run.out.contains("\n\(notRun) test cases were not run because the adapter did not start.\n"), "\(run.out)")
        #expect(!run.out.contains(".: "), "no period before a colon: \(run.out)")
    }

    @Test("run --adapter whose adapter fails the handshake prints, on stderr, the doctor command with the same adapter")
    func doctorNamed() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sl-handshake-fails-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        // Reads the handshake, then dies as a Python adapter with a bug would.
        let script = directory.appendingPathComponent("my adapter.sh")
        try "read -r request\necho 'TypeError: handshake() takes 1 positional argument' >&2\nexit 1\n".write(to: script, atomically: true, encoding: .utf8)
        let adapter = "/bin/sh '\(script.path)'"
        let run = await Tool.run(["run", "--only", "SL-LOGIN-1", "--adapter", adapter, "--reports", directory.appendingPathComponent("reports").path])
        #expect(run.status == 2, "\(run.out)\(run.err)")
        #expect(run.out.contains("TypeError: handshake()"), "\(run.out)")
        let quoted = "'" + adapter.replacingOccurrences(of: "'", with: "'\\''") + "'"
        #expect(run.err.hasSuffix("Run this to see what the adapter does wrong:\n  sl-conformance doctor --adapter \(quoted)\n"), "\(run.err)")
        #expect(!run.out.contains("Run this to see"), "on stderr only: \(run.out)")
    }

    @Test("a run whose adapter starts prints no doctor command")
    func noDoctorWhenItStarts() async {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sl-starts-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = await Tool.run(["run", "--only", "SL-LOGIN-1", "--reports", directory.path])
        #expect(run.status == 0)
        #expect(!run.err.contains("sl-conformance doctor"), "\(run.err)")
    }
}
