import Foundation
import Testing

/// Shards of a two-shard run of SL-LOGIN-1 and SL-LOGOUT-1, their JUnit reports and event streams,
/// written into a temporary directory (never the repository's reports/).
struct TwoShards {
    let directory: URL

    init() async throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("sl-merge-refusal-\(UUID().uuidString)")
        for index in 1...2 {
            let run = await Tool.run([
                "run", "--only", "SL-LOGIN-1", "--only", "SL-LOGOUT-1", "--shard", "\(index)/2", "--reports", path("\(index)"), "--events",
                path("\(index)/events.jsonl"),
            ])
            try #require(run.status == 0, "\(run.err)")
        }
    }

    /// The path of `name` in the directory.
    func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

    /// Shard `index`'s report of `kind` (`junit.xml` or `events.jsonl`).
    func shard(_ index: Int, _ kind: String) -> String { path("\(index)/\(kind)") }

    func remove() { try? FileManager.default.removeItem(at: directory) }
}

@Suite("merge refuses inputs that are not every shard of one run once, an output that is an input, and says what to do")
struct MergeRefusalTests {
    @Test("shard 1 of 2 alone is no whole run: merge names the missing shard and writes nothing", arguments: ["junit.xml", "events.jsonl"])
    func missingShard(kind: String) async throws {
        let shards = try await TwoShards()
        defer { shards.remove() }
        let out = shards.path("merged-\(kind)")
        let badge = kind == "events.jsonl" ? ["--badge", shards.path("badge.json")] : []
        let merge = await Tool.run(["merge", out, shards.shard(1, kind)] + badge)
        #expect(merge.status == 64, "\(merge.err)")
        #expect(merge.err.contains("shard 2 of 2 is missing: merge was given shard 1 of 2 (\(shards.shard(1, kind))) only"), "\(merge.err)")
        #expect(merge.err.contains("Give merge the report of every shard, 1 to 2, each once"), "\(merge.err)")
        #expect(!FileManager.default.fileExists(atPath: out) && !FileManager.default.fileExists(atPath: shards.path("badge.json")))
        // Both shards, in either order, still merge.
        let whole = await Tool.run(["merge", out, shards.shard(2, kind), shards.shard(1, kind)])
        #expect(whole.status == 0, "\(whole.err)")
    }

    @Test("the same shard twice (a copy of its report) is refused, for JUnit and event streams alike", arguments: ["junit.xml", "events.jsonl"])
    func repeatedShard(kind: String) async throws {
        let shards = try await TwoShards()
        defer { shards.remove() }
        let copy = shards.path("copy-of-1-\(kind)")
        try FileManager.default.copyItem(atPath: shards.shard(1, kind), toPath: copy)
        let merge = await Tool.run(["merge", shards.path("merged-\(kind)"), shards.shard(1, kind), copy, shards.shard(2, kind)])
        #expect(merge.status == 64, "\(merge.err)")
        #expect(merge.err.contains("\(shards.shard(1, kind)) and \(copy) are both shard 1 of 2"), "\(merge.err)")
        #expect(merge.err.contains("Give each shard's report once"), "\(merge.err)")
    }

    @Test("shards of different splits, and a whole run's report among shards, are refused")
    func differentSplits() async throws {
        let shards = try await TwoShards()
        defer { shards.remove() }
        let other = await Tool.run(["run", "--only", "SL-LOGIN-1", "--shard", "3/3", "--reports", shards.path("other")])
        #expect(other.status == 0)
        let split = await Tool.run(["merge", shards.path("m.xml"), shards.shard(1, "junit.xml"), shards.shard(2, "junit.xml"), shards.path("other/junit.xml")])
        #expect(split.status == 64 && split.err.contains("is shard 1 of 2 but \(shards.path("other/junit.xml")) is shard 3 of 3"), "\(split.err)")
        let whole = await Tool.run(["run", "--only", "SL-LOGIN-1", "--reports", shards.path("whole")])
        #expect(whole.status == 0)
        let mixed = await Tool.run(["merge", shards.path("m.xml"), shards.shard(1, "junit.xml"), shards.path("whole/junit.xml"), shards.shard(2, "junit.xml")])
        #expect(mixed.status == 64 && mixed.err.contains("\(shards.path("whole/junit.xml")) names no shard (a whole run's report)"), "\(mixed.err)")
    }

    @Test("an output that is one of the inputs is refused, naming it, and the input is left as it was")
    func outputIsAnInput() async throws {
        let shards = try await TwoShards()
        defer { shards.remove() }
        let first = shards.shard(1, "junit.xml")
        let before = try Data(contentsOf: URL(fileURLWithPath: first))
        let merge = await Tool.run(["merge", first, shards.shard(2, "junit.xml"), first])
        #expect(merge.status == 64)
        #expect(
            merge.err.hasPrefix("Error: OUT '\(first)' is also an input: merge would overwrite a report it reads. Write OUT to a path that is not an input"),
            "\(merge.err)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: first)) == before)
        // Through a symbolic link it is the same file.
        let link = shards.path("link.jsonl")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: shards.shard(2, "events.jsonl"))
        let linked = await Tool.run(["merge", shards.path("m.jsonl"), shards.shard(1, "events.jsonl"), shards.shard(2, "events.jsonl"), "--html", link])
        #expect(
            linked.status == 64 && linked.err.contains("--html '\(link)' is also an input (the same file as the input '\(shards.shard(2, "events.jsonl"))')"),
            "\(linked.err)")
        let twice = await Tool.run(["merge", shards.path("m.xml"), first, first])
        #expect(twice.status == 64 && twice.err.hasPrefix("Error: '\(first)' is given twice as an input. Give each shard's report once."), "\(twice.err)")
    }

    @Test("a merged report that cannot be written exits 2, and merge --help lists 0, 2 and 64")
    func exitStatuses() async throws {
        let shards = try await TwoShards()
        defer { shards.remove() }
        // A directory that cannot be made: its parent is a regular file.
        let underFile = await Tool.run(["merge", shards.path("1/junit.xml/merged.xml"), shards.shard(1, "junit.xml"), shards.shard(2, "junit.xml")])
        #expect(underFile.status == 2, "\(underFile.err)")
        let help = await Tool.run(["merge", "--help"])
        #expect(help.out.contains("Exit status: 0 the merged reports were written; 2 one could not be written"), "\(help.out)")
        #expect(help.out.contains("64 usage error"), "\(help.out)")
    }

    @Test(
        "merge's usage errors end with what to do",
        arguments: [
            (["out.xml", "a.xml", "b.jsonl"], "Give the shards' junit.xml files, or their event streams (.jsonl), not both."),
            (
                ["out.xml", "a.xml", "--markdown", "s.md"],
                "Run each shard with '--events FILE' (run --shard i/n --events FILE) and give merge those .jsonl files."
            ),
            (["out.jsonl", "a.jsonl", "--html", "same.html", "--markdown", "same.html"], "Give each output a path of its own."),
        ])
    func usageErrorsSayTheFix(arguments: [String], fix: String) async {
        let run = await Tool.run(["merge"] + arguments)
        #expect(run.status == 64)
        #expect(run.err.split(separator: "\n").first?.hasSuffix(". " + fix) == true, "\(run.err)")
    }
}
