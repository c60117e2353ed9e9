import CommandLineKit
import Foundation
import ReferenceApp
import SingleLoginConformance
import SingleLoginTransport

extension RunCommand.Options.Target {
    /// The app chosen by `--adapter`, `--listen` and `--reference-flaw`, as `run` and `explore` choose it:
    /// the bundled reference app when neither `--adapter` nor `--listen` is given.
    init(parsing arguments: ParsedArguments) throws(UsageError) {
        let flaws = try arguments.values(RunCommand.Options.referenceFlaw)
        let listen = try ListenOptions(parsing: arguments)
        let command = try arguments.value(RunCommand.Options.adapter)
        // The flaws' error first: with '--adapter' it is the one a run names, before any other.
        guard command == nil || flaws.isEmpty else { throw UsageError("'--reference-flaw' applies to the bundled reference app, not to '--adapter'") }
        switch try AdapterChoice(command: command, listen: listen) {
        case let .adapter(command)?:
            self = .adapter(command: command)
        case let .listen(listen)?:
            guard flaws.isEmpty else { throw UsageError("'--reference-flaw' applies to the bundled reference app, not to '--listen'") }
            self = .listen(listen)
        case nil:
            guard try SimulatorOptions(parsing: arguments).bundleId == nil else {
                throw UsageError(
                    "'--simulator' reads the container of your app on the iOS Simulator, not the bundled reference app's",
                    suggestion: "Add '--listen 127.0.0.1:0' and let the app's adapter connect, or '--adapter <command>'.")
            }
            self = .referenceApp(flaws: Set(flaws))
        }
    }

    /// Whether the run tests the bundled demo. Only the in-process reference app is: a `--listen`
    /// run tests whatever connects.
    var isReferenceApp: Bool { if case .referenceApp = self { true } else { false } }

    /// How a run gets this app's adapters, and what to call the app in the console.
    struct Providers {
        /// Makes one provider per job.
        let make: @Sendable () -> any AdapterProvider
        /// `the adapter 'python3 adapter.py'`, `the bundled reference app (not your app)`, ...
        let appName: String
    }

    /// Binds the listener of a `--listen` target, and returns how to make the target's providers
    /// with `timeouts`, each recording the wire in `wireLog` (if any); with `container` (the
    /// Simulator's, from `--simulator`), every adapter's app is read there.
    /// The wire log `--wire-log` names, opened (or none): exit 2, as for any report that cannot be
    /// written, naming the path and the system's reason. Commands check its directory with the
    /// reports' before this, so a run does not start without it.
    static func wireLog(_ path: String?) throws(CommandFailure) -> WireLog? {
        guard let path else { return nil }
        do { return try WireLog(url: URL(fileURLWithPath: path)) } catch {
            throw CommandFailure(
                status: .adapterOrHarnessError, message: "error: \(error)\n  fix: give '--wire-log' a file that can be written; nothing was run")
        }
    }

    func providers(timeouts: AdapterTimeouts, wireLog: WireLog?, container: String? = nil, output: TextOutput) throws(UsageError) -> Providers {
        let providers = try providers(timeouts: timeouts, wireLog: wireLog, output: output)
        guard let container else { return providers }
        return Providers(
            make: { ContainerNamingProvider(providers.make(), directory: container) }, appName: providers.appName + " (its container read from the Simulator)")
    }

    private func providers(timeouts: AdapterTimeouts, wireLog: WireLog?, output: TextOutput) throws(UsageError) -> Providers {
        let target: AdapterTarget
        let appName: String
        switch self {
        case let .adapter(command):
            (target, appName) = (.command(command), "the adapter '\(command)'")
        case let .listen(listen):
            guard let listening = try listen.bind(output: output) else { preconditionFailure("a listen target has an address") }
            target = .listener(listening.listener, connectTimeout: listening.connectTimeout, token: listening.token)
            appName = "the adapter connecting to \(listening.listener.address)"
        case let .referenceApp(flaws):
            target = .inProcess { ReferenceAppAdapter(flaws: flaws) }
            appName =
                flaws.isEmpty
                ? "the bundled reference app (not your app)" : "the bundled reference app with \(flaws.map(\.rawValue).sorted().joined(separator: ", "))"
        }
        return Providers(make: { [wireLog] in target.provider(timeouts: timeouts, wireLog: wireLog) }, appName: appName)
    }
}

extension RunCommand.Options.Target {
    /// The words that choose this app again, shell-quoted: `--adapter '<command>'`, `--listen
    /// <host:port>` (with `--allow-remote` when it was given), or the reference app's flaws. A
    /// hint that names a command to run repeats them, so the command tests the same app.
    var commandLineWords: [String] {
        switch self {
        case let .adapter(command):
            return ["--adapter", GenerateTestsCommand.Options.shellQuoted(command)]
        case let .listen(listen):
            guard let address = listen.address else { return [] }
            let host = address.host.contains(":") ? "[\(address.host)]" : address.host
            return ["--listen", "\(host):\(address.port)"] + (listen.allowRemote ? ["--allow-remote"] : [])
        case let .referenceApp(flaws):
            return flaws.map(\.rawValue).sorted().flatMap { ["--reference-flaw", $0] }
        }
    }

    /// `sl-conformance doctor` with the words that choose this adapter again, for a run whose
    /// adapter never got through its start; nil for the bundled reference app, which has no adapter to check.
    var doctorCommand: String? {
        guard !isReferenceApp else { return nil }
        return (["sl-conformance", "doctor"] + commandLineWords).joined(separator: " ")
    }
}
