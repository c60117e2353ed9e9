import CommandLineKit
import Foundation
import SingleLoginCommands
import Testing

/// The kit's generated test files (Tests/SingleLoginTestingTests) are checked here, beside the
/// command that writes them, so that the kit's own test target links the kit alone (it runs on an
/// iOS Simulator, where the command line does not build).
@Suite("The kit's generated test files")
struct GeneratedKitTestsTests {
    @Test(
        "the checked-in generated files are what generate-tests writes (else: the command to run)",
        arguments: [
            ("ReferenceAppConformanceTests.swift", ["--type-name", "ReferenceAppConformanceTests"]),
            ("ReferenceAppXCTestConformanceTests.swift", ["--framework", "xctest", "--type-name", "ReferenceAppXCTestConformanceTests"]),
        ])
    func generatedFilesUpToDate(file: String, words: [String]) async {
        let path = "Tests/SingleLoginTestingTests/" + file
        let arguments = ["generate-tests", "--adapter-factory", "ReferenceAppAdapter", "--import", "ReferenceApp"] + words + ["--output", path]
        // The file quotes its own command, relative path included: compare from the repository's root, where swift test runs.
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        guard URL(fileURLWithPath: FileManager.default.currentDirectoryPath).standardizedFileURL.path == root.standardizedFileURL.path else { return }
        let captured = CapturedOutput()
        let status = await ConformanceCommandLine.tool.run(arguments + ["--check"], output: captured.output)
        #expect(
            status == 0,
            "Tests/SingleLoginTestingTests/\(file) is stale; from the repository's root run: swift run sl-conformance \(arguments.joined(separator: " "))\n\(captured.standardOutput)\(captured.standardError)"
        )
    }
}
