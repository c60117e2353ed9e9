import Foundation
import SingleLoginAdapter
import Testing

/// The interpreter `name` on PATH, or nil.
private func interpreter(_ name: String) -> String? {
    ProcessInfo.processInfo.environment["PATH"]?.split(separator: ":").map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
}

private let python = interpreter("python3")
private let node = interpreter("node")

/// A fresh directory under the system's temporary directory, removed by `body`'s caller.
private func temporaryDirectory() -> URL {
    FileManager.default.temporaryDirectory.appendingPathComponent("sl-init-\(UUID().uuidString)")
}

/// A stand-in for a checkout of sl-conformance at `directory`: the manifest's name is what `init` looks for.
private func makeCheckout(at directory: URL) throws {
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    try Data("// swift-tools-version: 6.0\nlet package = Package(\n    name: \"SingleLoginConformance\"\n)\n".utf8)
        .write(to: directory.appendingPathComponent("Package.swift"))
}

@Suite("init writes an adapter to start from: the protocol done, red until each marked place is filled in")
struct InitCommandTests {
    @Test("the Python skeleton passes doctor, and its run fails naming its marked places", .enabled(if: python != nil, "python3 is not on PATH"))
    func pythonSkeleton() async throws {
        try await checkStdioSkeleton(language: "python", interpreter: python ?? "python3")
    }

    @Test(
        "the Node skeleton passes doctor, and its run fails naming its marked places",
        .enabled(if: node != nil, "node is not on PATH: install Node.js 18 or later"))
    func nodeSkeleton() async throws {
        try await checkStdioSkeleton(language: "node", interpreter: node ?? "node")
    }

