import Foundation
import SingleLoginSpec
import Testing

@Suite("The check kinds are one list: the enum, the decoder and the schema agree")
struct CheckKindSchemaTests {
    @Test("the schema's check enum lists Expectation.Kind's cases, in order")
    func schemaEnum() throws {
        // The embedded schema is specs/spec-format-v1.schema.json byte for byte (EmbeddedSpecTests).
        let schema = try #require(try JSONSerialization.jsonObject(with: Data(EmbeddedSpec.specFormatV1Schema.bytes)) as? [String: Any])
        let definitions = try #require(schema["$defs"] as? [String: Any])
        let check = try #require(definitions["check"] as? [String: Any])
        let properties = try #require(check["properties"] as? [String: Any])
        let kind = try #require(properties["check"] as? [String: Any])
        let names = try #require(kind["enum"] as? [String])
        #expect(names == Expectation.Kind.allCases.map(\.rawValue))
        #expect(SpecVocabulary.checkKinds == names)
    }
}
