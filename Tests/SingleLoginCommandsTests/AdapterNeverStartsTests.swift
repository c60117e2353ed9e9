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
}
