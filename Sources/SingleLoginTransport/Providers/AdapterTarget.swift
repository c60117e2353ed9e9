import SingleLoginAdapter

/// Where the harness finds the app's adapter: the one choice that `run`, `explore` and `doctor`
/// make, and that each turns into a provider (the runner) or a peer (the doctor).
public enum AdapterTarget: Sendable {
    /// An adapter the harness starts from a command line (run with `/bin/sh -c`) and speaks to over stdio.
    case command(String)
    /// An adapter that connects to `listener` (an app on a simulator or device), waited for up to
    /// `connectTimeout`; with `token`, its handshake must present it.
    case listener(TCPListener, connectTimeout: Duration, token: String?)
    /// An adapter in this process, made by the closure.
    case inProcess(@Sendable () -> any ConformanceAdapter)

    /// A provider of this target's adapters, each within `timeouts`; `wireLog` records every line
    /// on the wire (an adapter in process has none).
    public func provider(timeouts: AdapterTimeouts = AdapterTimeouts(), wireLog: WireLog? = nil) -> any AdapterProvider {
        switch self {
        case .command(let command):
            StdioAdapterProvider(command: command, timeouts: timeouts, wireLog: wireLog)
        case .listener(let listener, let connectTimeout, let token):
            ListeningAdapterProvider(listener: listener, timeouts: timeouts, connectTimeout: connectTimeout, token: token, wireLog: wireLog)
        case .inProcess(let make):
            InProcessAdapterProvider(timeouts: timeouts, make)
        }
    }
}
