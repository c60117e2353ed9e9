import CommandLineKit
import SingleLoginConformance
import SingleLoginTransport

/// How long an adapter may take to answer the handshake and each step or request: the options
/// every command that talks to an adapter shares (`run`, `doctor`).
package struct AdapterTimeoutOptions: OptionGroup {
    /// `--handshake-timeout <seconds>`.
    package static let handshake = Option(
        "--handshake-timeout", value: "seconds", default: "10", help: "How long the adapter may take to answer the handshake.", parser: .positiveSeconds)
    /// `--step-timeout <seconds>`.
    package static let step = Option(
        "--step-timeout", value: "seconds", default: "10", help: "How long one step or request (with its broker calls) may take.", parser: .positiveSeconds)

    package static var signature: CommandSignature { CommandSignature([handshake, step]) }

    /// The handshake's limit.
    package var handshake: Duration
    /// One step's or request's limit.
    package var step: Duration

    package init(parsing arguments: ParsedArguments) throws(UsageError) {
        handshake = try arguments.value(Self.handshake) ?? .seconds(10)
        step = try arguments.value(Self.step) ?? .seconds(10)
    }

    /// The timeouts, with `scenario` for a whole test case.
    package func timeouts(scenario: Duration = .seconds(60)) -> AdapterTimeouts {
        AdapterTimeouts(handshake: handshake, step: step, scenario: scenario)
    }
}
