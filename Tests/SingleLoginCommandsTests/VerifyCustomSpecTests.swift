import Foundation
import SingleLoginCommands
import SingleLoginCrypto
import SingleLoginSpec
import Testing

/// A bundle judged by a spec that is no catalogue this binary carries: every verdict rests on that
/// spec, so verify says so under `spec:` and on the result line, and names what differs from the
/// catalogue of the same id.
@Suite("verify names a custom spec, and what it changes in the catalogue of its id, near the top and on the result line")
struct VerifyCustomSpecTests {
    static let catalogue = EmbeddedSpec.named("single-login")!

    /// The catalogue as JSON values, edited by `edit`, written back with other white space.
    static func edited(_ edit: (inout [String: Any]) -> Void) -> Data {
        var spec = try! JSONSerialization.jsonObject(with: Data(catalogue.bytes)) as! [String: Any]
        edit(&spec)
        return try! JSONSerialization.data(withJSONObject: spec, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
    }

    /// Edits requirement `id` of `spec`.
    static func requirement(_ id: String, of spec: inout [String: Any], _ edit: (inout [String: Any]) -> Void) {
        var requirements = spec["requirements"] as! [[String: Any]]
        let index = requirements.firstIndex { $0["id"] as? String == id }!
        edit(&requirements[index])
        spec["requirements"] = requirements
    }

    /// Every scenario of SL-LOGOUT-1 without its `noDataOf` checks: the flaw that leaves the records file then passes.
    static func relaxed(_ spec: inout [String: Any]) {
        requirement("SL-LOGOUT-1", of: &spec) { requirement in
            requirement["scenarios"] = (requirement["scenarios"] as! [[String: Any]]).map { scenario in
                var scenario = scenario
                scenario["steps"] = (scenario["steps"] as! [[String: Any]]).map { step in
                    var step = step
                    if let expect = step["expect"] as? [[String: Any]] { step["expect"] = expect.filter { $0["check"] as? String != "noDataOf" } }
                    return step
                }
                if let expect = scenario["expect"] as? [[String: Any]] { scenario["expect"] = expect.filter { $0["check"] as? String != "noDataOf" } }
                return scenario
            }
        }
    }

    struct Row: Sendable, CustomStringConvertible {
        var description: String
        var edit: @Sendable (inout [String: Any]) -> Void
        var expected: [String]
    }

    static let rows: [Row] = [
        Row(description: "the catalogue in other bytes", edit: { _ in }, expected: []),
        Row(
            description: "a check loosened", edit: relaxed,
            expected: [
                "SL-LOGOUT-1 changed: scenario 'signed out while running' changed, scenario 'signed out while running, after an offline relaunch' changed, scenario 'signed out while the app waits for sign-in after InteractionRequired' changed"
            ]),
        Row(
            description: "a requirement made a SHOULD and one left out",
            edit: { spec in
                requirement("SL-LOGIN-1", of: &spec) { $0["level"] = "SHOULD" }
                spec["requirements"] = (spec["requirements"] as! [[String: Any]]).filter { $0["id"] as? String != "SL-LOGOUT-2" }
            }, expected: ["SL-LOGIN-1 changed: its level", "SL-LOGOUT-2 removed"]),
        Row(
            description: "a scenario and a requirement added, an account edited",
            edit: { spec in
                var accounts = spec["accounts"] as! [String: [String: Any]]
                accounts["alice"]!["displayName"] = "Mallory"
                spec["accounts"] = accounts
                var requirements = spec["requirements"] as! [[String: Any]]
                var copy = requirements[0]
                copy["id"] = "SL-EXTRA-1"
                requirements.append(copy)
                spec["requirements"] = requirements
                requirement("SL-LOGIN-1", of: &spec) { requirement in
                    var scenarios = requirement["scenarios"] as! [[String: Any]]
                    var extra = scenarios[0]
                    extra["name"] = "an extra scenario"
                    scenarios.append(extra)
                    requirement["scenarios"] = scenarios
                }
            }, expected: ["its accounts differ", "SL-LOGIN-1 changed: scenario 'an extra scenario' added", "SL-EXTRA-1 added"]),
    ]

    @Test("a copy of the catalogue is compared with it by value, requirement by requirement and scenario by scenario", arguments: rows)
    func differences(_ row: Row) {
        let custom = BundleVerifier.CustomSpec.compare(Self.edited(row.edit), id: "single-login")
        #expect(custom.catalogue == Self.catalogue)
        #expect(custom.differences.map(\.description) == row.expected)
    }

    @Test("a spec whose id no catalogue has is custom, with nothing to compare it with")
    func unknownID() {
        let custom = BundleVerifier.CustomSpec.compare(Self.edited { $0["id"] = "acme-login" }, id: "acme-login")
        #expect(custom.catalogue == nil && custom.differences.isEmpty)
    }

    @Test("a run judged by a loosened copy of the catalogue passes, and verify says under spec: and on the result line that it is custom and what it loosened")
    func loosenedRun() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let spec = try scratch.write(Self.edited(Self.relaxed), "relaxed.json")
        let bundle = scratch.path("bundle.tar")
        let run = await Tool.run(
            [
                "run", "--quiet", "--spec", spec, "--only", "SL-LOGOUT-1", "--reference-flaw", "leavesRecordsFile", "--reports", scratch.path("r"), "--bundle",
                bundle,
            ])
        #expect(run.status == 0, "the loosened check lets the flaw pass: \(run.err)")
        let verify = await Tool.run(["verify", bundle])
        #expect(verify.status == 0, "a custom spec is no finding: \(verify.err)")
        let lines = verify.out.split(separator: "\n").map(String.init)
        #expect(lines.count > 3 && lines[1].contains("a CUSTOM spec: no catalogue this binary carries has these bytes, and every verdict below rests on it"))
        #expect(lines.count > 3 && lines[2].hasPrefix("  it differs from the catalogue single-login \(Self.catalogue.identity!.version) this binary carries"))
        #expect(lines.contains { $0.hasPrefix("    SL-LOGOUT-1 changed: scenario 'signed out while running' changed") }, "\(verify.out)")
        let result = lines.last ?? ""
        #expect(
            result
                == "Result: intact, unsigned; the run passed, judged by a custom spec (1 difference from the catalogue single-login \(Self.catalogue.identity!.version) this binary carries), for the bundled reference app, not your app"
        )
        #expect(!result.hasSuffix("; the run passed"), "a gate that reads '; the run passed$' does not take a custom spec's pass for the catalogue's")
    }

    @Test(
        "a bundle sealed with a catalogue another build carried (another version of it) is intact: its requirements are located as that build located them, and verify says whose catalogue it was"
    )
    func otherBuildsCatalogue() async throws {
        let bundle = await TamperFixture.make(["--only", "SL-LOGOUT-1"])
        let spec = try #require(TamperFixture.files(bundle).first { $0.name == "spec.json" }?.data)
        // The same catalogue in other bytes, as the run recorded it: what a bundle of another build's copy looks like to this one.
        let (carried, other) = (SHA256.hexDigest(spec), SHA256.hexDigest(spec + Data("\n".utf8)))
        let sealed = try TamperFixture.tampered(bundle) { entries in
            for index in entries.indices {
                if entries[index].name == "spec.json" {
                    entries[index].data.append(contentsOf: Array("\n".utf8))
                } else {
                    let text = String(decoding: entries[index].data, as: UTF8.self)
                    let data = Data(
                        text.replacingOccurrences(of: carried, with: other).replacingOccurrences(of: carried.prefix(12), with: other.prefix(12)).utf8)
                    if data != entries[index].data { entries[index].data = data }
                }
            }
        }
        let scratch = try Scratch()
        defer { scratch.remove() }
        let verify = await Tool.run(["verify", try scratch.write(sealed, "other-build.tar")])
        #expect(verify.status == 0, "\(verify.out)\(verify.err)")
        let lines = verify.out.split(separator: "\n").map(String.init)
        #expect(
            lines.count > 2 && lines[1].contains("a catalogue another build of sl-conformance carried (embedded there), not one this binary carries"),
            "\(verify.out)")
        #expect(lines.count > 2 && lines[2].hasPrefix("  it holds the requirements and scenarios of the catalogue single-login"))
        #expect(
            lines.last?.hasPrefix("Result: intact, unsigned; the run passed, judged by single-login \(Self.catalogue.identity!.version) of another build (")
                == true)
    }
}
