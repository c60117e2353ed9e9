import Foundation
import SingleLoginSpec
import Testing

@Suite("SpecWriter: specs written as format v1 JSON read back the same")
struct SpecWriterTests {
    static let catalogue = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("specs/single-login.json").path

    @Test("the catalogue, written and read again, is the same spec; writing is idempotent")
    func catalogueRoundTrip() throws {
        let spec = try SpecLoader.load(path: Self.catalogue).spec
        let written = SpecWriter.json(spec)
        let reread = try SpecLoader.decode(bytes: Array(written.utf8), file: "written.json")
        #expect(Self.withoutLocations(reread) == Self.withoutLocations(spec))
        #expect(SpecWriter.json(reread) == written)
    }

    @Test("the written catalogue means what the file means, key for key (defaults aside)")
    func sameJSONAsTheFile() throws {
        let spec = try SpecLoader.load(path: Self.catalogue).spec
        let original = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: Self.catalogue))) as! NSDictionary
        let written = try JSONSerialization.jsonObject(with: Data(SpecWriter.json(spec, schema: "./spec-format-v1.schema.json").utf8)) as! NSDictionary
        #expect(written == original)
    }

    @Test("strings are escaped as RFC 8259 says")
    func escaping() throws {
        var spec = try SpecLoader.load(path: Self.catalogue).spec
        spec.title = "quote \" backslash \\ newline \n tab \t bell \u{07} é"
        let reread = try SpecLoader.decode(bytes: Array(SpecWriter.json(spec).utf8), file: "escaped.json")
        #expect(reread.title == spec.title)
    }

    /// `spec` with every source location removed (a written spec has other positions).
    static func withoutLocations(_ spec: Spec) -> Spec {
        var spec = spec
        spec.source = nil
        spec.requirements = spec.requirements.map { requirement in
            var requirement = requirement
            requirement.location = nil
            requirement.scenarios = requirement.scenarios.map { scenario in
                var scenario = scenario
                scenario.location = nil
                scenario.steps = scenario.steps.map { step in
                    var step = step; step.location = nil; return step
                }
                return scenario
            }
            return requirement
        }
        return spec
    }
}
