import Foundation
import Testing

/// Every source path the README and the docs name exists: a file moved or renamed takes its
/// mentions with it, so a reader who follows a path finds the file.
@Suite("The README and the docs name only paths that exist")
struct DocumentedPathsTests {
    /// The repository's files, relative to its root (build products and dependencies left out).
    static let files: [String] = {
        let root = TestSupport.repositoryRoot
        var found: [String] = []
        let skipped: Set<String> = [".build", ".git", "reports", "dist", "node_modules", "__pycache__"]
        guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isDirectoryKey]) else { return [] }
        for case let url as URL in walker {
            if skipped.contains(url.lastPathComponent) {
                walker.skipDescendants()
                continue
            }
            found.append(String(url.standardizedFileURL.path.dropFirst(root.standardizedFileURL.path.count + 1)))
        }
        return found
    }()

    /// The documents a user reads.
    static let documents: [String] = ["README.md"] + files.filter { $0.hasPrefix("docs/") && $0.hasSuffix(".md") }.sorted()

    /// Text between backticks, and link targets, that look like a path in this repository.
    static func mentionedPaths(in text: String) -> [String] {
        let pattern = try! NSRegularExpression(pattern: #"`([^`\s]+)`|\]\(([^)\s#]+)"#)
        let roots = ["Sources/", "Tests/", "Examples/", "specs/", "docs/", "scripts/", ".ci/"]
        let nsText = text as NSString
        return pattern.matches(in: text, range: NSRange(location: 0, length: nsText.length)).compactMap { match -> String? in
            let range = match.range(at: 1).location != NSNotFound ? match.range(at: 1) : match.range(at: 2)
            var token = nsText.substring(with: range)
            if token.hasPrefix("../") { token = String(token.dropFirst(3)) }
            // Patterns and placeholders (`SimulatedBroker+*.swift`, `<Name>Command.swift`, `Variants/NAME/`) name no one file.
            guard !token.contains("*"), !token.contains("<"), !token.contains("/NAME"), !token.hasSuffix("+"), !token.contains("://") else { return nil }
            let isRooted = roots.contains { token.hasPrefix($0) }
            let isSwiftFile = token.hasSuffix(".swift") && !token.hasPrefix(".")
            return isRooted || isSwiftFile ? token : nil
        }
    }

    /// Whether `path` names a file or folder: from the root, or (a bare or partial name) as the end of one.
    static func exists(_ path: String) -> Bool {
        let trimmed = path.hasSuffix("/") ? String(path.dropLast()) : path
        return files.contains { $0 == trimmed || $0.hasSuffix("/" + trimmed) }
    }

    @Test("every path in the README and docs/ names a file or folder of the repository")
    func pathsExist() throws {
        #expect(Self.documents.count > 5, "the docs were found")
        var missing: [String] = []
        for document in Self.documents {
            let text = try String(contentsOf: TestSupport.repositoryRoot.appendingPathComponent(document), encoding: .utf8)
            for path in Self.mentionedPaths(in: text) where !Self.exists(path) { missing.append("\(document): \(path)") }
        }
        #expect(missing.isEmpty, "paths that do not exist:\n\(missing.joined(separator: "\n"))")
    }

    @Test("the check is not vacuous: a moved file is reported, a bare file name is found anywhere")
    func notVacuous() {
        #expect(Self.mentionedPaths(in: "see `Sources/Nowhere/Gone.swift` and [x](docs/reports.md)") == ["Sources/Nowhere/Gone.swift", "docs/reports.md"])
        #expect(!Self.exists("Sources/Nowhere/Gone.swift"))
        #expect(Self.exists("TestCaseExecution.swift") && Self.exists("Runner/TestCaseExecution.swift") && Self.exists("docs/reports.md"))
    }
}
