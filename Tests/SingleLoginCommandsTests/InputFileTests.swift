import Foundation
import Testing
@testable import SingleLoginCommands

@Suite("Every input file is read by one reader: a directory or a device is a usage error (64), a missing file names itself, never a Cocoa error")
struct InputFileTests {
    @Test(
        "each command names the path, what is wrong and the fix, with its documented exit status",
        arguments: [
            (["validate", "/dev/null"], 64, "/dev/null: error: is not a regular file (it is a character device)\n  fix: "),
            (["validate", "{dir}"], 64, "{dir}: error: is a directory, not a file\n  fix: "),
            (["diff", "{dir}", "{dir}/afile"], 64, "error: {dir}: is a directory, not a file\n  fix: give 'diff OLD' the junit.xml"),
            (["diff", "{dir}/missing.xml", "{dir}/afile"], 66, "error: {dir}/missing.xml: no such file\n  fix: give 'diff OLD' the junit.xml"),
            (["merge", "{dir}/out.xml", "{dir}"], 64, "error: {dir}: is a directory, not a file\n  fix: give 'merge' the shards'"),
            (["merge", "{dir}/out.jsonl", "{dir}/shard.jsonl"], 64, "error: {dir}/shard.jsonl: is a directory, not a file\n  fix: give 'merge' the shards'"),
            (["verify", "{dir}"], 64, "error: {dir}: is a directory, not a file\n  fix: give 'verify' the evidence bundle"),
            (["verify", "/dev/null"], 64, "error: /dev/null: is not a regular file (it is a character device)\n  fix: give 'verify' the evidence bundle"),
            (["verify", "{dir}/missing.tar"], 2, "error: {dir}/missing.tar: no such file\n  fix: give 'verify' the evidence bundle"),
            (
                ["verify", "--trusted-key", "{dir}", "{dir}/afile"], 64,
                "error: {dir}: is a directory, not a file\n  fix: give '--trusted-key' the PEM public key"
            ),
            (
                ["run", "--baseline", "{dir}", "--reports", "{dir}/reports"], 64,
                "error: {dir}: is a directory, not a file\n  fix: give '--baseline' the junit.xml"
            ),
            (["run", "--rerun", "{dir}", "--reports", "{dir}/reports"], 64, "error: {dir}: is a directory, not a file\n  fix: give '--rerun' the junit.xml"),
            (["run", "--waivers", "{dir}", "--reports", "{dir}/reports"], 64, "{dir}: error: is a directory, not a file\n  fix: "),
        ] as [([String], Int32, String)])
    func refused(words: [String], status: Int32, message: String) async throws {
        let directory = try ReportDestinationTests.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("shard.jsonl"), withIntermediateDirectories: true)
        let fill = { (text: String) in text.replacingOccurrences(of: "{dir}", with: directory.path) }
        let run = await Tool.run(words.map(fill))
        #expect(run.status == status, "\(run.err)")
        #expect(run.err.hasPrefix(fill(message)), "\(run.err)")
        #expect(!run.err.contains("NSCocoaErrorDomain") && !run.err.contains("permission"), "\(run.err)")
        #expect(!run.out.contains("PASSED"), "nothing ran")
    }
}
