import Foundation
import SingleLoginCommands
import SingleLoginSpec
import Testing

@Suite("The user docs stand alone and quote the build they ship with")
struct UserDocsTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func text(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    static var userDocs: [String] {
        let docs = (try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("docs").path)) ?? []
        return ["README.md"] + docs.filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
    }

    @Test("no doc cites a file outside the repository (a user's clone has nothing beside it)")
    func selfContained() throws {
        #expect(Self.userDocs.count > 5)
        for path in Self.userDocs {
            #expect(!(try Self.text(path)).contains("../shared/"), "\(path)")
        }
    }

    @Test("every command's help names a page that explains it, and every page it names exists")
    func helpNamesPages() async throws {
        for command in ConformanceCommandLine.commands {
            #expect(!command.docs.isEmpty, "\(command.name) names no page")
            for page in command.docs {
                #expect(FileManager.default.fileExists(atPath: Self.root.appendingPathComponent(page).path), "\(command.name): \(page)")
            }
            let help = await Tool.run([command.name, "--help"])
            #expect(help.out.hasSuffix("\nDocs: \(command.docs.joined(separator: ", "))\n"), "\(command.name): \(help.out.suffix(200))")
        }
    }

    @Test("explore's page names the spec format this build reads and writes")
    func exploreFormat() throws {
        #expect(try Self.text("docs/explore.md").contains("(format \(Spec.supportedFormatVersion), the format this build reads)"))
    }

    @Test("a quoted spec version and test case count is the shipped spec's, or says it was measured on an older one")
    func specFigures() throws {
        let shipped = try #require(EmbeddedSpec.singleLogin.identity)
        for path in ["README.md", "docs/hardening.md", "docs/performance.md"] {
            for line in try Self.text(path).split(separator: "\n") where line.contains("spec 2.") && !line.contains("spec \(shipped.version)") {
                #expect(line.contains("measured on spec"), "\(path): \(line)")
            }
        }
        // Output quoted anywhere in the docs names the catalogue it quotes: the shipped one, by the
        // words the tool prints ("single-login 8.0.0").
        let quoted = try NSRegularExpression(pattern: "\(shipped.id) [0-9]+\\.[0-9]+\\.[0-9]+")
        for path in Self.userDocs {
            for line in try Self.text(path).split(separator: "\n") {
                let text = String(line)
                for match in quoted.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                    let version = (text as NSString).substring(with: match.range)
                    #expect(version == "\(shipped.id) \(shipped.version)" || text.contains("measured on spec"), "\(path): \(text)")
                }
            }
        }
    }

    @Test("the install page leads with what works today: building from source")
    func installLeadsWithSource() throws {
        let page = try Self.text("docs/install.md")
        let fromSource = try #require(page.range(of: "scripts/package-release.sh"))
        let release = try #require(page.range(of: "releases/download"))
        #expect(fromSource.lowerBound < release.lowerBound, "building from source comes before the release recipe")
        #expect(page.lowercased().contains("once releases are published"))
        #expect(page.contains("GLIBCXX_3.4.30"))
        #expect(try Self.text(".gitignore").split(separator: "\n").contains("/dist/"))
    }

    @Test("the README stays a front door: under 12,000 characters, with the two commands .ci/run and the tests expect")
    func readmeIsShort() throws {
        let readme = try Self.text("README.md")
        #expect(readme.count < 12_000, "README.md has \(readme.count) characters; move detail into docs/")
        #expect(readme.contains("swift run sl-conformance run "))
        #expect(readme.contains("swift test "))
        #expect(readme.contains("](docs/README.md)"), "the README points at the docs' index")
    }

    // MARK: Links and anchors

    /// Pages another change is writing: a link to one is allowed while it does not exist yet, and
    /// checked like any other once it does.
    static let pagesBeingWritten: Set<String> = ["docs/platforms.md"]

    /// A Markdown link in a document: where it points, and the line it is on.
    struct Link: Equatable {
        let target: String
        let line: Int
    }

    /// The lines of `text` outside fenced code blocks (``` or ~~~, indented or not), with their numbers.
    static func proseLines(_ text: String) -> [(number: Int, text: String)] {
        var lines: [(number: Int, text: String)] = []
        var fence: String?
        for (index, line) in text.components(separatedBy: "\n").enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if let open = fence {
                if trimmed.hasPrefix(open) { fence = nil }
                continue
            }
            if trimmed.hasPrefix("```") || trimmed.hasPrefix("~~~") {
                fence = String(trimmed.prefix(3))
                continue
            }
            lines.append((index + 1, line))
        }
        return lines
    }

    /// The inline links of `text` (`[text](target)`, `![alt](target)`), outside code blocks and code spans.
    static func links(in text: String) -> [Link] {
        let pattern = try! NSRegularExpression(pattern: #"\]\(<?([^)\s>]+)>?(?:\s+"[^"]*")?\)"#)
        var found: [Link] = []
        for line in proseLines(text) {
            // Code spans hold examples, not links.
            let prose = line.text.replacingOccurrences(of: #"`[^`]*`"#, with: "", options: .regularExpression)
            let nsLine = prose as NSString
            for match in pattern.matches(in: prose, range: NSRange(location: 0, length: nsLine.length)) {
                found.append(Link(target: nsLine.substring(with: match.range(at: 1)), line: line.number))
            }
        }
        return found
    }

    /// The anchor GitHub gives a heading: its text as rendered (code spans and emphasis marks dropped,
    /// a link's text kept), lower-cased, without punctuation, spaces as hyphens.
    static func slug(_ heading: String) -> String {
        var text = heading.replacingOccurrences(of: #"!?\[([^\]]*)\]\([^)]*\)"#, with: "$1", options: .regularExpression)
        text = text.replacingOccurrences(of: "`", with: "")
        var slug = ""
        for scalar in text.lowercased().unicodeScalars {
            if scalar == " " {
                slug.append("-")
            } else if scalar == "-" || scalar == "_" || CharacterSet.alphanumerics.contains(scalar) {
                slug.unicodeScalars.append(scalar)
            }
        }
        return slug
    }

    /// Every anchor of a Markdown document: its headings' slugs (a repeated one numbered -1, -2, ...,
    /// as GitHub does) and any `<a id>` or `<a name>`.
    static func anchors(in text: String) -> Set<String> {
        var anchors: Set<String> = []
        var seen: [String: Int] = [:]
        let heading = try! NSRegularExpression(pattern: #"^ {0,3}#{1,6}[ \t]+(.*?)[ \t#]*$"#)
        let html = try! NSRegularExpression(pattern: #"<a\s+(?:id|name)="([^"]+)""#)
        for line in proseLines(text) {
            let nsLine = line.text as NSString
            let whole = NSRange(location: 0, length: nsLine.length)
            if let match = heading.firstMatch(in: line.text, range: whole) {
                let base = slug(nsLine.substring(with: match.range(at: 1)))
                let count = seen[base, default: 0]
                seen[base] = count + 1
                anchors.insert(count == 0 ? base : "\(base)-\(count)")
            }
            for match in html.matches(in: line.text, range: whole) { anchors.insert(nsLine.substring(with: match.range(at: 1))) }
        }
        return anchors
    }

    /// What is wrong with each link of `document` that does not resolve: a file that is not there, or
    /// an anchor no heading of its target has.
    static func brokenLinks(in document: String) throws -> [String] {
        let base = root.appendingPathComponent(document).deletingLastPathComponent()
        var broken: [String] = []
        for link in links(in: try text(document)) {
            let target = link.target
            if target.contains("://") || target.hasPrefix("mailto:") { continue }
            let parts = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
            let path = String(parts[0]).removingPercentEncoding ?? String(parts[0])
            let anchor = parts.count > 1 ? String(parts[1]) : nil
            let file = path.isEmpty ? root.appendingPathComponent(document) : base.appendingPathComponent(path).standardizedFileURL
            let relative = String(file.path.dropFirst(root.standardizedFileURL.path.count + 1))
            guard FileManager.default.fileExists(atPath: file.path) else {
                if !pagesBeingWritten.contains(relative) { broken.append("\(document):\(link.line): \(target): no file \(relative)") }
                continue
            }
            guard let anchor, !anchor.isEmpty else { continue }
            guard file.pathExtension == "md" else {
                broken.append("\(document):\(link.line): \(target): an anchor into a file that is not Markdown")
                continue
            }
            let anchors = anchors(in: try String(contentsOf: file, encoding: .utf8))
            if !anchors.contains(anchor) {
                broken.append("\(document):\(link.line): \(target): \(relative) has no heading with the anchor #\(anchor)")
            }
        }
        return broken
    }

    @Test("every link and anchor in the README and docs/ resolves: the file exists, and the anchor is a heading's GitHub slug")
    func linksResolve() throws {
        var broken: [String] = []
        var count = 0
        for path in Self.userDocs {
            count += Self.links(in: try Self.text(path)).count
            broken += try Self.brokenLinks(in: path)
        }
        #expect(count > 100, "the links were found")
        #expect(broken.isEmpty, "links that do not resolve:\n\(broken.joined(separator: "\n"))")
    }

    @Test("the link check is not vacuous: it finds links outside code, and slugs headings as GitHub does")
    func linkCheckNotVacuous() {
        let sample = """
            See [the bundle](reports.md#evidence-bundle-run---bundle-file) and ![a figure](fig.png "title").
            `[not a link](nowhere.md)`
            ```
            [nor this](nowhere.md)
            ```
            """
        #expect(Self.links(in: sample).map(\.target) == ["reports.md#evidence-bundle-run---bundle-file", "fig.png"])
        #expect(Self.slug("Evidence bundle (`run --bundle FILE`)") == "evidence-bundle-run---bundle-file")
        #expect(Self.slug("`sl-conformance merge OUT IN...`") == "sl-conformance-merge-out-in")
        #expect(Self.slug("4. The tests") == "4-the-tests")
        #expect(Self.slug("The harness reads the app's data container") == "the-harness-reads-the-apps-data-container")
        #expect(Self.anchors(in: "# A\n## Notes\n```\n# not a heading\n```\n## Notes\n") == ["a", "notes", "notes-1"])
    }
}
