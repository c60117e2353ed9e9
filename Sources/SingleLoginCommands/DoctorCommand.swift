import CommandLineKit
import Foundation
import SingleLoginConformance
import SingleLoginEvents

/// `sl-conformance doctor --adapter CMD`: checks an adapter against the wire protocol and says what to fix.
public struct DoctorCommand: Command {
    /// `doctor`'s options.
    public struct Options: OptionGroup {
        /// `--adapter <command>`.
        public static let adapter = Option("--adapter", value: "command", help: "The adapter command line, run with /bin/sh -c.")
        public static var signature: CommandSignature { CommandSignature([adapter]).including(AdapterTimeoutOptions.signature) }

        /// The adapter command line.
        public var adapter: String
        /// How long it may take.
        public var timeouts: AdapterTimeoutOptions

        public init(parsing arguments: ParsedArguments) throws(UsageError) {
            adapter = try arguments.required(Self.adapter)
            timeouts = try AdapterTimeoutOptions(parsing: arguments)
        }
    }

    public let name = "doctor"
    public let abstract = "Check an adapter against the wire protocol and say what to fix."
    public let discussion = """
        Starts the adapter and checks the handshake (shape and protocol version), reset, every
        event and the shape of each observation, that observe changes nothing, that reset is a
        fresh install, that stdout carries protocol messages only, answer times, and shutdown.
        One line per check; each failure comes with a fix. See docs/hardening.md.
          sl-conformance doctor --adapter 'python3 Examples/python-adapter/adapter.py'
        Exit status: 0 when every check passes, 2 otherwise, 64 usage error.
        """

    /// Creates the command.
    public init() {}

    public func run(_ options: Options, output: TextOutput) async throws(UsageError) -> Int32 {
        let report = await AdapterDoctor(command: options.adapter, timeouts: options.timeouts.timeouts()).run()
        output.out(report.render(terminal: output.isTerminal))
        return report.passed ? ExitStatus.passed.rawValue : ExitStatus.adapterOrHarnessError.rawValue
    }
}
