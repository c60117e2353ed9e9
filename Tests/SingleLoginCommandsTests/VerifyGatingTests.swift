import Foundation
import SingleLoginCommands
import SingleLoginCrypto
import SingleLoginReports
import SingleLoginSpec
import Testing

/// A bundle of a run with waivers (and a baseline), its waiver file's and baseline's bytes.
struct GatedBundle: Sendable {
    var bundle: Data
    var waiverFile: Data
    var baseline: Data?

    /// `requirements` (SL-LOGIN-1 and SL-LOGOUT-1) of the reference app (with `flaw`), `--waivers`
    /// holding `entries`, after a clean run whose junit.xml is the `--baseline` when `baseline` is set.
    static func make(
        entries: [String], flaw: String? = "leavesRecordsFile", requirements: [String] = ["SL-LOGIN-1", "SL-LOGOUT-1"], baseline: Bool = false,
        _ extra: [String] = []
    ) async -> GatedBundle {
        let scratch = try! Scratch()
        defer { scratch.remove() }
        let waivers = Data("{\n  \"formatVersion\": \"1.0\",\n  \"waivers\": [\n    \(entries.joined(separator: ",\n    "))\n  ]\n}\n".utf8)
        let waiverPath = try! scratch.write(waivers, "waivers.json")
        let only = ["--quiet"] + requirements.flatMap { ["--only", $0] }
        var words =
            ["run"] + only + ["--reports", scratch.path("run"), "--bundle", scratch.path("bundle.tar"), "--waivers", waiverPath]
            + (flaw.map { ["--reference-flaw", $0] } ?? []) + extra
        if baseline {
            _ = await Tool.run(["run"] + only + ["--reports", scratch.path("main")])
            words += ["--baseline", scratch.path("main/junit.xml")]
        }
        _ = await Tool.run(words)
        return GatedBundle(
            bundle: (try? Data(contentsOf: URL(fileURLWithPath: scratch.path("bundle.tar")))) ?? Data(),
            waiverFile: waivers, baseline: baseline ? try? Data(contentsOf: URL(fileURLWithPath: scratch.path("main/junit.xml"))) : nil)
    }
}

@Suite("verify applies the waivers the manifest lists and compares with the bundled baseline, as the run did")
struct VerifyGatingTests {
    static let logout =
        #"{"requirement": "SL-LOGOUT-1", "reason": "records file kept until 4.2", "link": "https://tracker.example.com/7", "expires": "2999-12-31"}"#
    static let expiredLogin =
        #"{"testCase": "SL-LOGIN-1 / opens signed in", "reason": "flaky sign-in", "link": "https://tracker.example.com/8", "expires": "2001-01-31"}"#
    static let waived = Task { await GatedBundle.make(entries: [logout, expiredLogin], baseline: true) }

