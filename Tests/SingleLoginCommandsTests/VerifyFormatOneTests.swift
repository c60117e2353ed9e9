import Foundation
import SingleLoginCommands
import SingleLoginReports
import Testing

extension TamperFixture {
    /// `bundle` (format 2) as format 1 wrote it: each test case's lines of `events.jsonl` again in
    /// `transcripts/NNN-ID.jsonl`, which the manifest names instead of counting them.
    static func formatOne(_ bundle: Data) throws -> Data {
        try tampered(bundle) { entries in
            let events = entries.first { $0.name == "events.jsonl" }!.data
            var linesByCase: [String: Data] = [:]
            for line in events.split(separator: UInt8(ascii: "\n")) {
                let event = try! JSONSerialization.jsonObject(with: line) as! [String: Any]
                guard let testCase = event["testCase"] as? [String: String] else { continue }
                linesByCase["\(testCase["requirementID"]!) / \(testCase["scenario"]!)", default: Data()].append(line + Data("\n".utf8))
            }
            var transcripts: [(name: String, data: Data)] = []
            editManifest(&entries) { manifest in
                manifest.format = 1
                for (number, entry) in manifest.testCases.enumerated() {
                    manifest.testCases[number].events = nil
                    guard let lines = linesByCase["\(entry.requirementID) / \(entry.scenario)"] else { continue }
                    let name = "transcripts/\(String(format: "%03d", number + 1))-\(entry.requirementID).jsonl"
                    manifest.testCases[number].transcript = name
                    transcripts.append((name, lines))
                }
            }
            entries += transcripts
        }
    }
}

@Suite("sl-conformance verify reads bundles of format 1, whose transcripts repeat the event stream, and checks them against it")
struct VerifyFormatOneTests {
    @Test("a bundle of format 1 verifies intact: every played test case re-judged")
    func intact() async throws {
        let bundle = try TamperFixture.formatOne(await VerifyCommandTests.forgeable.value)
        let files = TamperFixture.files(bundle).map(\.name)
        #expect(files.contains { $0.hasPrefix("transcripts/") }, "\(files)")
        let report = try await BundleVerifier().verify(bundle)
        #expect(report.manifest.format == 1)
        #expect(report.findings.isEmpty, "\(report.findings)")
        let played = report.results.filter { $0.outcome.wasPlayed }.count
        #expect(played > 0 && report.rejudged == played)
    }

    @Test("in a bundle of format 1, a transcript that is not the test case's events, cut short or edited alone, is named with its test case")
    func transcriptAgainstTheStream() async throws {
        let bundle = try TamperFixture.formatOne(await VerifyCommandTests.forgeable.value)
        let failed = VerifyCommandTests.firstFailed(bundle)
        #expect(failed.path.hasPrefix("transcripts/"))
        let cutShort = try TamperFixture.tampered(bundle) { entries in
            let index = entries.firstIndex { $0.name == failed.path }!
            var lines = String(decoding: entries[index].data, as: UTF8.self).split(separator: "\n").map(String.init)
            lines.removeLast(2)
            entries[index].data = Data((lines.joined(separator: "\n") + "\n").utf8)
        }
        let edited = try TamperFixture.tampered(bundle) { entries in
            TamperFixture.editCalls(in: [failed.path], scenario: failed.scenario, sequence: 2, &entries) { call in
                call["answer"] = ["result": ["kind": "removedFromAppCache"]]
            }
        }
        for forged in [cutShort, edited] {
            let findings = try await BundleVerifier().verify(forged).findings
            #expect(
                findings.contains {
                    $0.file == failed.path && $0.testCase == failed.id && $0.message.contains("differs from the test case's events in events.jsonl")
                },
                "\(findings)")
        }
    }
}
