import Foundation
import SingleLoginConformance
import SingleLoginEvents

/// `sl-conformance doctor --adapter CMD`: checks an adapter against the wire protocol and says what to fix.
struct DoctorCommand: Command {
    let name = "doctor"
    let abstract = "Check an adapter against the wire protocol and say what to fix."
    let discussion = """
        Starts the adapter and checks the handshake (shape and protocol version), reset, every
        event and the shape of each observation, that observe changes nothing, that reset is a
        fresh install, that stdout carries protocol messages only, answer times, and shutdown.
        One line per check; each failure comes with a fix. See docs/hardening.md.
          sl-conformance doctor --adapter 'python3 Examples/python-adapter/adapter.py'
        Exit status: 0 when every check passes, 2 otherwise, 64 usage error.
        """
    let signature = CommandSignature(options: [
        .option("--adapter", value: "command", help: "The adapter command line, run with /bin/sh -c."),
        .option("--handshake-timeout", value: "seconds", default: "10", help: "How long the adapter may take to answer the handshake."),
        .option("--step-timeout", value: "seconds", default: "10", help: "How long one request (with its broker calls) may take."),
    ])

    func run(_ arguments: ParsedArguments) async throws(UsageError) -> Int32 {
        guard let command = arguments.value("--adapter") else {
            throw UsageError("Missing expected option '--adapter <command>'")
        }
        let timeouts = AdapterTimeouts(handshake: try RunCommand.seconds(arguments, "--handshake-timeout"), step: try RunCommand.seconds(arguments, "--step-timeout"))
        let report = await ConformanceCheck(command: command, timeouts: timeouts).run()
        StandardStreams.out(report.render(terminal: StandardStreams.outputIsTerminal))
        return report.passed ? ExitStatus.passed.rawValue : ExitStatus.adapterOrHarnessError.rawValue
    }
}
