import CommandLineKit
import Foundation
import SingleLoginCommands
import SingleLoginEvents
import SingleLoginPreflight
import SingleLoginSpec
import Testing

@Suite("Command options are typed when parsed; report options are one group that run and preflight share")
struct CommandOptionsTests {
    @Test("run's options parse into typed values")
    func runOptions() throws {
        let options = try RunCommand.Options.parse([
            "--jobs", "3", "--shard", "2/4", "--level", "must", "--only", "login", "--only", "logout", "--reference-flaw", "promptsAtLaunch",
            "--scenario-timeout", "1.5", "-q", "--reports", "out",
        ])
        #expect(options.jobs == 3)
        #expect(options.selection.shard == .init(index: 2, count: 4))
        #expect(options.selection.only == ["login", "logout"])
        #expect(options.reports.gate == .mustOnly)
        #expect(options.reports.junitFile.path.hasSuffix("/out/junit.xml"))
        #expect(options.reports.markdownFile.path.hasSuffix("/out/summary.md"))
        #expect(options.reports.verbosity == .quiet)
        #expect(options.timeouts.scenario == .milliseconds(1500) && options.timeouts.handshake == .seconds(10))
        #expect(options.target == .referenceApp(flaws: [.promptsAtLaunch]))
        #expect(options.spec == .embedded(.singleLogin))
    }

    @Test("--simulator and --device parse beside --listen, in run and explore; the device is the booted one unless named")
    func simulatorOptions() throws {
        let run = try RunCommand.Options.parse(["--listen", "127.0.0.1:0", "--simulator", "com.contoso.shifts"])
        #expect(run.simulator.bundleId == "com.contoso.shifts" && run.simulator.device == "booted")
        let explore = try ExploreCommand.Options.parse(["--adapter", "./a", "--simulator", "com.contoso.shifts", "--device", "0A1B-2C"])
        #expect(explore.simulator.bundleId == "com.contoso.shifts" && explore.simulator.device == "0A1B-2C")
        #expect(try RunCommand.Options.parse(["--listen", "127.0.0.1:0"]).simulator.bundleId == nil)
    }

    @Test(
        "--level takes a level in either case, as specs and reports write it",
        arguments: [
            ("must", Gate.mustOnly), ("MUST", .mustOnly), ("Must", .mustOnly), ("should", .mustAndShould), ("SHOULD", .mustAndShould),
        ])
    func levelInEitherCase(word: String, gate: Gate) throws {
        #expect(try RunCommand.Options.parse(["--level", word]).reports.gate == gate)
        #expect(try PreflightCommand.Options.parse(["--level", word]).reports.gate == gate)
    }

    @Test(
        "run's invalid values and combinations are usage errors",
        arguments: [
            (["--shard", "0/2"], "The value '0/2' is invalid for '--shard <i/n>'"),
            (["--jobs", "-1"], "The value '-1' is invalid for '--jobs <n>'"),
            (["--shard", "-1/3"], "The value '-1/3' is invalid for '--shard <i/n>'"),
            (["--strict-waivers"], "'--strict-waivers' applies to '--waivers <file>'"),
            (["--step-timeout", "0"], "The value '0' is invalid for '--step-timeout <seconds>'"),
            (["--level", "may"], "The value 'may' is invalid for '--level <level>'"),
            (["--adapter", "./a", "--reference-flaw", "promptsAtLaunch"], "'--reference-flaw' applies to the bundled reference app, not to '--adapter'"),
            (["--simulator", "com.contoso.shifts"], "'--simulator' reads the container of your app on the iOS Simulator, not the bundled reference app's"),
            (["--listen", "127.0.0.1:0", "--device", "booted"], "'--device' applies only with '--simulator <bundle-id>'"),
            (["--listen", "127.0.0.1:0", "--simulator", "com contoso"], "The value 'com contoso' is invalid for '--simulator <bundle-id>'"),
            (
                ["--listen", "127.0.0.1:0", "--simulator", "com.contoso.shifts", "--jobs", "2"],
                "'--simulator' reads one app's container on one Simulator, which '--jobs 2' adapters would share"
            ),
        ] as [([String], String)])
    func runMistakes(words: [String], message: String) {
        #expect { try RunCommand.Options.parse(words) } throws: { ($0 as? UsageError)?.message == message }
    }

    @Test("a selection that leaves nothing to run is a usage error, not a pass with nothing verified; a shard left empty is not")
    func selectionOfNothing() async {
        let nothing = await Tool.run(["run", "--only", "SL-LOGIN-1", "--skip", "SL-LOGIN-1", "--list"])
        #expect(nothing.status == 64)
        #expect(nothing.err.contains("--only SL-LOGIN-1 --skip SL-LOGIN-1 leaves no test case to run"), "\(nothing.err)")
        // SL-LOGIN-1's one scenario falls to another shard than 2 of 9: the run as a whole still has it to run.
        let emptyShard = await Tool.run(["run", "--only", "SL-LOGIN-1", "--shard", "2/9", "--list"])
        #expect(emptyShard.status == 0, "\(emptyShard.err)")
        #expect(!emptyShard.out.isEmpty && emptyShard.out.split(separator: "\n").allSatisfy { $0.contains("(skip: ") }, "\(emptyShard.out)")
    }

