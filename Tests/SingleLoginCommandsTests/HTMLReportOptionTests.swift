import Foundation
import SingleLoginTestSupport
import Testing

@Suite("run writes report.html under --reports, or where --html says")
struct HTMLReportOptionTests {
    static func directory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("sl-html-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test("--reports DIR holds report.html beside junit.xml and summary.md")
    func underReports() async throws {
        let dir = try Self.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let run = await Tool.run(["run", "--quiet", "--only", "SL-LOGIN-1", "--reports", dir.path])
        #expect(run.status == 0, "\(run.err)")
        let html = try String(contentsOf: dir.appendingPathComponent("report.html"), encoding: .utf8)
        #expect(html.contains("<code>SL-LOGIN-1</code>"))
        #expect(html.contains("<strong>PASSED</strong>"))
    }

    @Test("--html FILE puts the page there instead, creating its directory")
    func namedFile() async throws {
        let dir = try Self.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let page = dir.appendingPathComponent("pages/run.html")
        let run = await Tool.run(["run", "--quiet", "--only", "SL-LOGIN-1", "--reports", dir.appendingPathComponent("r").path, "--html", page.path])
        #expect(run.status == 0, "\(run.err)")
        #expect(FileManager.default.fileExists(atPath: page.path))
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("r/report.html").path))
    }
}

@Suite("run --bundle writes the evidence bundle; --allow-incomplete needs it")
struct BundleOptionTests {
    @Test("--bundle FILE writes a tar beside the reports")
    func writes() async throws {
        let dir = try HTMLReportOptionTests.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let bundle = dir.appendingPathComponent("evidence/run.tar")
        let run = await Tool.run(["run", "--quiet", "--only", "SL-LOGIN-1", "--reports", dir.appendingPathComponent("r").path, "--bundle", bundle.path])
        #expect(run.status == 0, "\(run.err)")
        let data = try Data(contentsOf: bundle)
        #expect(String(decoding: data[257..<262], as: UTF8.self) == "ustar")
        // It says where the bundle went, before the Result line, which stays the last.
        #expect(run.out.contains("Evidence bundle: \(bundle.path) (verify it with: sl-conformance verify \(bundle.path))\nResult: PASSED"), "\(run.out)")
    }

    @Test("a run that writes no bundle does not say it wrote one, even where an earlier run's is")
    func notWritten() async throws {
        let dir = try HTMLReportOptionTests.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let bundle = dir.appendingPathComponent("run.tar")
        try Data("an earlier run's".utf8).write(to: bundle)
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 1_600_000_000)], ofItemAtPath: bundle.path)
        // An adapter that never starts: the run is incomplete, and an incomplete run writes no bundle.
        let run = await Tool.run([
            "run", "--quiet", "--only", "SL-LOGIN-1", "--adapter", "/bin/false", "--reports", dir.appendingPathComponent("r").path, "--bundle", bundle.path,
        ])
        #expect(run.status == 2)
        #expect(!run.out.contains("Evidence bundle:"), "\(run.out)")
        // Refused, not failed to write: the error says why, and the Result line gives the run's own reason.
        #expect(run.err.contains("error: the evidence bundle \(bundle.path) was not written: the run is incomplete ("), "\(run.err)")
        #expect(!run.out.contains("report was not written") && !run.out.contains("reports were not written"), "\(run.out)")
        #expect(try Data(contentsOf: bundle) == Data("an earlier run's".utf8), "the earlier bundle is left as it was")
    }

    @Test("--allow-incomplete without --bundle is a usage error")
    func allowIncompleteAlone() async throws {
        let reports = try TemporaryDirectory()
        let run = await Tool.run(["run", "--allow-incomplete", "--reports", reports.url.path])
        #expect(run.status == 64)
        #expect(run.err.contains("'--allow-incomplete' applies to '--bundle <file>'"))
    }
}
