import CommandLineKit
import Foundation

/// A scriptable, misbehaving stdio adapter for testing the harness (like Bowtie's fake
/// implementations). It answers the wire protocol correctly around a trivial app model,
/// unless told to misbehave. See docs/hardening.md for the faults and when they strike.
struct FakeAdapterCommand: Command {
    struct Options: OptionGroup {
        static let fault = Option(
            "--fault", value: "fault[@when]", repeatable: true, help: "Misbehave this way, at this moment (repeatable; see FAULT and WHEN above).",
            parser: ValueParser(expectation: "Please give FAULT or FAULT@WHEN, e.g. exit:3@reset (see --help).") { FaultPlan(parsing: $0) })
        static let grandchild = Flag("--grandchild", help: "Start `sleep 300` in the adapter's process group (proves group kill).")
        static let ignoreSigterm = Flag("--ignore-sigterm", help: "Ignore SIGTERM (proves the harness escalates to SIGKILL).")
        static let once = Option("--once", value: "file", help: "Misbehave only in the first process that starts with this file (restarts behave).")
        static let pidLog = Option("--pid-log", value: "file", help: "Append this process's id to the file (tests check that none is left running).")
        static let progress = Option("--progress", value: "file", help: "Append a line to the file at each reset (tests wait for scenarios to finish).")
        static let randomFaults = Flag("--random-faults", help: "Choose faults at random per scenario (for sl-soak).")
        static let seed = Option("--seed", value: "n", default: "1", help: "The seed of --random-faults.", parser: .unsignedInteger)
        static let faultRate = Option(
            "--fault-rate", value: "p", default: "0.1", help: "With --random-faults: the chance that a scenario misbehaves, from 0 to 1.", parser: .fraction)
        static let counter = Option(
            "--counter", value: "file", help: "With --random-faults: gives each process its own instance number, so restarts draw different faults.")

        static var signature: CommandSignature {
            CommandSignature([fault, grandchild, ignoreSigterm, once, pidLog, progress, randomFaults, seed, faultRate, counter])
        }

        var plans: [FaultPlan]
        var grandchild: Bool
        var ignoreSigterm: Bool
        var onceFile: String?
        var pidLog: String?
        var progressFile: String?
        var randomFaults: Bool
        var seed: UInt64
        var rate: Double
        var counter: String?

        init(parsing arguments: ParsedArguments) throws(UsageError) {
            plans = try arguments.values(Self.fault)
            grandchild = arguments.flag(Self.grandchild)
            ignoreSigterm = arguments.flag(Self.ignoreSigterm)
            onceFile = try arguments.value(Self.once)
            pidLog = try arguments.value(Self.pidLog)
            progressFile = try arguments.value(Self.progress)
            randomFaults = arguments.flag(Self.randomFaults)
            seed = try arguments.value(Self.seed) ?? 1
            rate = try arguments.value(Self.faultRate) ?? 0.1
            counter = try arguments.value(Self.counter)
        }
    }

    /// The environment variable whose words come before the command line's.
    static let environmentKey = "SL_FAKE_ADAPTER"

    let name = "sl-fake-adapter"
    let abstract = "A stdio adapter that misbehaves on request, for testing the harness."
    let discussion = """
        Arguments may also come from the environment variable SL_FAKE_ADAPTER (read first).

        FAULT: hang | never-settle | exit:CODE | signal:NAME | garbage | partial-line |
               huge-line:MB | wrong-id | duplicate | unsolicited | stdout-log | stderr-flood:MB |
               protocol:VERSION | unknown-method | slow:MS | bad-observation | error-answer |
               serial-concurrent-calls | late-call
        WHEN:  handshake | reset[:N] | event[:NAME[:N]] | request:N | msal[:N] | shutdown
               (default: the first event; protocol, serial-concurrent-calls: handshake; unknown-method: the first broker call;
                late-call: the second reset, calling under the last request of the test case before it;
                slow and stderr-flood apply to every request)
        """

    func run(_ options: Options, output: TextOutput) async throws(UsageError) -> Int32 {
        if options.ignoreSigterm { signal(SIGTERM, SIG_IGN) }
        if let pidLog = options.pidLog {
            let fd = open(pidLog, O_WRONLY | O_APPEND | O_CREAT, 0o644)
            if fd >= 0 { let line = Array("\(getpid())\n".utf8); _ = Foundation.write(fd, line, line.count); close(fd) }
        }
        // Serving blocks on stdin: it gets a thread of its own, not one of Swift's cooperative pool.
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            let thread = Thread {
                // A thread inherits the signal mask of the pool thread that made it, which blocks
                // signals: the faults raise them, and the grandchild inherits the mask.
                var none = sigset_t()
                sigemptyset(&none)
                pthread_sigmask(SIG_SETMASK, &none, nil)
                Self.serve(options)
                done.resume()
            }
            thread.name = "sl-fake-adapter"
            thread.start()
        }
        return 0
    }

    /// Chooses the faults and serves the protocol until stdin ends or the harness says shutdown.
    static func serve(_ options: Options) {
        var plans = options.plans
        if let onceFile = options.onceFile, RandomFaults.drawInstance(counter: onceFile) > 0 {
            log("a later process for --once \(onceFile): behaving")
            plans = []
        }
        var grandchild = options.grandchild
        var random: RandomFaults?
        if options.randomFaults {
            let generator = RandomFaults(
                seed: options.seed, rate: options.rate, instance: options.counter.map(RandomFaults.drawInstance(counter:)) ?? Int(getpid()))
            grandchild = grandchild || generator.wantsGrandchild()
            random = generator
        }
        if grandchild { startGrandchild() }
        FakeAdapter(plans: plans, random: random, progressFile: options.progressFile).serve()
    }

    /// Starts `sleep 300` sharing our stdio and process group, as an app's helper process might.
    static func startGrandchild() {
        var pid: pid_t = 0
        let argv: [UnsafeMutablePointer<CChar>?] = [strdup("sleep"), strdup("300"), nil]
        defer { for pointer in argv { free(pointer) } }
        if posix_spawnp(&pid, "sleep", nil, nil, argv, environ) == 0 {
            log("started grandchild sleep 300 (pid \(pid))")
        }
    }
}
