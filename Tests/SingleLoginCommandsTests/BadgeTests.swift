import Foundation
import Testing
@testable import SingleLoginCommands

@Suite("--badge writes a shields.io endpoint badge coloured by the result")
struct BadgeTests {
    /// The badge's label: the shipped catalogue's id and version, as specs/single-login.json has them.
    static let label: String = {
        let spec = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(
            "specs/single-login.json")
        let object = (try? JSONSerialization.jsonObject(with: Data(contentsOf: spec))) as? [String: Any]
        return "single-login \(object?["version"] as? String ?? "?")"
    }()

    @Test("passed is green, failed red, passed with a waiver yellow and says so")
    func colours() async throws {
        let runs = try BaselineRuns()
        defer { runs.remove() }
        let green = await runs.run("green", flawed: false, ["--badge", runs.path("green.json")])
        #expect(green.status == 0)
        #expect(
            try String(contentsOfFile: runs.path("green.json"), encoding: .utf8)
                == "{\"color\":\"brightgreen\",\"label\":\"\(Self.label)\",\"message\":\"2/2 MUST\",\"schemaVersion\":1}" + "\n")
        let red = await runs.run("red", flawed: true, ["--badge", runs.path("red.json")])
        #expect(red.status == 1)
        #expect(
            try String(contentsOfFile: runs.path("red.json"), encoding: .utf8).contains(
                "\"color\":\"red\",\"label\":\"\(Self.label)\",\"message\":\"1/2 MUST\""))
        let waived = try await WaiverTests.run(runs, flawed: true, entries: [WaiverTests.logout], ["--badge", runs.path("yellow.json")])
        #expect(waived.status == 0)
        #expect(
            try String(contentsOfFile: runs.path("yellow.json"), encoding: .utf8).contains(
                "\"color\":\"yellow\",\"label\":\"\(Self.label)\",\"message\":\"1/2 MUST, 1 waived\""))
    }

    @Test("--badge is in run --help")
    func help() async {
        let help = await Tool.run(["run", "--help"])
        for option in ["--badge <file>", "--baseline <file>", "--fail-on <what>", "--waivers <file>", "--strict-waivers"] {
            #expect(help.out.contains(option), "\(option)")
        }
    }
}