    /// `init stdio` writes the adapter and its README; doctor passes; run fails (exit 1), each
    /// TODO it quotes naming a line of the file that holds a marked place, and no requirement
    /// passes but those that check for something absent.
    private func checkStdioSkeleton(language: String, interpreter: String) async throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let written = await Tool.run(["init", "stdio", "--language", language, "--directory", directory.path, "--name", "ShiftBoard"])
        #expect(written.status == 0, "\(written.err)")
        let file = language == "python" ? "adapter.py" : "adapter.js"
        #expect(written.out.contains("wrote \(directory.path)/\(file)\nwrote \(directory.path)/README.md\n"))
        let source = try String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8)
        let command = "\(interpreter) \(directory.appendingPathComponent(file).path)"

        let doctor = await Tool.run(["doctor", "--adapter", command])
        #expect(doctor.status == 0, "\(doctor.out)")
        #expect(doctor.out.contains("\nAll 19 checks passed."), "\(doctor.out)")

        let reports = directory.appendingPathComponent("reports")
        let run = await Tool.run(["run", "--adapter", command, "--reports", reports.path])
        #expect(run.status == 1, "\(run.out)\(run.err)")
        #expect(run.out.contains("signedInAccount: TODO(sl-conformance) \(file):"))
        // Every place a failure names is a line of the file that reports a marked place.
        let lines = source.components(separatedBy: "\n")
        let named = Set(run.out.matches(of: #/TODO\(sl-conformance\) adapter\.(?:py|js):(\d+)/#).map { Int($0.output.1)! })
        #expect(named.count >= 3)
        for line in named {
            #expect(lines[line - 1].contains("todo(") || lines[line - 1].contains("placeholder("), "\(file):\(line) is \(lines[line - 1])")
        }
        // Nothing passes by default but what checks that something is absent.
        let junit = try String(contentsOf: reports.appendingPathComponent("junit.xml"), encoding: .utf8)
        let passing = Self.passingRequirements(junit)
        #expect(passing.isSubset(of: ["SL-DETECT-2", "SL-DETECT-5"]), "passes with a skeleton: \(passing.sorted())")
    }

    /// The requirements none of whose test cases failed, was left not judged (a precondition
    /// failed: never a pass) or was skipped (SL-INFLIGHT-1 without concurrentCalls), from a JUnit report.
    private static func passingRequirements(_ junit: String) -> Set<String> {
        var all: Set<String> = []
        var failing: Set<String> = []
        for block in junit.components(separatedBy: "<testcase ").dropFirst() {
            guard let id = block.firstMatch(of: #/classname="[^"]*?(SL-[A-Z]+-\d+)"/#)?.output.1 else { continue }
            all.insert(String(id))
            let body = block.components(separatedBy: "</testcase>")[0]
            if body.contains("<failure") || body.contains("<error") || body.contains("<skipped") { failing.insert(String(id)) }
        }
        return all.subtracting(failing)
    }

    @Test(
        "each event and each observation field has one marked place in every language",
        arguments: [
            (["swift"], "Sources/ShiftBoardConformance/ShiftBoardAdapter.swift"), (["stdio", "--language", "python"], "adapter.py"),
            (["stdio", "--language", "node"], "adapter.js"),
        ])
    func markedPlaces(kind: [String], file: String) async throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(await Tool.run(["init"] + kind + ["--directory", directory.path, "--name", "ShiftBoard"]).status == 0)
        let source = try String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8)
        let places = AppEvent.allCases.map(\.rawValue) + ["running", "crashed", "signedInAccount", "screen", "storage"]
        for place in places {
            #expect(source.components(separatedBy: "TODO(sl-conformance): \(place).").count == 2, "\(file): one TODO(sl-conformance): \(place).")
        }
    }

    @Test("init swift into an empty directory writes the in-process layout, named after the directory")
    func swiftNewPackage() async throws {
        let directory = temporaryDirectory().appendingPathComponent("shift-board")
        defer { try? FileManager.default.removeItem(at: directory.deletingLastPathComponent()) }
        let run = await Tool.run(["init", "swift", "--directory", directory.path])
        #expect(run.status == 0, "\(run.err)")
        let files = [
            "Package.swift", "Sources/ShiftBoard/ShiftBoard.swift", "Sources/ShiftBoardConformance/ShiftBoardAdapter.swift",
            "Sources/shiftboard-adapter/main.swift", "Tests/ShiftBoardTests/SingleLoginConformanceTests.swift",
        ]
        #expect(run.out.hasPrefix(files.map { "wrote \(directory.path)/\($0)\n" }.joined()))
        for file in files { #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent(file).path), "\(file)") }
        let manifest = try String(contentsOf: directory.appendingPathComponent("Package.swift"), encoding: .utf8)
        #expect(manifest.contains(#".package(url: "https://github.com/sl-conformance/sl-conformance", from: "#))
        // Until a release is published, that address resolves to nothing: the steps say how to depend on a checkout.
        #expect(run.out.contains("has published no release yet;\n      until it has, run init again with '--dependency-path"), "\(run.out)")
        #expect(manifest.contains(#".executableTarget(name: "shiftboard-adapter", dependencies: ["#))
        // The test file is generate-tests' own, quoting the command that writes it again (.ci/checks/vendor/init-skeleton.sh runs its --check).
        let tests = try String(contentsOf: directory.appendingPathComponent(files[4]), encoding: .utf8)
        #expect(
            tests.contains(
                "//   sl-conformance generate-tests --adapter-factory 'ShiftBoardAdapter()' --import ShiftBoardConformance --output \(files[4])\n"))
        #expect(tests.contains("static let conformance = Conformance(spec: .shipped) { ShiftBoardAdapter() }"))
    }

    @Test(
        "init swift again with --dependency-path and --force writes the unedited Package.swift it wrote again, to depend on the checkout, and keeps the app's core; an edited or a vendor's own Package.swift stays"
    )
    func swiftForceRewritesOwnManifest() async throws {
        let directory = temporaryDirectory().appendingPathComponent("shift-board")
        defer { try? FileManager.default.removeItem(at: directory.deletingLastPathComponent()) }
        #expect(await Tool.run(["init", "swift", "--directory", directory.path]).status == 0)
        try makeCheckout(at: directory.deletingLastPathComponent().appendingPathComponent("sl-conformance"))
        let core = directory.appendingPathComponent("Sources/ShiftBoard/ShiftBoard.swift")
        try Data("// the vendor's core\n".utf8).write(to: core)
        let again = await Tool.run(["init", "swift", "--directory", directory.path, "--dependency-path", "../sl-conformance", "--force"])
        #expect(again.status == 0, "\(again.err)")
        #expect(again.out.hasPrefix("wrote \(directory.path)/Package.swift\n"), "\(again.out)")
        let manifest = try String(contentsOf: directory.appendingPathComponent("Package.swift"), encoding: .utf8)
        #expect(manifest.contains(#".package(name: "sl-conformance", path: "../sl-conformance")"#))
        #expect(!manifest.contains("https://github.com"))
        #expect(try String(contentsOf: core, encoding: .utf8) == "// the vendor's core\n")
        #expect(!again.out.contains("wrote \(directory.path)/Sources/ShiftBoard/ShiftBoard.swift"))

        let edited = manifest + "// the vendor's line\n"
        try Data(edited.utf8).write(to: directory.appendingPathComponent("Package.swift"))
        let forcedAgain = await Tool.run(["init", "swift", "--directory", directory.path, "--force"])
        #expect(forcedAgain.status == 0, "\(forcedAgain.err)")
        #expect(try String(contentsOf: directory.appendingPathComponent("Package.swift"), encoding: .utf8) == edited)

        let vendor = "// swift-tools-version: 6.0\n// the vendor's own\n"
        try Data(vendor.utf8).write(to: directory.appendingPathComponent("Package.swift"))
        let forced = await Tool.run(["init", "swift", "--directory", directory.path, "--dependency-path", "../sl-conformance", "--force"])
        #expect(forced.status == 0, "\(forced.err)")
        #expect(try String(contentsOf: directory.appendingPathComponent("Package.swift"), encoding: .utf8) == vendor)
        #expect(forced.out.contains("Add to Package.swift (the file is left as it is):"))
    }

    @Test("init swift in a package that exists leaves Package.swift alone and prints the lines to add")
    func swiftExistingPackage() async throws {
        let directory = temporaryDirectory().appendingPathComponent("shifts")
        defer { try? FileManager.default.removeItem(at: directory.deletingLastPathComponent()) }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try makeCheckout(at: directory.deletingLastPathComponent().appendingPathComponent("sl-conformance"))
        let manifest = "// swift-tools-version: 6.0\n// the vendor's own\n"
        try Data(manifest.utf8).write(to: directory.appendingPathComponent("Package.swift"))
        let run = await Tool.run(["init", "swift", "--directory", directory.path, "--name", "Shifts", "--dependency-path", "../sl-conformance"])
        #expect(run.status == 0, "\(run.err)")
        #expect(try String(contentsOf: directory.appendingPathComponent("Package.swift"), encoding: .utf8) == manifest)
        #expect(!run.out.contains("wrote \(directory.path)/Package.swift"))
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("Sources/Shifts").path), "the app's core is the vendor's")
        #expect(run.out.contains(#"        .package(name: "sl-conformance", path: "../sl-conformance"),"#))
        #expect(run.out.contains(#"        .target(name: "ShiftsConformance", dependencies: ["#))
        #expect(run.out.contains(#"        .product(name: "SingleLoginSeam", package: "sl-conformance"),"#))
        #expect(!run.out.contains("no release yet"), "a checkout needs no release")
    }

    @Test("a --dependency-path that holds no checkout, read from the package's directory, is a usage error naming where it looked; nothing is written")
    func dependencyPathWithoutCheckout() async throws {
        let root = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let directory = root.appendingPathComponent("shift-board")
        // The clone is beside the package's directory: "../sl-conformance" from it, not from where init runs.
        try makeCheckout(at: root.appendingPathComponent("sl-conformance"))
        let wrong = await Tool.run(["init", "swift", "--directory", directory.path, "--dependency-path", "sl-conformance"])
        #expect(wrong.status == 64)
        #expect(
            wrong.err.hasPrefix(
                "Error: '--dependency-path sl-conformance' holds no checkout of sl-conformance: SwiftPM reads it from the package's directory (\(directory.path)), as \(directory.path)/sl-conformance, and finds no Package.swift there."
            ), "\(wrong.err)")
        #expect(wrong.err.contains("'../sl-conformance' when the two sit side by side"), "\(wrong.err)")
        #expect(!FileManager.default.fileExists(atPath: directory.path), "nothing was written")
        // Another package's manifest is no checkout either.
        try FileManager.default.createDirectory(at: root.appendingPathComponent("other"), withIntermediateDirectories: true)
        try Data("let package = Package(name: \"Other\")\n".utf8).write(to: root.appendingPathComponent("other/Package.swift"))
        let other = await Tool.run(["init", "swift", "--directory", directory.path, "--dependency-path", "../other"])
        #expect(other.status == 64)
        #expect(other.err.contains("finds the Package.swift of another package there"), "\(other.err)")
        let right = await Tool.run(["init", "swift", "--directory", directory.path, "--dependency-path", "../sl-conformance"])
        #expect(right.status == 0, "\(right.err)")
    }

    @Test("init refuses to overwrite a file, naming it, and writes nothing; --force overwrites")
    func refusesToOverwrite() async throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let words = ["init", "stdio", "--language", "python", "--directory", directory.path]
        #expect(await Tool.run(words).status == 0)
        let adapter = directory.appendingPathComponent("adapter.py")
        try Data("# mine\n".utf8).write(to: adapter)
        try FileManager.default.removeItem(at: directory.appendingPathComponent("README.md"))
        let refused = await Tool.run(words)
        #expect(refused.status == 64)
        #expect(refused.err.hasPrefix("Error: Refusing to overwrite \(directory.path)/adapter.py: nothing was written. Pass '--force'"), "\(refused.err)")
        #expect(try String(contentsOf: adapter, encoding: .utf8) == "# mine\n")
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("README.md").path), "nothing was written")
        #expect(await Tool.run(words + ["--force"]).status == 0)
        #expect(try String(contentsOf: adapter, encoding: .utf8).hasPrefix("#!/usr/bin/env python3\n"))
    }

    @Test("init into a directory that is under a file names the file and the fix, exit 2, never a raw Cocoa error")
    func unwritableDirectory() async throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let regular = directory.appendingPathComponent("regf")
        try Data("a file\n".utf8).write(to: regular)
        let result = await Tool.run(["init", "swift", "--name", "ShiftBoard", "--directory", regular.appendingPathComponent("x").path])
        #expect(result.status == 2, "\(result.err)")
        #expect(result.err.hasPrefix("error: cannot write \(regular.path)/x/"), "\(result.err)")
        #expect(result.err.contains(": \(regular.path) is a file, not a directory\n"), "\(result.err)")
        #expect(result.err.contains("fix: give '--directory' a directory that can be written"), "\(result.err)")
        #expect(!result.err.contains("NSCocoaErrorDomain") && !result.err.contains("The operation could"), "\(result.err)")
    }

    @Test(
        "mistakes are usage errors",
        arguments: [
            ["init"], ["init", "stdio"], ["init", "stdio", "--language", "ruby"], ["init", "swift", "--language", "python"],
            ["init", "swift", "--name", "1Bad"], ["init", "stdio", "--language", "node", "--dependency-path", "x"],
        ])
    func mistakes(_ words: [String]) async {
        #expect(await Tool.run(words).status == 64)
    }
}
