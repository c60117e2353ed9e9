import Foundation
import SingleLoginSpec
import Testing

@Suite("Commands use the embedded specs by default; a file that is not there is named as such, never 'spec invalid'")
struct EmbeddedSpecCommandTests {
    @Test("list, validate and run --list work with no spec file named")
    func defaults() async {
        let list = await Tool.run(["list"])
        #expect(list.status == 0)
        #expect(list.out.hasPrefix("SL-DETECT-1 "))
        let validate = await Tool.run(["validate"])
        #expect(validate.status == 0, "\(validate.err)")
        #expect(validate.out.contains("embedded:single-login.json: valid ("))
        #expect(validate.out.contains("embedded:single-login-preflight.json: valid ("))
        let plan = await Tool.run(["run", "--list", "--only", "SL-LOGIN-1"])
        #expect(plan.status == 0)
        #expect(plan.out.split(separator: "\n").filter { !$0.contains("(skip:") } == ["SL-LOGIN-1 / opens signed in"], "\(plan.out)")
    }

    @Test(
        "a missing spec file exits 66 and a directory 64, for every command that reads one",
        arguments: [
            (["list", "{missing}"], 66), (["list", "{dir}"], 64), (["validate", "{missing}"], 66), (["validate", "{dir}"], 64),
            (["run", "--spec", "{missing}"], 66), (["run", "--spec", "{dir}"], 64), (["preflight", "--spec", "{missing}"], 66),
            (["preflight", "--spec", "{dir}"], 64),
        ] as [([String], Int32)])
    func fileProblems(words: [String], status: Int32) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sl-embedded-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let missing = directory.appendingPathComponent("specs/single-login.json").path
        // Reports into the scratch directory: a run that does not start still replaces the reports at its paths.
        let reports = words.first == "run" || words.first == "preflight" ? ["--reports", directory.appendingPathComponent("reports").path] : []
        let run = await Tool.run(
            words.map { $0.replacingOccurrences(of: "{missing}", with: missing).replacingOccurrences(of: "{dir}", with: directory.path) } + reports)
        #expect(run.status == status, "\(words): \(run.err)")
        #expect(run.err.contains(status == 66 ? ": error: no such file" : ": error: is a directory, not a file"), "\(run.err)")
        #expect(!run.err.contains("invalid"))
        #expect(!run.out.contains("PASSED"))
    }

    @Test("spec list names every embedded file; spec show prints one byte for byte")
    func listAndShow() async {
        let list = await Tool.run(["spec"])
        #expect(list.status == 0)
        for file in EmbeddedSpec.all { #expect(list.out.contains(file.name)) }
        #expect(list.out.contains("single-login  ") && list.out.contains("spec    single-login "))
        let show = await Tool.run(["spec", "show", "single-login"])
        #expect(show.status == 0)
        #expect(Array(show.out.utf8) == EmbeddedSpec.singleLogin.bytes)
        let unknown = await Tool.run(["spec", "show", "single-logn"])
        #expect(unknown.status == 64)
        #expect(unknown.err.contains("Did you mean 'single-login'?"))
    }

    @Test("every embedded spec has one name: the one spec commands take is its id, as --version prints it")
    func oneName() async {
        let version = await Tool.run(["--version"])
        for file in EmbeddedSpec.all {
            guard let identity = file.identity else { continue }
            #expect(file.name == identity.id, "\(file.fileName)")
            #expect(version.out.contains("\(identity.id) \(identity.version)"))
        }
    }

    @Test("the JSON Lines event schema travels inside the binary: spec show prints it byte for byte")
    func eventsSchema() async throws {
        let show = await Tool.run(["spec", "show", "events-v2.schema"])
        #expect(show.status == 0, "\(show.err)")
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let file = try Data(contentsOf: root.appendingPathComponent("specs/events-v2.schema.json"))
        #expect(Data(show.out.utf8) == file)
    }

    @Test("spec export writes the spec with its schema beside it, refuses to replace a changed copy, and the copy validates")
    func export() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sl-export-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = directory.appendingPathComponent("specs").path
        let first = await Tool.run(["spec", "export", "single-login", "--output", output])
        #expect(first.status == 0, "\(first.err)")
        let names = try FileManager.default.contentsOfDirectory(atPath: output).sorted()
        #expect(names == ["single-login.json", "spec-format-v1.schema.json"])
        #expect([UInt8](try Data(contentsOf: URL(fileURLWithPath: output + "/single-login.json"))) == EmbeddedSpec.singleLogin.bytes)
        let validate = await Tool.run(["validate", output + "/single-login.json"])
        #expect(validate.status == 0)

        try Data("{}".utf8).write(to: URL(fileURLWithPath: output + "/single-login.json"))
        let refused = await Tool.run(["spec", "export", "single-login", "--output", output])
        #expect(refused.status == 64)
        #expect(refused.err.contains("exists and differs"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: output + "/single-login.json")) == Data("{}".utf8), "a refusal changes nothing")
        let forced = await Tool.run(["spec", "export", "--output", output, "--force"])
        #expect(forced.status == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: output).count == EmbeddedSpec.all.count)
    }

    @Test("spec export into a directory that is under a file names the file and the fix, exit 2, never a raw Cocoa error")
    func exportUnwritable() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sl-export-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let regular = directory.appendingPathComponent("regf")
        try Data("a file\n".utf8).write(to: regular)
        let result = await Tool.run(["spec", "export", "--output", regular.appendingPathComponent("x").path])
        #expect(result.status == 2, "\(result.err)")
        #expect(result.err.hasPrefix("error: cannot write \(regular.path)/x/"), "\(result.err)")
        #expect(result.err.contains(": \(regular.path) is a file, not a directory\n"), "\(result.err)")
        #expect(result.err.contains("fix: give '--output' a directory that can be written"), "\(result.err)")
        #expect(!result.err.contains("error 512") && !result.err.contains("NSCocoaErrorDomain"), "\(result.err)")
        #expect(result.out.isEmpty, "nothing was written: \(result.out)")
    }
}
