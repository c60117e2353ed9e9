import Foundation
import Testing

/// docs/architecture.md's tables say which targets there are and where the repository keeps what:
/// they stay true to Package.swift and the folders.
@Suite("The architecture page")
struct ArchitectureDocTests {
    /// Package.swift's targets by kind: `.target`/`.systemLibrary` (library) or `.executableTarget`.
    static func targets(_ kind: String) throws -> Set<String> {
        let manifest = try UserDocsTests.text("Package.swift")
        let pattern = try NSRegularExpression(pattern: #"\.\#(kind)\(name: "([^"]+)""#)
        let range = NSRange(manifest.startIndex..., in: manifest)
        return Set(pattern.matches(in: manifest, range: range).map { String(manifest[Range($0.range(at: 1), in: manifest)!]) })
    }

    /// The backticked names in the first column of the table whose header starts with `header`.
    static func firstColumn(of header: String, in page: String) -> Set<String> {
        let lines = page.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let start = lines.firstIndex(where: { $0.hasPrefix(header) }) else { return [] }
        var names: Set<String> = []
        for line in lines[(start + 2)...] {
            guard line.hasPrefix("|") else { break }
            let cell = line.split(separator: "|", omittingEmptySubsequences: true).first.map(String.init) ?? ""
            for part in cell.split(separator: "`", omittingEmptySubsequences: false).enumerated() where part.offset % 2 == 1 {
                names.insert(String(part.element))
            }
        }
        return names
    }

    @Test("the targets table names every library target of Package.swift, and no other")
    func everyLibraryTarget() throws {
        let page = try UserDocsTests.text("docs/architecture.md")
        let named = Self.firstColumn(of: "| Target | Holds | Product |", in: page)
        let libraries = try Self.targets("target").union(Self.targets("systemLibrary"))
        #expect(libraries.count > 20)
        #expect(libraries.subtracting(named).sorted() == [], "targets the table leaves out")
        #expect(named.subtracting(libraries).sorted() == [], "names in the table that are no target")
    }

    @Test("the layout table names every executable's folder, and every path it names exists")
    func layout() throws {
        let page = try UserDocsTests.text("docs/architecture.md")
        let named = Self.firstColumn(of: "| Path | What |", in: page)
        let folders = named.map { $0.hasPrefix("Sources/") || !$0.hasPrefix("sl-") ? $0 : "Sources/" + $0 }
        for executable in try Self.targets("executableTarget") {
            #expect(folders.contains("Sources/\(executable)"), "Sources/\(executable) is not in the layout table")
        }
        for path in folders where !path.contains("<") {
            let url = UserDocsTests.root.appendingPathComponent(path)
            #expect(FileManager.default.fileExists(atPath: url.path), "\(path) is in the layout table but not in the repository")
        }
    }
}
