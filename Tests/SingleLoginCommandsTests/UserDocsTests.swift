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
        for path in ["README.md", "docs/hardening.md"] {
            for line in try Self.text(path).split(separator: "\n") where line.contains("spec 2.") && !line.contains("spec \(shipped.version)") {
                #expect(line.contains("measured on spec"), "\(path): \(line)")
            }
        }
    }

    @Test("the install section leads with what works today: building from source")
    func installLeadsWithSource() throws {
        let readme = try Self.text("README.md")
        let install = try #require(readme.range(of: "## Install")).upperBound
        let next = readme.range(of: "\n## ", range: install..<readme.endIndex)?.lowerBound ?? readme.endIndex
        let section = String(readme[install..<next])
        let fromSource = try #require(section.range(of: "scripts/package-release.sh"))
        let release = try #require(section.range(of: "releases/download"))
        #expect(fromSource.lowerBound < release.lowerBound, "building from source comes before the release recipe")
        #expect(section.lowercased().contains("once releases are published"))
        #expect(section.contains("GLIBCXX_3.4.30"))
        #expect(try Self.text(".gitignore").split(separator: "\n").contains("/dist/"))
    }
}
