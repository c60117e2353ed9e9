import Foundation
import ReferenceApp
import SingleLoginReports
import SingleLoginSpec
import Testing

/// The docs' tables are made from the spec and from ``faultyVariantTable``; these tests fail when
/// they drift, and print the table to paste.
@Suite("The docs' tables of the catalogue, the flaws and the options")
struct ReadmeTableTests {
    /// The catalogue's page.
    static let cataloguePage = "docs/catalogue.md"
    /// The reference app's page: its flaws and its conformant options.
    static let referenceAppPage = "docs/reference-app.md"

    static func text(_ page: String) throws -> String {
        try String(contentsOf: TestSupport.repositoryRoot.appendingPathComponent(page), encoding: .utf8)
    }

    /// The text between `<!-- begin NAME ... -->` and `<!-- end NAME -->`, markers excluded.
    static func section(_ name: String, in text: String) -> String? {
        guard let begin = text.range(of: "<!-- begin \(name)"), let close = text.range(of: "-->\n", range: begin.upperBound..<text.endIndex),
            let end = text.range(of: "<!-- end \(name) -->", range: close.upperBound..<text.endIndex)
        else { return nil }
        return String(text[close.upperBound..<end.lowerBound])
    }

    /// The flaw table as docs/reference-app.md shows it, requirements in spec order.
    static func flawTable(_ spec: Spec) -> String {
        let order = Dictionary(uniqueKeysWithValues: spec.requirements.enumerated().map { ($0.element.id, $0.offset) })
        func list(_ ids: Set<String>) -> String { ids.sorted { order[$0, default: 0] < order[$1, default: 0] }.joined(separator: ", ") }
        var lines = ["| Flaw | The mistake | Requirements that fail | Not judged (a precondition failed) |", "|---|---|---|---|"]
        for row in faultyVariantTable {
            lines.append("| `\(row.flaw.rawValue)` | \(row.flaw.summary) | \(list(row.fails)) | \(row.notJudged.isEmpty ? "–" : list(row.notJudged)) |")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The conformant options as docs/reference-app.md shows them.
    static func optionTable() -> String {
        (["| Option | How the app differs |", "|---|---|"] + ReferenceAppOption.allCases.map { "| `\($0.rawValue)` | \($0.summary) |" }).joined(separator: "\n")
            + "\n"
    }

    @Test("the catalogue table is `sl-conformance list --format markdown` of the shipped spec, and the page names its version and size")
    func catalogue() throws {
        let spec = try TestSupport.shippedSpec().spec
        let expected = CatalogueTable.markdown(spec)
        let page = try Self.text(Self.cataloguePage)
        #expect(Self.section("catalogue", in: page) == expected, "paste into \(Self.cataloguePage):\n\(expected)")
        let size = "\(spec.version), \(spec.requirements.count) requirements, \(spec.requirements.map(\.scenarios.count).reduce(0, +)) scenarios"
        #expect(
            page.replacingOccurrences(of: "\n", with: " ").contains("(spec version \(size))"),
            "\(Self.cataloguePage) names another version or size than \(size)")
    }

    @Test("the flaw table is FaultyVariantTests' table")
    func flaws() throws {
        let expected = Self.flawTable(try TestSupport.shippedSpec().spec)
        #expect(Self.section("flaws", in: try Self.text(Self.referenceAppPage)) == expected, "paste into \(Self.referenceAppPage):\n\(expected)")
    }

    @Test("the options table lists every conformant option")
    func options() throws {
        let expected = Self.optionTable()
        #expect(Self.section("options", in: try Self.text(Self.referenceAppPage)) == expected, "paste into \(Self.referenceAppPage):\n\(expected)")
    }
}
