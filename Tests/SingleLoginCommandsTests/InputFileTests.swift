import Foundation
import Testing
@testable import SingleLoginCommands

@Suite(
    "Every input file is read by one reader: a directory is a usage error (64), a stream is read to its end, a missing file names itself, never a Cocoa error")
struct InputFileTests {
    @Test(
        "each command names the path, what is wrong and the fix, with its documented exit status",
        arguments: [
            // A stream is read to its end: /dev/null holds an empty document.
            (["validate", "/dev/null"], 65, "/dev/null:1:1: error: empty document"),
            (
                ["validate", "{dir}"], 64,
                "{dir}: error: is a directory, not a file\n  fix: 'validate' takes a spec file, e.g. 'validate {dir}/single-login.json'"
            ),
            (["validate", "{dir}/missing.json"], 66, "{dir}/missing.json: error: no such file\n  fix: name an existing file with 'validate FILE'\n"),
            (["diff", "{dir}", "{dir}/afile"], 64, "error: {dir}: is a directory, not a file\n  fix: give 'diff OLD' the junit.xml"),
            (["diff", "{dir}/missing.xml", "{dir}/afile"], 66, "error: {dir}/missing.xml: no such file\n  fix: give 'diff OLD' the junit.xml"),
            (["merge", "{dir}/out.xml", "{dir}"], 64, "error: {dir}: is a directory, not a file\n  fix: give 'merge' the shards'"),
            (["merge", "{dir}/out.jsonl", "{dir}/shard.jsonl"], 64, "error: {dir}/shard.jsonl: is a directory, not a file\n  fix: give 'merge' the shards'"),
            (["verify", "{dir}"], 64, "error: {dir}: is a directory, not a file\n  fix: give 'verify' the evidence bundle"),
            (["verify", "/dev/null"], 2, "error: /dev/null: not a ustar archive"),
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
            (
                ["run", "--waivers", "{dir}", "--reports", "{dir}/reports"], 64,
                "{dir}: error: is a directory, not a file\n  fix: '--waivers' takes a waiver file, e.g. '--waivers {dir}/waivers.json'"
            ),
            (
                ["run", "--waivers", "{dir}/none.json", "--reports", "{dir}/reports"], 66,
                "{dir}/none.json: error: no such file\n  fix: name an existing file with '--waivers <file>'\n"
            ),
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

    @Test("a stream is read to its end as cat reads it: a pipe given as /dev/fd/N (a shell's <(...)) validates")
    func streamInput() async throws {
        let spec = try Data(contentsOf: URL(fileURLWithPath: "\(Tool.fixtures)/valid/minimal.json"))
        #expect(spec.count < 16 * 1024, "fits a pipe's buffer, so it is written before it is read")
        let pipe = Pipe()
        try pipe.fileHandleForWriting.write(contentsOf: spec)
        try pipe.fileHandleForWriting.close()
        let path = "/dev/fd/\(pipe.fileHandleForReading.fileDescriptor)"
        let run = await Tool.run(["validate", path])
        #expect(run.status == 0, "\(run.err)")
        #expect(run.out.hasPrefix("\(path): valid ("), "\(run.out)")
    }
}
