import Foundation
import SingleLoginCrypto
import Synchronization
import Testing
@testable import SingleLoginReports
import SingleLoginEvents
import SingleLoginSpec
import SingleLoginTestSupport

@Suite("The evidence bundle: a ustar archive with a manifest, the spec, the reports, the event stream and SHA256SUMS")
struct EvidenceBundleTests {
    static let spec = Array("{\"id\": \"single-login\"}\n".utf8)

    /// The bundle `run` gives, and the errors its recorder reported.
    static func bundle(_ run: SyntheticRun, allowIncomplete: Bool = false) throws -> (files: [String: Data]?, errors: [String]) {
        let directory = try TemporaryDirectory()
        let url = directory.url.appendingPathComponent("out/run.tar")
        let errors = Mutex<[String]>([])
        let recorder = EvidenceBundleRecorder(
            options: .init(
                url: url, specBytes: spec, commandLine: ["sl-conformance", "run", "--bundle", "out/run.tar"], jobs: 2, allowIncomplete: allowIncomplete)
        ) { error in
            errors.withLock { $0.append("\(error)") }
        }
        for event in run.events { recorder.record(event) }
        guard let data = try? Data(contentsOf: url) else { return (nil, errors.withLock { $0 }) }
        let entries = try #require(TarArchive.entries(of: data))
        return (Dictionary(entries.map { ($0.name, $0.data) }, uniquingKeysWith: { first, _ in first }), errors.withLock { $0 })
    }

    @Test("A ustar archive reads back entry by entry, long names split into prefix and name")
    func tarRoundTrip() throws {
        var tar = TarArchive(modified: SyntheticRun.start)
        let long = String(repeating: "d", count: 120) + "/" + String(repeating: "f", count: 90) + ".jsonl"
        try tar.add("a.txt", Data("hello\n".utf8))
        try tar.add(long, Data(count: 513))
        try tar.add("empty", Data())
        let entries = try #require(TarArchive.entries(of: tar.data))
        #expect(entries.map(\.name) == ["a.txt", long, "empty"])
        #expect(entries[0].data == Data("hello\n".utf8))
        #expect(entries[1].data.count == 513)
        #expect(tar.data.count % 512 == 0)
        #expect(throws: TarArchive.NameError.self) { try tar.add(String(repeating: "x", count: 101), Data()) }
        var corrupted = tar.data
        corrupted[0] ^= 1
        #expect(TarArchive.entries(of: corrupted) == nil, "a header whose checksum does not match is refused")
    }

    @Test("A complete run's bundle holds every file, SHA256SUMS over each, and the reports byte for byte")
    func complete() throws {
        let files = try #require(try Self.bundle(.failures).files)
        for name in ["manifest.json", "spec.json", "junit.xml", "summary.md", "report.html", "events.jsonl", "SHA256SUMS"] {
            #expect(files[name] != nil, "\(name) is in the bundle")
        }
        #expect(files["spec.json"] == Data(Self.spec))
        let sums = String(decoding: try #require(files["SHA256SUMS"]), as: UTF8.self).split(separator: "\n")
        #expect(sums.count == files.count - 1, "every other file is summed")
        for line in sums {
            let parts = line.split(separator: " ", maxSplits: 1)
            let name = String(parts[1].dropFirst())
            #expect(SHA256.hexDigest(try #require(files[name])) == String(parts[0]), "\(name)")
        }
        let record = SyntheticRun.failures.events.reduce(into: RunRecord()) { $0.take($1) }
        #expect(files["report.html"] == Data(HTMLReport(record).render().utf8))
        // Each test case's events are in the stream once: no file repeats them.
        #expect(Set(files.keys) == ["manifest.json", "spec.json", "junit.xml", "summary.md", "report.html", "events.jsonl", "SHA256SUMS"])
        let stream = String(decoding: try #require(files["events.jsonl"]), as: UTF8.self).split(separator: "\n")
        let logout = stream.filter { $0.contains(#""testCase":{"requirementID":"SL-LOGOUT-1""#) }
        for kind in ["testCaseStarted", "stepPerformed", "brokerCalled", "observed", "issueRecorded", "testCaseEnded"] {
            #expect(logout.contains { $0.contains("\"kind\":\"\(kind)\"") }, "the test case's events hold \(kind)")
        }
        let manifest = try JSONDecoder().decode(BundleManifest.self, from: try #require(files["manifest.json"]))
        #expect(manifest.format == 2)
        // The manifest counts each test case's lines of the stream.
        let owners = try stream.map { line in
            (try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["testCase"] as? [String: String]
        }
        let counted = manifest.testCases.map { entry in
            owners.filter { $0 == ["requirementID": entry.requirementID, "scenario": entry.scenario] }.count
        }
        #expect(manifest.testCases.map(\.events) == counted)
        #expect(manifest.complete && manifest.incompleteReasons.isEmpty)
        #expect(manifest.verdict == "failed")
        #expect(manifest.counts == .init(planned: 3, passed: 1, failed: 2, warned: 0, errored: 0, skipped: 0, notRun: 0))
        #expect(manifest.spec.sha256 == SHA256.hexDigest(Self.spec))
        #expect(manifest.app?.bundleId == "com.contoso.reference")
        #expect(manifest.commandLine == ["sl-conformance", "run", "--bundle", "out/run.tar"])
        #expect(manifest.jobs == 2)
        #expect(manifest.testCases.map(\.verdict) == ["passed", "failed", "failed"])
    }

    @Test("An incomplete run writes no bundle unless allowed, and then says so in its manifest", arguments: [SyntheticRun.errored, .skippedAndNotRun])
    func incomplete(_ run: SyntheticRun) throws {
        let refused = try Self.bundle(run)
        #expect(refused.files == nil)
        #expect(refused.errors.count == 1 && refused.errors[0].contains("the run is incomplete"))
        let allowed = try #require(try Self.bundle(run, allowIncomplete: true).files)
        let manifest = try JSONDecoder().decode(BundleManifest.self, from: try #require(allowed["manifest.json"]))
        #expect(!manifest.complete)
        #expect(manifest.verdict == "incomplete")
        #expect(!manifest.incompleteReasons.isEmpty)
        if run == .skippedAndNotRun {
            #expect(manifest.notRun.map(\.verdict) == ["skipped", "notRun", "notRun"])
            #expect(manifest.notRun.allSatisfy { !$0.reason.isEmpty })
        }
    }
}
