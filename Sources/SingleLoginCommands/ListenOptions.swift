import CommandLineKit
import SingleLoginConformance
import SingleLoginTransport

/// `--listen HOST:PORT`, `--allow-remote` and `--connect-timeout`: how `run` and `doctor` wait
/// for an adapter that connects over TCP (an app on the iOS Simulator or a device), instead of
/// starting one.
package struct ListenOptions: OptionGroup, Equatable {
    /// `--listen <host:port>`.
    package static let listen = Option(
        "--listen", value: "host:port",
        help:
            "Wait for the adapter to connect over TCP instead of starting one (an app on a simulator or device); port 0 picks a free port. The first line on stderr names the address.",
        parser: Self.addressParser)
    /// `--allow-remote`.
    package static let allowRemote = Flag(
        "--allow-remote", help: "With --listen: allow a non-loopback address; the adapter must then present the token printed on stderr.")
    /// `--connect-timeout <seconds>`.
    package static let connectTimeout = Option(
        "--connect-timeout", value: "seconds", default: "60",
        help: "With --listen: how long to wait for the adapter to connect, at first and after each dropped connection.", parser: .positiveSeconds)

    /// `HOST:PORT`, `[IPv6]:PORT`.
    static let addressParser = ValueParser<Address>(expectation: "Please give a numeric address and a port, e.g. 127.0.0.1:0 or [::1]:7000.") { text in
        TCPListener.parse(text).map { Address(host: $0.host, port: $0.port) }
    }

    package static var signature: CommandSignature { CommandSignature([listen, allowRemote, connectTimeout]) }

    /// An address to listen on.
    package struct Address: Sendable, Equatable {
        /// A numeric address, or `localhost`.
        package var host: String
        /// The port; 0 lets the system choose.
        package var port: UInt16
    }

    /// Where to listen, or nil to start the adapter instead.
    package var address: Address?
    /// Whether a non-loopback address was allowed.
    package var allowRemote: Bool
    /// How long to wait for a connection.
    package var connectTimeout: Duration

    package init(parsing arguments: ParsedArguments) throws(UsageError) {
        address = try arguments.value(Self.listen)
        allowRemote = arguments.flag(Self.allowRemote)
        connectTimeout = try arguments.value(Self.connectTimeout) ?? .seconds(60)
        guard let address else {
            if allowRemote { throw UsageError("'--allow-remote' applies only with '--listen <host:port>'") }
            return
        }
        // Decided before anything is bound: a refused address is never opened to the network.
        if !TCPListener.isLoopback(address.host), !allowRemote {
            throw UsageError(
                "'\(address.host)' is not a loopback address: anyone on the network could connect",
                suggestion:
                    "Listen on 127.0.0.1 (the iOS Simulator reaches it), or add '--allow-remote' for a device; a per-run token then guards the connection.")
        }
    }

    /// A bound listener and the run's token (for a non-loopback address), announced on stderr.
    package struct Listening: Sendable {
        /// The listener.
        package var listener: TCPListener
        /// The token the adapter's handshake must present, or nil on loopback.
        package var token: String?
        /// How long to wait for a connection.
        package var connectTimeout: Duration
    }

    /// Binds the listener and says where it listens: the first line on stderr is always
    /// `sl-conformance: listening on HOST:PORT`, so scripts can find the port.
    package func bind(output: TextOutput) throws(UsageError) -> Listening? {
        guard let address else { return nil }
        let listener: TCPListener
        do { listener = try TCPListener(host: address.host, port: address.port) } catch {
            throw UsageError("Cannot listen on '\(address.host):\(address.port)': \(error.description)")
        }
        var token: String?
        if !listener.isLoopback {
            var generator = SystemRandomNumberGenerator()
            token = (0..<2).map { _ in
                let text = String(generator.next() as UInt64, radix: 16)
                return String(repeating: "0", count: 16 - text.count) + text
            }.joined()
        }
        output.err("sl-conformance: listening on \(listener.address)")
        output.err(
            "  waiting up to \(Int(connectTimeout.inSeconds)) s for the adapter: TCPAdapterClient.serve(adapter, host: \"\(listener.connectHost)\", port: \(listener.port)), adapter.py --connect \(listener.connectAddress), or any adapter that speaks the wire protocol, connecting to \(listener.connectAddress)"
                + (listener.isWildcard ? " (this machine's name; or its address on the device's network)" : "")
        )
        if let token { output.err("  the adapter must present this run's token: SL_CONFORMANCE_TOKEN=\(token)") }
        return Listening(listener: listener, token: token, connectTimeout: connectTimeout)
    }
}
