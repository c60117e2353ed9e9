import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Synchronization

/// Counts `<testcase>` elements in a JUnit report; nil when it does not parse.
enum JUnitCaseCount {
    static func count(in url: URL) -> Int? {
        guard let parser = XMLParser(contentsOf: url) else { return nil }
        let delegate = Delegate()
        parser.delegate = delegate
        return parser.parse() ? delegate.count : nil
    }

    private final class Delegate: NSObject, XMLParserDelegate {
        var count = 0
        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]) {
            if name == "testcase" { count += 1 }
        }
    }
}
