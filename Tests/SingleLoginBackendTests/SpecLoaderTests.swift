import Foundation
import SingleLoginSpec
import Testing
@testable import SingleLoginBackend

@Suite("specs/backend.json loads strictly")
struct SpecLoaderTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test("the shipped spec has every case of the issue, with its exact ID, level and modes, and BE-HEADER-1 added after BE-KID-1")
    func shipped() throws {
        let spec = try BackendSpecLoader.load(path: Self.repository.appendingPathComponent("specs/backend.json").path)
        let expected: [(String, Requirement.Level, Set<TenantMode>)] = [
            ("BE-ACCEPT-1", .must, [.single, .multi]), ("BE-SKEW-1", .should, [.single, .multi]), ("BE-ROTATE-1", .must, [.single, .multi]),
            ("BE-DECOY-1", .must, [.single, .multi]), ("BE-SIG-1", .must, [.single, .multi]), ("BE-SIG-2", .must, [.single, .multi]),
            ("BE-SIG-3", .must, [.single, .multi]), ("BE-SIG-4", .must, [.single, .multi]), ("BE-SIG-5", .must, [.single, .multi]),
            ("BE-KID-1", .must, [.single, .multi]),
            ("BE-HEADER-1", .must, [.single, .multi]), ("BE-AUD-1", .must, [.single, .multi]), ("BE-ISS-1", .must, [.single]), ("BE-ISS-2", .must, [.multi]),
            ("BE-TIME-1", .must, [.single, .multi]), ("BE-TIME-2", .must, [.single, .multi]), ("BE-INPUT-1", .must, [.single, .multi]),
            ("BE-INPUT-2", .must, [.single, .multi]), ("BE-INPUT-3", .must, [.single, .multi]), ("BE-TYPE-1", .must, [.single, .multi]),
        ]
        #expect(spec.cases.map(\.id) == expected.map(\.0))
        #expect(spec.cases.map(\.level) == expected.map(\.1))
        #expect(spec.cases.map(\.modes) == expected.map(\.2))
        #expect(Set(spec.cases.map(\.probe)).count == spec.cases.count)
        #expect(spec.cases.first { $0.id == "BE-INPUT-3" }?.timeLimit == .seconds(5))
        #expect(spec.cases.allSatisfy { !$0.references.isEmpty && $0.references.allSatisfy { $0.url.hasPrefix("https://") } })
    }

    static let template =
        #"{"formatVersion": "1.0", "id": "b", "version": "1.0.0", "title": "T", "cases": [{"id": "BE-X-1", "level": "MUST", "title": "t", "rationale": "r", "references": [{"title": "x", "url": "https://x"}], "modes": ["single"], "probe": "algNone", "expect": "rejected", "forges": "x"}]}"#

    @Test(
        "mistakes are reported like a compiler: file, line, column (at the mistake), JSON path and a fix",
        arguments: [
            ("\"forges\"", "\"forgez\"", "unknown key 'forgez'; did you mean 'forges'? (at $.cases[0])", "rename 'forgez' to 'forges'"),
            ("\"algNone\"", "\"algNon\"", "unknown probe 'algNon'; did you mean 'algNone'? (at $.cases[0].probe)", "replace 'algNon' with 'algNone'"),
            ("[\"single\"]", "[\"singel\"]", "unknown tenant mode 'singel'; did you mean 'single'? (at $.cases[0].modes[0])", "replace 'singel' with 'single'"),
            ("\"MUST\"", "\"MUS\"", "unknown level 'MUS'; did you mean 'MUST'? (at $.cases[0].level)", "replace 'MUS' with 'MUST'"),
            (
                "\"1.0\"", "\"2.0\"", "format version 2.0 is newer than this harness supports (1.0) (at $.formatVersion)",
                "upgrade sl-conformance, or write the spec in format 1.0"
            ),
            ("\"BE-X-1\"", "\"be-x-1\"", "case ID 'be-x-1' is not uppercase words joined by '-' (at $.cases[0].id)", "use an ID such as 'BE-SIG-1'"),
        ] as [(String, String, String, String?)])
    func diagnostics(original: String, replacement: String, message: String, fix: String?) throws {
        let range = try #require(Self.template.range(of: original))
        let text = Self.template.replacingCharacters(in: range, with: replacement)
        var column = Self.template.distance(from: Self.template.startIndex, to: range.lowerBound) + 1
        if original == "[\"single\"]" { column += 1 }
        do {
            _ = try BackendSpecLoader.load(bytes: Array(text.utf8), file: "b.json")
            Issue.record("the mistake loaded")
        } catch {
            #expect(error.diagnostics.map(\.headline) == ["b.json:1:\(column): error: \(message)"])
            #expect(error.diagnostics.first?.fix == fix)
        }
    }

    @Test("a syntax error is one diagnostic with its position")
    func syntax() {
        do {
            _ = try BackendSpecLoader.load(bytes: Array(#"{"id": 1,}"#.utf8), file: "b.json")
            Issue.record("a syntax error loaded")
        } catch {
            #expect(error.diagnostics.count == 1 && error.diagnostics[0].location.line == 1 && error.diagnostics[0].message.contains("trailing comma"))
        }
    }

    @Test("a duplicate case ID is named with the line of the first")
    func duplicate() throws {
        let one =
            #"{"id": "BE-X-1", "level": "MUST", "title": "t", "rationale": "r", "references": [{"title": "x", "url": "https://x"}], "modes": ["single"], "probe": "algNone", "expect": "rejected", "forges": "x"}"#
        let text = "{\"formatVersion\": \"1.0\", \"id\": \"b\", \"version\": \"1.0.0\", \"title\": \"T\", \"cases\": [\n\(one),\n\(one)]}"
        do {
            _ = try BackendSpecLoader.load(bytes: Array(text.utf8), file: "b.json")
            Issue.record("a duplicate ID loaded")
        } catch {
            #expect(error.diagnostics.map(\.headline) == ["b.json:3:8: error: duplicate case ID 'BE-X-1' (first at line 2, column 8) (at $.cases[1].id)"])
        }
    }
}
