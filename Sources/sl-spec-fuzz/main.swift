// sl-spec-fuzz: mutates valid specs and loads each in process, counting accepted, rejected and
// crashed inputs. A crash kills the process; a signal handler first prints the iteration so that
// `--seed S --replay N` writes the failing input to a file.
import Foundation
import SingleLoginSpec

nonisolated(unsafe) var currentIteration: Int = -1
nonisolated(unsafe) var currentSeed: UInt64 = 0

func writeNumber(_ value: UInt64) {
    var digits = [UInt8](repeating: 0, count: 24)
    var index = digits.count
    var rest = value
    repeat { index -= 1; digits[index] = UInt8(ascii: "0") + UInt8(rest % 10); rest /= 10 } while rest > 0
    digits.withUnsafeBufferPointer { _ = write(2, $0.baseAddress! + index, digits.count - index) }
}

func installCrashReporter() {
    for signalNumber in [SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE] {
        signal(signalNumber) { _ in
            let prefix = Array("\nsl-spec-fuzz: CRASH at iteration ".utf8), middle = Array(" with seed ".utf8), suffix = Array("; replay with --seed and --replay\n".utf8)
            prefix.withUnsafeBufferPointer { _ = write(2, $0.baseAddress!, $0.count) }
            writeNumber(UInt64(max(0, currentIteration)))
            middle.withUnsafeBufferPointer { _ = write(2, $0.baseAddress!, $0.count) }
            writeNumber(currentSeed)
            suffix.withUnsafeBufferPointer { _ = write(2, $0.baseAddress!, $0.count) }
            _exit(70)
        }
    }
}

func usage() -> Never {
    FileHandle.standardError.write(Data("Usage: sl-spec-fuzz [--iterations <n>] [--seed <s>] [--corpus <dir-or-file> ...] [--replay <iteration>] [--time-load <spec>]\n".utf8))
    exit(64)
}

var iterations = 10_000
var seed: UInt64 = 1
var corpusPaths: [String] = []
var replay: Int?
var timedFile: String?
var arguments = Array(CommandLine.arguments.dropFirst())[...]
while let argument = arguments.popFirst() {
    guard let value = arguments.popFirst() else { usage() }
    switch argument {
    case "--iterations": iterations = Int(value) ?? { usage() }()
    case "--seed": seed = UInt64(value) ?? { usage() }()
    case "--corpus": corpusPaths.append(value)
    case "--replay": replay = Int(value) ?? { usage() }()
    case "--time-load": timedFile = value
    default: usage()
    }
}
// `--time-load FILE`: how long one load of a (large) spec takes, best of five, then exit.
if let timedFile {
    guard let data = FileManager.default.contents(atPath: timedFile) else { usage() }
    let bytes = [UInt8](data)
    var best = Double.infinity
    var outcome = ""
    for _ in 0..<5 {
        let start = Date()
        do {
            let loaded = try SpecLoader.load(bytes: bytes, file: timedFile)
            outcome = "valid, \(loaded.spec.requirements.count) requirements"
        } catch {
            outcome = "invalid, \(error.diagnostics.count) problems"
        }
        best = min(best, Date().timeIntervalSince(start))
    }
    print("\(timedFile): \(bytes.count) bytes, \(outcome), best of 5: \(String(format: "%.3f", best)) s")
    exit(0)
}
if corpusPaths.isEmpty { corpusPaths = ["Tests/SingleLoginSpecTests/Fixtures/valid", "specs"] }

var corpus: [[UInt8]] = []
for path in corpusPaths {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { continue }
    let files = isDirectory.boolValue
        ? ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).filter { $0.hasSuffix(".json") }.sorted().map { path + "/" + $0 }
        : [path]
    for file in files {
        guard let data = FileManager.default.contents(atPath: file) else { continue }
        let bytes = [UInt8](data)
        if (try? SpecLoader.load(bytes: bytes, file: file)) != nil { corpus.append(bytes) }
    }
}
guard !corpus.isEmpty else {
    FileHandle.standardError.write(Data("sl-spec-fuzz: no valid spec found in \(corpusPaths.joined(separator: ", "))\n".utf8))
    exit(66)
}

installCrashReporter()
currentSeed = seed
var random = SplitMix64(seed: seed)
var accepted = 0, rejected = 0, parserDisagreements = 0, badDiagnostics = 0
let started = Date()
for iteration in 0..<(replay.map { $0 + 1 } ?? iterations) {
    currentIteration = iteration
    let base = corpus[Int.random(in: 0..<corpus.count, using: &random)]
    let donor = corpus[Int.random(in: 0..<corpus.count, using: &random)]
    let input = Mutator.mutate(base, donor: donor, using: &random)
    if let replay, iteration < replay { continue }
    if replay != nil {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("sl-spec-fuzz-\(seed)-\(iteration).json")
        try Data(input).write(to: url)
        print("wrote iteration \(iteration) to \(url.path)")
    }
    do {
        _ = try SpecLoader.load(bytes: input, file: "fuzz.json")
        accepted += 1
    } catch {
        rejected += 1
        if error.diagnostics.isEmpty || error.diagnostics.contains(where: { $0.location.line < 1 || $0.location.column < 1 || !$0.path.hasPrefix("$") }) {
            badDiagnostics += 1
        }
    }
    // Differential oracle: whatever the strict parser accepts, Foundation's lenient reader must accept too.
    if (try? JSONParser().parse(input)) != nil,
       (try? JSONSerialization.jsonObject(with: Data(input), options: [.fragmentsAllowed])) == nil {
        parserDisagreements += 1
        if parserDisagreements <= 3 {
            FileHandle.standardError.write(Data("sl-spec-fuzz: iteration \(iteration): accepted by JSONParser, rejected by JSONSerialization\n".utf8))
        }
    }
}
let seconds = Date().timeIntervalSince(started)
let tried = accepted + rejected
print("inputs tried: \(tried)")
print("accepted: \(accepted)")
print("rejected: \(rejected)")
print("crashes: 0")
print("diagnostics without file position or path: \(badDiagnostics)")
print("accepted by the strict parser but not by JSONSerialization: \(parserDisagreements)")
print("seed: \(seed), corpus: \(corpus.count) valid spec\(corpus.count == 1 ? "" : "s"), time: \(String(format: "%.1f", seconds)) s")
exit(badDiagnostics == 0 ? 0 : 1)
