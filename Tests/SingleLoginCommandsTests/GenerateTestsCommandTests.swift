import Foundation
import SingleLoginSpec
import Testing

@Suite("generate-tests writes one test per requirement of a spec, for Swift Testing or XCTest")
struct GenerateTestsCommandTests {
    @Test("the Swift Testing file names each test after its requirement ID and quotes its own command")
    func swiftTesting() async throws {
        let run = await Tool.run(["generate-tests", "--adapter-factory", "MyAdapter", "--import", "MyApp"])
        #expect(run.status == 0)
        #expect(run.out.contains("import SingleLoginTesting\nimport Testing\nimport MyApp\n"))
        #expect(run.out.contains("static let conformance = Conformance(spec: .shipped) { MyAdapter() }"))
        #expect(run.out.contains("@Test func `SL-LOGOUT-1`() async { await Self.conformance.expect(\"SL-LOGOUT-1\") }"))
        #expect(run.out.contains("regenerate: \"sl-conformance generate-tests --adapter-factory 'MyAdapter()' --import MyApp\""))
        let requirements = try SpecLoader.load(bytes: EmbeddedSpec.singleLogin.bytes, file: "shipped").spec.requirements.count
        #expect(run.out.components(separatedBy: "func `SL-").count - 1 == requirements)
        // A requirement that may not apply to the adapter is skipped before it runs, saying why it may not.
        #expect(
            run.out.contains(
                "    @Test(.enabled(if: SingleLoginConformanceTests.conformance.applies(\"SL-INFLIGHT-1\"), \"SL-INFLIGHT-1 is untested: it holds answers across steps, which needs an adapter that declares concurrentCalls\"))\n    func `SL-INFLIGHT-1`() async { await Self.conformance.expect(\"SL-INFLIGHT-1\") }"
            ), "\(run.out)")
        let widget = "SL-WIDGET-1 does not apply: it is about the app's widget, which the app declares it does not have"
        #expect(run.out.contains("@Test(.enabled(if: SingleLoginConformanceTests.conformance.applies(\"SL-WIDGET-1\"), \"\(widget)\"))"))
    }

    @Test("--level must writes a kit that gates on MUST only, and quotes the option in its command")
    func mustOnly() async {
        let run = await Tool.run(["generate-tests", "--adapter-factory", "MyAdapter", "--level", "must"])
        #expect(run.status == 0)
        #expect(run.out.contains("static let conformance = Conformance(spec: .shipped, gate: .mustOnly) { MyAdapter() }"))
        #expect(run.out.contains("regenerate: \"sl-conformance generate-tests --adapter-factory 'MyAdapter()' --level must\""))
    }

    @Test("the XCTest file has one test method per requirement, and a spec file is read by the tests")
    func xctest() async throws {
        let spec = Tool.fixtures + "/valid/minimal.json"
        let run = await Tool.run(["generate-tests", "--adapter-factory", "MyAdapter(mode: .ci)", "--framework", "xctest", "--spec", spec])
        #expect(run.status == 0)
        #expect(run.out.contains("final class SingleLoginConformanceTests: XCTestCase {"))
        #expect(run.out.contains("Conformance(spec: try! ConformanceSpec(file: \"\(spec)\")) { MyAdapter(mode: .ci) }"))
        #expect(run.out.contains("func test_"))
        #expect(run.out.contains("await Self.conformance.assert(\""))
    }

    @Test("--check fails for a stale file and passes once it is written")
    func check() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sl-generate-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("Tests/T.swift").path
        let words = ["generate-tests", "--adapter-factory", "A", "--output", file]
        #expect(await Tool.run(words + ["--check"]).status == 1, "a missing file is stale")
        #expect(await Tool.run(words).status == 0)
        #expect(await Tool.run(words + ["--check"]).status == 0)
        try Data("// edited\n".utf8).write(to: URL(fileURLWithPath: file))
        let stale = await Tool.run(words + ["--check"])
        #expect(stale.status == 1)
        #expect(stale.err.contains("sl-conformance generate-tests --adapter-factory 'A()' --output"))
    }

    @Test(
        "mistakes are usage errors",
        arguments: [
            ["generate-tests"], ["generate-tests", "--adapter-factory", " "], ["generate-tests", "--adapter-factory", "A", "--check"],
            ["generate-tests", "--adapter-factory", "A", "--type-name", "1Bad"], ["generate-tests", "--adapter-factory", "A", "--framework", "quick"],
        ])
    func mistakes(_ words: [String]) async {
        #expect(await Tool.run(words).status == 64)
    }
}