    @Test("two outputs on one file are refused before anything runs (64); /dev/null takes any number")
    func outputsOnOneFile() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sl-outputs-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let reports = directory.appendingPathComponent("r").path
        for words in [["--junit", "\(reports)/x", "--markdown", "\(reports)/x"], ["--events", "\(reports)/junit.xml"], ["--badge", "\(reports)/summary.md"]] {
            let run = await Tool.run(["run", "--only", "SL-LOGIN-1", "--reports", reports] + words)
            #expect(run.status == 64, "\(words): \(run.err)")
            #expect(run.err.contains(" is named for two outputs: one would overwrite the other\n  fix: "), "\(run.err)")
            #expect(!run.out.contains("Result:"), "nothing ran")
        }
        let discarded = await Tool.run(["run", "--only", "SL-LOGIN-1", "--junit", "/dev/null", "--markdown", "/dev/null", "--html", "/dev/null"])
        #expect(discarded.status == 0, "\(discarded.err)")
    }

    @Test("listening on every interface tells the adapter this machine's name to connect to, not 0.0.0.0")
    func wildcardListenHint() async {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sl-listen-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        // Nothing connects: the run ends after the connect timeout, exit 2.
        let run = await Tool.run(["run", "--listen", "0.0.0.0:0", "--allow-remote", "--connect-timeout", "1", "--reports", directory.path])
        #expect(run.status == 2)
        #expect(run.err.contains("TCPAdapterClient.serve(adapter, host: \"\(RunContext.localHostName)\", port: "), "\(run.err)")
        #expect(!run.err.contains("host: \"0.0.0.0\"") && !run.err.contains("--connect 0.0.0.0:"), "\(run.err)")
        // The test case's error says so too, and no fix speaks of a command line there is not.
        #expect(run.out.contains("--connect \(RunContext.localHostName):") && !run.out.contains("--connect 0.0.0.0:"), "\(run.out)")
        #expect(!run.out.contains("Check the command line") && !run.err.contains("Check the command line"), "\(run.out)")
    }

    @Test("run and preflight list the same nine report options, each defined once, with their own file names")
    func sharedReportOptions() throws {
        let reportNames = ["--level", "--reports", "--junit", "--markdown", "--html", "--events", "--badge", "--junit-strict", "--quiet", "--verbose"]
        #expect(ReportOptions<RunReportFiles>.signature.options.map(\.name) == reportNames)
        for signature in [RunCommand.Options.signature, PreflightCommand.Options.signature] {
            let names = signature.options.map(\.name)
            #expect(reportNames.allSatisfy(names.contains))
            #expect(Set(names).count == names.count, "no option is listed twice")
        }
        let preflight = try PreflightCommand.Options.parse(["--info-plist", "Info.plist", "--level", "must"])
        #expect(preflight.reports.junitFile.lastPathComponent == "preflight-junit.xml")
        #expect(preflight.reports.gate == .mustOnly)
        #expect(preflight.input.projectDirectory == nil, "explicit files only: no walk")
        #expect(try PreflightCommand.Options.parse([]).input.projectDirectory == ".")
    }

    @Test("run and doctor share the adapter timeouts")
    func sharedTimeouts() throws {
        let doctor = try DoctorCommand.Options.parse(["--adapter", "./a", "--handshake-timeout", "2"])
        #expect(doctor.timeouts.handshake == .seconds(2) && doctor.timeouts.step == .seconds(10))
        let names = AdapterTimeoutOptions.signature.options.map(\.name)
        #expect(names.allSatisfy(RunCommand.Options.signature.options.map(\.name).contains))
        #expect(names.allSatisfy(DoctorCommand.Options.signature.options.map(\.name).contains))
    }

    @Test("preflight's input problems become usage errors that name the option")
    func preflightInput() async {
        let missing = await Tool.run([
            "preflight", "--spec", "\(Tool.fixtures)/../../../specs/single-login-preflight.json", "--entitlements", "/no/such/App.entitlements",
        ])
        #expect(missing.status == 64)
        #expect(missing.err.hasPrefix("Error: No such file '/no/such/App.entitlements' for '--entitlements'\n"))
        let directory = await Tool.run(["preflight", "--spec", "\(Tool.fixtures)/../../../specs/single-login-preflight.json", "--project", "/no/such/dir"])
        #expect(directory.err.hasPrefix("Error: No such directory '/no/such/dir' for '--project'\n"))
    }

    @Test("the library says what is wrong with an input without naming options")
    func inputProblems() {
        #expect(throws: PreflightInput.Problem.noSuchFile(path: "/no/Info.plist", role: .infoPlist)) {
            try PreflightInput(infoPlist: "/no/Info.plist").validate()
        }
        #expect(throws: PreflightInput.Problem.noSuchDirectory(path: "/no/dir")) { try PreflightInput(projectDirectory: "/no/dir").validate() }
    }
}