    static func manifest(_ bundle: Data) throws -> BundleManifest {
        try JSONDecoder().decode(BundleManifest.self, from: try #require(TamperFixture.files(bundle).first { $0.name == "manifest.json" }).data)
    }

    /// A run with waivers that must verify intact.
    struct Intact: Sendable, CustomStringConvertible {
        var description: String
        var entries: [String]
        var flaw: String? = "leavesRecordsFile"
        var requirements = ["SL-LOGIN-1", "SL-LOGOUT-1"]
        var extra: [String] = []
        var effect: String
    }

    static let intact: [Intact] = [
        Intact(
            description: "failures waived", entries: [logout, expiredLogin],
            effect: "waived SL-LOGOUT-1 / signed out while running: records file kept until 4.2"),
        Intact(
            description: "a waiver that ran out",
            entries: [#"{"requirement": "SL-LOGOUT-1", "reason": "old", "link": "https://tracker.example.com/1", "expires": "2001-12-31"}"#],
            effect: "failing again SL-LOGOUT-1 / signed out while running: the waiver ran out on 2001-12-31"),
        Intact(
            description: "a waiver for other app versions",
            entries: [
                #"{"requirement": "SL-LOGOUT-1", "reason": "old", "link": "https://tracker.example.com/1", "expires": "2999-12-31", "appVersions": {"through": "0.0.1"}}"#
            ],
            effect: "it covers app versions up to 0.0.1"),
        Intact(
            description: "an unexpected pass under --strict-waivers", entries: [logout], flaw: nil, extra: ["--strict-waivers"],
            effect: "failed: unexpected pass: remove the waiver for 'SL-LOGOUT-1'"),
        Intact(
            description: "a case not judged, waived by its own requirement's waiver (the owner's leaves it not judged)",
            entries: [
                #"{"requirement": "SL-SWITCH-3", "reason": "resume check in 4.3", "link": "https://tracker.example.com/9", "expires": "2999-12-31"}"#,
                #"{"testCase": "SL-SPOTLIGHT-1 / the user changes while suspended", "reason": "blocked by SL-SWITCH-3", "link": "https://tracker.example.com/9", "expires": "2999-12-31"}"#,
            ],
            flaw: "skipsCheckOnResume", requirements: ["SL-SWITCH-3", "SL-SPOTLIGHT-1"],
            effect: "waived SL-SPOTLIGHT-1 / the user changes while suspended: blocked by SL-SWITCH-3"),
    ]

    @Test("a bundle of a run with waivers lists every entry of the file and verifies intact", arguments: intact)
    func intactWithWaivers(_ row: Intact) async throws {
        let gated = await GatedBundle.make(entries: row.entries, flaw: row.flaw, requirements: row.requirements, row.extra)
        let manifest = try Self.manifest(gated.bundle)
        let waivers = try #require(manifest.waivers)
        #expect(waivers.entries.count == row.entries.count)
        #expect(waivers.sha256 == SHA256.hexDigest(gated.waiverFile))
        #expect(waivers.strict == row.extra.contains("--strict-waivers"))
        #expect(waivers.entries.allSatisfy { $0.location?.contains("waivers.json:") == true }, "\(waivers.entries.map(\.location))")
        let report = try await BundleVerifier().verify(gated.bundle)
        #expect(report.findings.isEmpty, "\(report.findings)")
        #expect(report.waiverEffects.contains { $0.contains(row.effect) }, "\(report.waiverEffects)")
    }

    @Test("the bundle holds the baseline it was compared with, named by path and SHA-256, and verifies intact")
    func baseline() async throws {
        let gated = await Self.waived.value
        let manifest = try Self.manifest(gated.bundle)
        let baseline = try #require(manifest.baseline)
        let bundled = try #require(TamperFixture.files(gated.bundle).first { $0.name == "baseline.xml" })
        #expect(bundled.data == gated.baseline)
        #expect(baseline.sha256 == SHA256.hexDigest(bundled.data))
        #expect(baseline.file.hasSuffix("main/junit.xml"))
        let summary = String(decoding: TamperFixture.files(gated.bundle).first { $0.name == "summary.md" }!.data, as: UTF8.self)
        #expect(summary.contains("\n## Waivers\n") && summary.contains("\n## Compared with the baseline\n"))
        let report = try await BundleVerifier().verify(gated.bundle)
        #expect(report.findings.isEmpty, "\(report.findings)")
        let scratch = try Scratch()
        defer { scratch.remove() }
        let run = await Tool.run(["verify", try scratch.write(gated.bundle, "gated.tar")])
        #expect(run.status == 0, "\(run.out)\(run.err)")
        #expect(run.out.contains("waivers: 2 on record in ") && run.out.contains("  waived SL-LOGOUT-1 / signed out while running: "), "\(run.out)")
        #expect(run.out.contains("baseline: \(baseline.file) (SHA-256 \(baseline.sha256.prefix(12))…, bundled as baseline.xml)"), "\(run.out)")
    }

    /// An edit of what the waived verdicts rest on, resealed: the file a finding must name and its words.
    struct Edit: Sendable, CustomStringConvertible {
        var description: String
        var file: @Sendable (BundleManifest) -> String
        var says: String
        var edit: @Sendable (inout [(name: String, data: Data)]) -> Void
    }

    /// The file that holds the first waived test case's events.
    static func waivedTranscript(_ manifest: BundleManifest) -> String {
        manifest.testCases.first { $0.requirementID == "SL-LOGOUT-1" }!.transcript ?? "events.jsonl"
    }

    static let edits: [Edit] = [
        Edit(
            description: "the waiver removed from the manifest, the reports still waived", file: waivedTranscript,
            says: "but no waiver manifest.json lists (judged on "
        ) { entries in
            TamperFixture.editManifest(&entries) { $0.waivers!.entries.removeAll { $0.requirement == "SL-LOGOUT-1" } }
        },
        Edit(description: "the same, seen in summary.md's Waivers section", file: { _ in "summary.md" }, says: "differs from the report the events give") {
            entries in
            TamperFixture.editManifest(&entries) { $0.waivers!.entries.removeAll { $0.requirement == "SL-LOGOUT-1" } }
        },
        Edit(description: "every waiver removed from the manifest", file: waivedTranscript, says: "but manifest.json lists no waivers") { entries in
            TamperFixture.editManifest(&entries) { $0.waivers = nil }
        },
        Edit(
            description: "a waiver's reason edited in the manifest", file: waivedTranscript,
            says: "but the waiver manifest.json lists says waived: a better reason"
        ) { entries in
            TamperFixture.editManifest(&entries) { $0.waivers!.entries[0].reason = "a better reason" }
        },
        Edit(description: "a waiver's expiry moved before the day it was judged on", file: waivedTranscript, says: "no waiver manifest.json lists") { entries in
            TamperFixture.editManifest(&entries) { $0.waivers!.entries[0].expires = "2002-01-01" }
        },
        Edit(description: "the day judged on moved past the expiry", file: waivedTranscript, says: "(judged on 3000-01-01)") { entries in
            TamperFixture.editManifest(&entries) { $0.waivers!.judgedOn = "3000-01-01" }
        },
        Edit(description: "a waiver added for a test case that passed", file: { _ in "summary.md" }, says: "differs from the report the events give") {
            entries in
            TamperFixture.editManifest(&entries) { $0.waivers!.entries[1].expires = "2999-12-31" }
        },
        Edit(description: "the Waivers section cut from summary.md", file: { _ in "summary.md" }, says: "differs from the report the events give") { entries in
            let index = entries.firstIndex { $0.name == "summary.md" }!
            let text = String(decoding: entries[index].data, as: UTF8.self)
            let waivers = text.range(of: "\n## Waivers\n")!, baseline = text.range(of: "\n## Compared with the baseline\n")!
            entries[index].data = Data((String(text[..<waivers.lowerBound]) + String(text[baseline.lowerBound...])).utf8)
        },
        Edit(description: "a verdict flipped in the bundled baseline", file: { _ in "baseline.xml" }, says: "but manifest.json names") { entries in
            TamperFixture.replace("<testcase ", "<testcase data-x=\"1\" ", in: "baseline.xml", &entries)
        },
        Edit(description: "the manifest's baseline removed", file: { _ in "baseline.xml" }, says: "is in the bundle, but manifest.json names no baseline") {
            entries in
            TamperFixture.editManifest(&entries) { $0.baseline = nil }
        },
        Edit(description: "the bundled baseline removed", file: { _ in "baseline.xml" }, says: "is missing, but manifest.json names the baseline") { entries in
            entries.removeAll { $0.name == "baseline.xml" }
        },
        Edit(
            description: "a broader waiver added to the manifest, its digest still the reviewed file's", file: { _ in "manifest.json" },
            says: "but waivers.json holds 2: the waivers applied are not the file's"
        ) { entries in
            TamperFixture.editManifest(&entries) { manifest in
                var broad = manifest.waivers!.entries[0]
                broad.requirement = "SL-LOGOUT-3"
                manifest.waivers!.entries.append(broad)
            }
        },
        Edit(description: "the bundled waiver file edited", file: { _ in "waivers.json" }, says: "but manifest.json names") { entries in
            TamperFixture.replace("\"reason\"", "\"reason\" ", in: "waivers.json", &entries)
        },
        Edit(description: "the bundled waiver file removed", file: { _ in "waivers.json" }, says: "is missing, but manifest.json lists the waivers of") {
            entries in
            entries.removeAll { $0.name == "waivers.json" }
        },
        Edit(description: "a waiver entry that names nothing", file: { _ in "manifest.json" }, says: "waiver entry 1 names neither") { entries in
            TamperFixture.editManifest(&entries) { $0.waivers!.entries[0].requirement = nil }
        },
        Edit(
            description: "a waiver's reason edited in waivers.json and the manifest, its digest too", file: waivedTranscript,
            says: "but the waiver manifest.json lists says waived: a better reason"
        ) { entries in
            TamperFixture.replace("records file kept until 4.2", "a better reason", in: "waivers.json", &entries)
            let digest = SHA256.hexDigest(entries.first { $0.name == "waivers.json" }!.data)
            TamperFixture.editManifest(&entries) { manifest in
                manifest.waivers!.sha256 = digest
                manifest.waivers!.entries[0].reason = "a better reason"
            }
        },
        Edit(
            description: "a waived requirement's reason edited in its requirementEnded event, which the reports show", file: { _ in "events.jsonl" },
            says: "requirementEnded gives its skipped verdict another reason than its test cases give"
        ) { entries in
            TamperFixture.editLines(of: "events.jsonl", holding: "\"kind\":\"requirementEnded\"", &entries) { line in
                line.replacingOccurrences(of: "waived: records file kept until 4.2", with: "waived: a better reason")
            }
        },
        Edit(
            description: "a requirement's level lowered from MUST to SHOULD in every event", file: { _ in "events.jsonl" },
            says: "describes SL-LOGOUT-1 with level SHOULD, the spec's MUST than the spec"
        ) { entries in
            for index in entries.indices where entries[index].name.hasSuffix(".jsonl") {
                let text = String(decoding: entries[index].data, as: UTF8.self)
                entries[index].data = Data(
                    text.replacingOccurrences(of: #""id":"SL-LOGOUT-1","level":"MUST""#, with: #""id":"SL-LOGOUT-1","level":"SHOULD""#).utf8)
            }
        },
        Edit(description: "jobs edited in the manifest", file: { _ in "manifest.json" }, says: "jobs is 4, but the commandLine gives (--jobs) 1") {
            entries in
            TamperFixture.editManifest(&entries) { $0.jobs = 4 }
        },
        Edit(
            description: "--strict-waivers said in the manifest, not on its command line", file: { _ in "manifest.json" },
            says: "waivers.strict is true, but the commandLine gives (--strict-waivers) false"
        ) { entries in
            TamperFixture.editManifest(&entries) { $0.waivers!.strict = true }
        },
        Edit(
            description: "the baseline's path edited in the manifest", file: { _ in "manifest.json" },
            says: "baseline.file is \"elsewhere.xml\", but the commandLine gives (--baseline)"
        ) { entries in
            TamperFixture.editManifest(&entries) { $0.baseline!.file = "elsewhere.xml" }
        },
        Edit(
            description: "a harness binary digest that is no SHA-256", file: { _ in "manifest.json" }, says: "harness.binarySHA256 \"forged\" is not a SHA-256"
        ) { entries in
            TamperFixture.editManifest(&entries) { $0.harness.binarySHA256 = "forged" }
        },
    ]

    @Test("every edit of the waivers or the baseline, resealed, is a finding naming the file", arguments: edits)
    func edited(_ edit: Edit) async throws {
        let bundle = await Self.waived.value.bundle
        let manifest = try Self.manifest(bundle)
        let forged = try TamperFixture.tampered(bundle, edit.edit)
        let report = try await BundleVerifier().verify(forged)
        let file = edit.file(manifest)
        #expect(
            report.findings.contains { $0.file == file && $0.message.contains(edit.says) },
            "\(edit): no finding in \(file) says '\(edit.says)': \(report.findings)")
    }
}
