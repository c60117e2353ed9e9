import Foundation
import Testing

/// `device-pass`'s own outputs (the reports, `--bundle`, and the trace and state it records) are
/// checked before the pass starts or the listener binds, as `run`'s are: one that cannot be written
/// is exit 2 with the path, the reason and a fix naming only `device-pass`'s options.
@Suite("sl-conformance device-pass: outputs that cannot be written stop it before the pass (in process)")
struct DevicePassOutputTests {
    /// A temporary directory holding `regf`, a regular file: nothing can be written under it.
    struct Place {
        let directory: URL
        var regular: URL { directory.appendingPathComponent("regf") }
        /// A path under the regular file.
        func under(_ name: String) -> String { regular.appendingPathComponent(name).path }
        var reports: String { directory.appendingPathComponent("reports").path }
    }

    func withPlace(_ body: (Place) async throws -> Void) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sl-device-output-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let place = Place(directory: directory)
        try Data("a file\n".utf8).write(to: place.regular)
        try await body(place)
    }

    /// Checks the refusal of `path`: exit 2, the reason, a fix with `device-pass`'s options, nothing judged.
    func expectRefused(_ result: (status: Int32, out: String, err: String), path: String, place: Place, writesPass: Bool) {
        #expect(result.status == 2, "\(result.out)\(result.err)")
        #expect(result.err.hasPrefix("error: cannot write \(path): \(place.regular.path) is a file, not a directory\n"), "\(result.err)")
        #expect(result.err.contains("  fix: give '--reports' a directory (or '--junit', "), "\(result.err)")
        #expect(result.err.contains("'--bundle'"), "\(result.err)")
        #expect(result.err.contains("'--trace', '--state'") == writesPass, "\(result.err)")
        #expect(!result.err.contains("--wire-log"), "device-pass has no --wire-log: \(result.err)")
        #expect(!result.err.contains("NSCocoaErrorDomain"), "\(result.err)")
        #expect(!result.out.contains("Result:"), "nothing was judged: \(result.out)")
        #expect(!FileManager.default.fileExists(atPath: place.reports + "/device-pass.md"), "no report was written")
    }

    @Test(
        "a stand-in whose --bundle, --trace or --state cannot be written exits 2 before the pass",
        arguments: ["--bundle", "--trace", "--state"])
    func standIn(_ option: String) async throws {
        try await withPlace { place in
            let path = place.under("x")
            let result = await Tool.run(["device-pass", "--stand-in", "--quiet", "--reports", place.reports, option, path])
            expectRefused(result, path: path, place: place, writesPass: true)
        }
    }

    @Test("a pass with a tester whose --bundle or reports cannot be written exits 2 before listening", arguments: ["--bundle", "--reports"])
    func listen(_ option: String) async throws {
        try await withPlace { place in
            let target = place.under(option == "--bundle" ? "x.tar" : "r")
            let reports = option == "--reports" ? target : place.reports
            let result = await Tool.run(
                [
                    "device-pass", "--listen", "127.0.0.1:0", "--trace", place.directory.appendingPathComponent("t.jsonl").path, "--state",
                    place.directory.appendingPathComponent("s.json").path, "--first-user", "a@x.example=A", "--second-user", "b@x.example=B",
                    "--reports", reports,
                ] + (option == "--bundle" ? ["--bundle", target] : []))
            let path = option == "--bundle" ? target : target + "/device-junit.xml"
            expectRefused(result, path: path, place: place, writesPass: true)
            #expect(!result.err.contains("listening on"), "\(result.err)")
        }
    }

    @Test("judging a recorded pass names --bundle but not --trace or --state, which it reads")
    func judging() async throws {
        try await withPlace { place in
            let path = place.under("x.tar")
            let result = await Tool.run([
                "device-pass", "--trace", place.directory.appendingPathComponent("t.jsonl").path, "--state",
                place.directory.appendingPathComponent("s.json").path, "--first-user", "a@x.example=A", "--second-user", "b@x.example=B",
                "--reports", place.reports, "--bundle", path,
            ])
            expectRefused(result, path: path, place: place, writesPass: false)
        }
    }

    @Test("the evidence bundle's line comes just before the Result line, which stays the last")
    func bundleLineBeforeResult() async throws {
        try await withPlace { place in
            let bundle = place.directory.appendingPathComponent("pass.tar").path
            let result = await Tool.run(["device-pass", "--stand-in", "--quiet", "--reports", place.reports, "--bundle", bundle])
            #expect(result.status == 0, "\(result.out)\(result.err)")
            let lines = result.out.split(separator: "\n", omittingEmptySubsequences: true)
            #expect(lines.last?.hasPrefix("Result: PASSED") == true, "\(result.out)")
            #expect(lines.dropLast().last == "Evidence bundle: \(bundle) (verify it with: sl-conformance verify \(bundle))", "\(result.out)")
            #expect(FileManager.default.fileExists(atPath: bundle))
            let verified = await Tool.run(["verify", bundle])
            #expect(verified.status == 0, "\(verified.out)\(verified.err)")
        }
    }

    @Test(
        "a bundle that cannot be written as the pass ends fails it in the Result line and device-pass.md, with no bundle line",
        .enabled(if: FileManager.default.fileExists(atPath: "/dev/full"), "no /dev/full here"))
    func bundleFailsLate() async throws {
        try await withPlace { place in
            let result = await Tool.run(["device-pass", "--stand-in", "--quiet", "--reports", place.reports, "--bundle", "/dev/full"])
            #expect(result.status == 2, "\(result.out)\(result.err)")
            #expect(result.err.contains("error: cannot write /dev/full: "), "\(result.err)")
            let last = result.out.split(separator: "\n").last ?? ""
            #expect(last.hasPrefix("Result: ERROR (exit status 2: the report was not written: /dev/full)"), "\(result.out)")
            #expect(!result.out.contains("Evidence bundle:"), "\(result.out)")
            let markdown = try String(contentsOfFile: place.reports + "/device-pass.md", encoding: .utf8)
            #expect(markdown.contains("Reports not written"), "\(markdown)")
        }
    }

    @Test("a bundle named on one of the pass's reports is refused before the pass (64), as run refuses two outputs on one file")
    func bundleOnAReport() async throws {
        try await withPlace { place in
            let result = await Tool.run(["device-pass", "--stand-in", "--quiet", "--reports", place.reports, "--bundle", place.reports + "/device-pass.md"])
            #expect(result.status == 64, "\(result.err)")
            #expect(result.err.contains("device-pass.md is named for two outputs: one would overwrite the other"), "\(result.err)")
            #expect(!result.out.contains("Result:"), "nothing was judged: \(result.out)")
        }
    }
}
