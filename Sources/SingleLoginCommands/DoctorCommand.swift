import CommandLineKit
import Foundation
import SingleLoginConformance
import SingleLoginEvents
import SingleLoginTransport

/// `sl-conformance doctor --adapter CMD`: checks an adapter against the wire protocol and says what to fix.
package struct DoctorCommand: Command {
    /// `doctor`'s options.
    package struct Options: OptionGroup {
        /// `--adapter <command>`.
        package static let adapter = Option(
            "--adapter", value: "command",
            help: "The adapter command line, one simple command that /bin/sh runs as exec COMMAND (env VAR=value cmd for variables).")
        package static var signature: CommandSignature {
            CommandSignature([adapter]).including(ListenOptions.signature).including(SimulatorOptions.signature).including(AdapterTimeoutOptions.signature)
        }

        /// The adapter command line, or nil when the adapter connects (`--listen`).
        package var adapter: String?
        /// Where to wait for the adapter to connect, instead.
        package var listen: ListenOptions
        /// How long it may take.
        package var timeouts: AdapterTimeoutOptions
        /// Whether the doctor reads the app's container on the Simulator.
        package var simulator: SimulatorOptions

        package init(parsing arguments: ParsedArguments) throws(UsageError) {
            adapter = try arguments.value(Self.adapter)
            listen = try ListenOptions(parsing: arguments)
            timeouts = try AdapterTimeoutOptions(parsing: arguments)
            simulator = try SimulatorOptions(parsing: arguments)
            guard try AdapterChoice(command: adapter, listen: listen) != nil else {
                throw UsageError("Missing expected option '--adapter <command>' or '--listen <host:port>'")
            }
        }
    }

    package let name = "doctor"
    package let abstract = "Check an adapter against the wire protocol and say what to fix."
    package let discussion = """
        Starts the adapter and checks the handshake (shape and protocol version), reset, every
        event and the shape of each observation, that observe changes nothing, that reset is a
        fresh install, that stdout carries protocol messages only, answer times, and shutdown. When
        it can read the app's data container (named in the handshake, or --simulator), it names
        every file there that the adapter's storage never reports.
        One line per check; each failure comes with a fix.
          sl-conformance doctor --adapter 'python3 Examples/python-adapter/adapter.py'
          sl-conformance doctor --listen 127.0.0.1:0   # then start the app's adapter with --connect
        Exit status: 0 when every check passes, 2 otherwise, 64 usage error.
        """

    /// Creates the command.
    package init() {}

    package func run(_ options: Options, output: TextOutput) async throws(UsageError) -> Int32 {
        let container: String?
        do { container = try options.simulator.container() } catch { return error.report(to: output) }
        let target: AdapterTarget
        if let listening = try options.listen.bind(output: output) {
            target = .listener(listening.listener, connectTimeout: listening.connectTimeout, token: listening.token)
        } else {
            target = .command(options.adapter ?? "")
        }
        let report = await AdapterDoctor(target, timeouts: options.timeouts.timeouts(), dataContainer: container).run()
        output.out(report.render(terminal: output.isTerminal))
        return report.passed ? ExitStatus.passed.rawValue : ExitStatus.adapterOrHarnessError.rawValue
    }
}
