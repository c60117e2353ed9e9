import Foundation
import Testing
@testable import SingleLoginReports

@Suite("The XML reader merge uses: strict about well-formedness, no libxml2")
struct XMLTreeTests {
    @Test("elements, attributes, entities, character references, CDATA, comments and line ends read as XML says")
    func reads() throws {
        let text =
            "\u{FEFF}<?xml version=\"1.0\"?>\n<!DOCTYPE r>\n<!-- c --><r a='1 &amp; 2' b=\"x&#10;y\ttab\"><c>&lt;&gt;&quot;&apos;&#x41;&#66;</c><![CDATA[<raw> ]]&gt;]]>line\r\nend\r<d/></r>\n"
        let tree = try XMLTree(parsing: Array(text.utf8))
        #expect(tree.root.name == "r")
        #expect(tree.root.attribute("a") == "1 & 2")
        #expect(tree.root.attribute("b") == "x\ny tab", "a reference keeps its line feed, a raw tab becomes a space")
        #expect(tree.root.elements(named: "c").first?.text == "<>\"'AB")
        #expect(tree.root.text == "<raw> ]]&gt;line\nend\n")
        #expect(tree.root.children.map(\.name) == ["c", "d"])
    }

    @Test(
        "malformed documents are refused with the line of the problem",
        arguments: [
            ("", "no XML element found"), ("<a>", "the document ends before </a> (truncated?)"), ("<a></b>", "</b> closes <a>"),
            ("<a x='1' x='2'/>", "attribute 'x' appears twice"), ("<a>&bogus;</a>", "unknown entity '&bogus;'"), ("<a/><b/>", "content after the root element"),
            ("text<a/>", "text before the root element"), ("<a x=1/>", "expected a quoted value for 'x'"),
            ("<a>\n\n<!-- open", "the document ends inside a comment (truncated?)"),
        ])
    func refuses(text: String, message: String) {
        #expect(throws: XMLTree.Failure.self) { try XMLTree(parsing: Array(text.utf8)) }
        do { _ = try XMLTree(parsing: Array(text.utf8)) } catch { #expect(error.message == message) }
    }

    @Test("a report read in place from its data reads as from a copy of its bytes; empty data is no document")
    func readsData() throws {
        let data = try Data(contentsOf: Golden.directory.appendingPathComponent("failures-must.junit.xml"))
        let inPlace = try XMLTree(parsing: data)
        let copied = try XMLTree(parsing: [UInt8](data))
        func shape(_ element: XMLTree.Element) -> String {
            let attributes = element.attributes.map { "\($0.name)=\($0.value)" }.joined(separator: ",")
            return "<\(element.name) \(attributes)>\(element.text)" + element.children.map(shape).joined() + "</\(element.name)>"
        }
        #expect(shape(inPlace.root) == shape(copied.root))
        #expect(inPlace.root.elements(named: "testsuite").count > 1)
        do {
            _ = try XMLTree(parsing: Data())
            Issue.record("empty data was read")
        } catch { #expect(error.message == "no XML element found") }
    }

    @Test("every truncation of a real report is refused: a cut-off shard never merges")
    func truncations() throws {
        let data = try Data(contentsOf: Golden.directory.appendingPathComponent("failures-must.junit.xml"))
        let bytes = [UInt8](data)
        _ = try XMLTree(parsing: bytes)
        // The whole document less its final newline is still complete; anything shorter is not.
        let complete = bytes.last == 0x0A ? bytes.count - 1 : bytes.count
        for length in stride(from: 0, to: complete, by: max(1, complete / 400)) {
            #expect(throws: XMLTree.Failure.self, "cut at \(length) of \(bytes.count) bytes") { try XMLTree(parsing: Array(bytes.prefix(length))) }
        }
    }
}
