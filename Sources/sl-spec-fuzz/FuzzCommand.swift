import CommandLineKit
import Foundation
import SingleLoginSpec
import SeededRandom

/// sl-spec-fuzz: mutates valid specs and loads each in process, counting accepted, rejected and
/// crashed inputs. A crash kills the process; a signal handler first prints the iteration so that
/// `--seed S --replay N` writes the failing input to a file.
struct FuzzCommand: Command {
    struct Options: OptionGroup {
        static let iterations = Option("--iterations", value: "n", default: "10000", help: "How many mutated inputs to load.", parser: .positiveInteger)
        static let seed = Option("--seed", value: "s", default: "1", help: "The seed of the mutations.", parser: .unsignedInteger)
        static let corpus = Option("--corpus", value: "dir-or-file", repeatable: true, help: "Valid specs to mutate (default: the valid fixtures and specs/).")
        static let replay = Option(
            "--replay", value: "iteration", help: "Write that iteration's input to a temporary file and load it.",
            parser: ValueParser<Int>(expectation: "Please give a whole number of at least 0.") { Int($0).flatMap { $0 >= 0 ? $0 : nil } })
        static let timeLoad = Option("--time-load", value: "spec", help: "Only time loading this spec (best of five), then exit.")

        static var signature: CommandSignature { CommandSignature([iterations, seed, corpus, replay, timeLoad]) }

        var iterations: Int
        var seed: UInt64
        var corpusPaths: [String]
        var replay: Int?
        var timedFile: String?

        init(parsing arguments: ParsedArguments) throws(UsageError) {
            iterations = try arguments.value(Self.iterations) ?? 10_000
            seed = try arguments.value(Self.seed) ?? 1
            corpusPaths = try arguments.values(Self.corpus)
            replay = try arguments.value(Self.replay)
            timedFile = try arguments.value(Self.timeLoad)
        }
    }

    let name = "sl-spec-fuzz"
    let abstract = "Fuzz the spec loader: mutate valid specs and load each, counting accepted, rejected and crashed inputs."
    let discussion = """
        Exit status 0 when every rejected input had diagnostics with a file position and a JSON path,
        1 otherwise, 66 when no valid spec was found, 70 on a crash (the iteration is printed), 64 usage error.
        """

    func run(_ options: Options, output: TextOutput) async throws(UsageError) -> Int32 {
        if let timedFile = options.timedFile {
            return timeLoad(timedFile, output: output)
        }
        let corpusPaths = options.corpusPaths.isEmpty ? ["Tests/SingleLoginSpecTests/Fixtures/valid", "specs"] : options.corpusPaths
        var corpus: [[UInt8]] = []
        for path in corpusPaths {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { continue }
            let files =
                isDirectory.boolValue
                ? ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).filter { $0.hasSuffix(".json") }.sorted().map { path + "/" + $0 }
                : [path]
            for file in files {
                guard let data = FileManager.default.contents(atPath: file) else { continue }
                let bytes = [UInt8](data)
                if (try? SpecLoader.load(bytes: bytes, file: file)) != nil { corpus.append(bytes) }
            }
        }
        guard !corpus.isEmpty else {
            output.err("sl-spec-fuzz: no valid spec found in \(corpusPaths.joined(separator: ", "))")
            return 66
        }

        let seed = options.seed
        CrashReporter.install()
        CrashReporter.currentSeed = seed
        var random = SplitMix64(seed: seed)
        var accepted = 0, rejected = 0, parserDisagreements = 0, badDiagnostics = 0
        let started = Date()
        for iteration in 0..<(options.replay.map { $0 + 1 } ?? options.iterations) {
            CrashReporter.currentIteration = iteration
            let base = corpus[Int.random(in: 0..<corpus.count, using: &random)]
            let donor = corpus[Int.random(in: 0..<corpus.count, using: &random)]
            let input = Mutator.mutate(base, donor: donor, using: &random)
            if let replay = options.replay, iteration < replay { continue }
            if options.replay != nil {
                let url = FileManager.default.temporaryDirectory.appendingPathComponent("sl-spec-fuzz-\(seed)-\(iteration).json")
                do { try Data(input).write(to: url) } catch {
                    output.err("sl-spec-fuzz: cannot write \(url.path): \(error.localizedDescription)")
                    return 1
                }
                output.out("wrote iteration \(iteration) to \(url.path)")
            }
            do {
                _ = try SpecLoader.load(bytes: input, file: "fuzz.json")
                accepted += 1
            } catch {
                rejected += 1
                if error.diagnostics.isEmpty || error.diagnostics.contains(where: { $0.location.line < 1 || $0.location.column < 1 || !$0.path.hasPrefix("$") })
                {
                    badDiagnostics += 1
                }
            }
            // Differential oracle: whatever the strict parser accepts, Foundation's lenient reader must accept too.
            if (try? JSONParser().parse(input)) != nil,
                (try? JSONSerialization.jsonObject(with: Data(input), options: [.fragmentsAllowed])) == nil
            {
                parserDisagreements += 1
                if parserDisagreements <= 3 {
                    output.err("sl-spec-fuzz: iteration \(iteration): accepted by JSONParser, rejected by JSONSerialization")
                }
            }
        }
        let seconds = Date().timeIntervalSince(started)
        output.out("inputs tried: \(accepted + rejected)")
        output.out("accepted: \(accepted)")
        output.out("rejected: \(rejected)")
        output.out("crashes: 0")
        output.out("diagnostics without file position or path: \(badDiagnostics)")
        output.out("accepted by the strict parser but not by JSONSerialization: \(parserDisagreements)")
        output.out("seed: \(seed), corpus: \(corpus.count) valid spec\(corpus.count == 1 ? "" : "s"), time: \(String(format: "%.1f", seconds)) s")
        return badDiagnostics == 0 ? 0 : 1
    }

    /// `--time-load FILE`: how long one load of a (large) spec takes, best of five.
    private func timeLoad(_ file: String, output: TextOutput) -> Int32 {
        guard let data = FileManager.default.contents(atPath: file) else {
            output.err("sl-spec-fuzz: cannot read \(file)")
            return 66
        }
        let bytes = [UInt8](data)
        var best = Double.infinity
        var outcome = ""
        for _ in 0..<5 {
            let start = Date()
            do {
                let loaded = try SpecLoader.load(bytes: bytes, file: file)
                outcome = "valid, \(loaded.spec.requirements.count) requirements"
            } catch {
                outcome = "invalid, \(error.diagnostics.count) problems"
            }
            best = min(best, Date().timeIntervalSince(start))
        }
        output.out("\(file): \(bytes.count) bytes, \(outcome), best of 5: \(String(format: "%.3f", best)) s")
        return 0
    }
}
