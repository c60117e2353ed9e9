// A scriptable, misbehaving stdio adapter for testing the harness (like Bowtie's fake
// implementations). It answers the wire protocol correctly around a trivial app model,
// unless told to misbehave. See docs/hardening.md for the faults and when they strike.
import Foundation

let usage = """
    USAGE: sl-fake-adapter [--fault FAULT[@WHEN] ...] [--grandchild] [--ignore-sigterm]
                           [--random-faults --seed N --fault-rate P [--counter FILE]]

    Arguments may also come from the environment variable SL_FAKE_ADAPTER (read first).

    FAULT: hang | never-settle | exit:CODE | signal:NAME | garbage | partial-line |
           huge-line:MB | wrong-id | duplicate | unsolicited | stdout-log | stderr-flood:MB |
           protocol:VERSION | unknown-method | slow:MS | bad-observation | error-answer
    WHEN:  handshake | reset[:N] | event[:NAME[:N]] | request:N | msal[:N]
           (default: the first event; protocol: handshake; unknown-method: the first broker call;
            slow and stderr-flood apply to every request)
    --grandchild      start `sleep 300` in the adapter's process group (proves group kill)
    --ignore-sigterm  ignore SIGTERM (proves the harness escalates to SIGKILL)
    --once FILE       misbehave only in the first process that starts with this FILE (restarts behave)
    --pid-log FILE    append this process's id to FILE (tests check that none is left running)
    --progress FILE   append a line to FILE at each reset (tests wait for scenarios to finish)
    --random-faults   choose faults at random per scenario (for sl-soak); --counter FILE gives
                      each process its own instance number, so restarts draw different faults
    """

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("Error: \(message)\n\(usage)\n".utf8))
    exit(64)
}

var environmentArguments = (ProcessInfo.processInfo.environment["SL_FAKE_ADAPTER"] ?? "").split(whereSeparator: \.isWhitespace).map(String.init)
var arguments = ArraySlice(environmentArguments + CommandLine.arguments.dropFirst())
var plans: [FaultPlan] = []
var grandchild = false
var randomFaults = false
var seed: UInt64 = 1
var rate = 0.1
var counter: String?
var onceFile: String?
var progressFile: String?
while let argument = arguments.popFirst() {
    switch argument {
    case "-h", "--help": print(usage); exit(0)
    case "--fault":
        guard let text = arguments.popFirst(), let plan = FaultPlan(parsing: text) else { fail("--fault needs FAULT[@WHEN]") }
        plans.append(plan)
    case "--grandchild": grandchild = true
    case "--ignore-sigterm": signal(SIGTERM, SIG_IGN)
    case "--random-faults": randomFaults = true
    case "--seed": guard let value = arguments.popFirst().flatMap(UInt64.init) else { fail("--seed needs a whole number") }; seed = value
    case "--fault-rate": guard let value = arguments.popFirst().flatMap(Double.init), (0...1).contains(value) else { fail("--fault-rate needs a number from 0 to 1") }; rate = value
    case "--once": guard let value = arguments.popFirst() else { fail("--once needs a file") }; onceFile = value
    case "--pid-log":
        guard let value = arguments.popFirst() else { fail("--pid-log needs a file") }
        let fd = open(value, O_WRONLY | O_APPEND | O_CREAT, 0o644)
        if fd >= 0 { let line = Array("\(getpid())\n".utf8); _ = Foundation.write(fd, line, line.count); close(fd) }
    case "--progress": guard let value = arguments.popFirst() else { fail("--progress needs a file") }; progressFile = value
    case "--counter": guard let value = arguments.popFirst() else { fail("--counter needs a file") }; counter = value
    default: fail("Unknown option '\(argument)'")
    }
}

if let onceFile, RandomFaults.drawInstance(counter: onceFile) > 0 {
    log("a later process for --once \(onceFile): behaving")
    plans = []
}
var random: RandomFaults?
if randomFaults {
    let generator = RandomFaults(seed: seed, rate: rate, instance: counter.map(RandomFaults.drawInstance(counter:)) ?? Int(getpid()))
    grandchild = grandchild || generator.wantsGrandchild()
    random = generator
}
if grandchild { startGrandchild() }

/// Starts `sleep 300` sharing our stdio and process group, as an app's helper process might.
func startGrandchild() {
    var pid: pid_t = 0
    let argv: [UnsafeMutablePointer<CChar>?] = [strdup("sleep"), strdup("300"), nil]
    defer { for pointer in argv { free(pointer) } }
    if posix_spawnp(&pid, "sleep", nil, nil, argv, environ) == 0 {
        log("started grandchild sleep 300 (pid \(pid))")
    }
}

FakeAdapter(plans: plans, random: random, progressFile: progressFile).serve()
