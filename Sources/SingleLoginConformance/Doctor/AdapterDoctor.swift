import Foundation
import SingleLoginAdapter
import SingleLoginSpec
import SingleLoginTransport

/// A reusable check of a stdio adapter against the wire protocol and the adapter contract,
/// as swift-log ships a conformance check for every `LogHandler`: `sl-conformance doctor`.
///
/// It starts the adapter, performs the handshake, resets, delivers every event, checks each
/// observation's shape, checks that `observe` changes nothing and that `reset` is a fresh
/// install, watches stdout and answer times, and shuts the adapter down. Each check ends as
/// passed, failed (with what to fix) or not checked (an earlier failure made it impossible).
public struct AdapterDoctor: Sendable {
    /// What is checked.
    public var target: AdapterTarget
    /// How long the adapter may take.
    public var timeouts: AdapterTimeouts
    /// The app's data container when the doctor knows it (the Simulator's); otherwise the one the
    /// handshake names, if any. With one, the doctor names the files the adapter never reports.
    public var dataContainer: String?

    /// Creates a check of `target`.
    public init(_ target: AdapterTarget, timeouts: AdapterTimeouts = AdapterTimeouts(), dataContainer: String? = nil) {
        self.target = target
        self.timeouts = timeouts
        self.dataContainer = dataContainer
    }

    /// Creates a check of the adapter started by `command`.
    public init(command: String, timeouts: AdapterTimeouts = AdapterTimeouts()) {
        self.init(.command(command), timeouts: timeouts)
    }

    /// The result of one check.
    public struct Outcome: Sendable, Hashable {
        /// What was checked, as a short sentence.
        public var name: String
        /// How it went.
        public var status: Status
        /// What was seen.
        public var detail: String
        /// What to fix, for failures.
        public var hint: String?
    }

    /// How a check went.
    public enum Status: String, Sendable, Hashable {
        /// The adapter does what the protocol asks.
        case passed
        /// It does not; the outcome's hint says what to fix.
        case failed
        /// An earlier failure made the check impossible.
        case notChecked
    }

    /// The adapter's process ended, or its app crashed, before the doctor asked it to shut down:
    /// what a report says first, since every failure after it follows from it.
    public struct Crash: Sendable, Hashable {
        /// How it ended.
        public var ending: Ending
        /// The request it was answering, as the checks name it: `reset`, `event suspend`.
        public var during: String

        /// How an adapter or its app ended.
        public enum Ending: Sendable, Hashable {
            /// The adapter's process ended, with its exit status or signal when the doctor could read it.
            case processEnded(ChildProcess.Termination?)
            /// The adapter closed its connection (`--listen`).
            case closedConnection
            /// The adapter kept running, but its app crashed: an observation says `crashed: true`.
            case appCrashed
        }

        /// One sentence: what ended, how, and during which request.
        public var sentence: String {
            switch ending {
            case .processEnded(.exited(0)?): "the adapter ended early: it exited with exit code 0 during '\(during)', before the doctor asked it to shut down"
            case .processEnded(let status?): "the adapter crashed: it ended with \(status) during '\(during)', before the doctor asked it to shut down"
            case .processEnded(nil): "the adapter crashed: it closed its stdout during '\(during)' (its exit status could not be read)"
            case .closedConnection: "the adapter closed the connection during '\(during)', before the doctor asked it to shut down"
            case .appCrashed: "the app crashed during '\(during)': the adapter's observation says crashed: true"
            }
        }

        /// What to do about it.
        public var fix: String {
            switch ending {
            case .processEnded, .closedConnection:
                "Read the adapter's stderr: an error the adapter does not catch ends it. Answer a request that fails with a JSON-RPC error, and keep running until shutdown."
            case .appCrashed:
                "Read the adapter's stderr: the app, or the adapter's code that drives it, raised an error during an ordinary event that a conformant app survives."
            }
        }
    }

    /// Everything the check found, in order, with the adapter's stderr tail.
    public struct Report: Sendable {
        /// The outcomes, in the order the checks ran.
        public var outcomes: [Outcome]
        /// The last lines the adapter wrote to stderr.
        public var stderrTail: String
        /// How the adapter or its app crashed, if it did: the cause of the failures after it.
        public var crash: Crash? = nil
        /// Whether every check passed, and nothing crashed.
        public var passed: Bool { crash == nil && outcomes.allSatisfy { $0.status == .passed } }
    }

    /// Runs every check and returns what it found; never throws: failures are outcomes.
    ///
    /// Everything runs on a `SessionExecutor` of its own: waiting for a connection or an answer
    /// never holds a thread of the cooperative pool.
    public func run() async -> Report {
        let executor = SessionExecutor(name: "sl-doctor")
        return await withPreferredExecutor(executor) { await runHere(executor) }
    }

    private func runHere(_ executor: SessionExecutor) async -> Report {
        let peer: any DoctorPeer
        switch target {
        case .inProcess(let make):
            peer = InProcessDoctorPeer(adapter: make())
        case .command(let command):
            let channel: ProcessChannel
            do { channel = try ProcessChannel(command: command) } catch {
                return Report(
                    outcomes: [
                        Outcome(
                            name: "the adapter starts", status: .failed, detail: "\(error)",
                            hint:
                                "Check the command line: /bin/sh runs it as exec COMMAND, from the current directory (one simple command; env VAR=value cmd for variables)."
                        )
                    ], stderrTail: "")
            }
            peer = ChannelDoctorPeer(session: JSONRPCSession(channel: channel, executor: executor, timeouts: timeouts, wireLog: nil))
        case .listener(let listener, let connectTimeout, let token):
            let waker = ChannelWaker()
            let accepted = await withTaskCancellationHandler {
                listener.accept(before: .now + connectTimeout, waker: waker)
            } onCancel: {
                waker.wake()
            }
            guard case .connection(let channel) = accepted else {
                return Report(
                    outcomes: [
                        Outcome(
                            name: "the adapter connects", status: .failed,
                            detail: "no adapter connected to \(listener.address) within \(connectTimeout.shortText)",
                            hint:
                                "Start the adapter with TCPAdapterClient.serve(adapter, host: \"\(listener.connectHost)\", port: \(listener.port)), or adapter.py --connect \(listener.connectAddress)."
                        )
                    ], stderrTail: "")
            }
            peer = ChannelDoctorPeer(session: JSONRPCSession(channel: channel, executor: executor, timeouts: timeouts, wireLog: nil), token: token)
        }
        let session = DoctorSession(peer: peer, timeouts: timeouts, dataContainer: dataContainer)
        let tail = await session.runAll()
        return Report(outcomes: await session.outcomes, stderrTail: tail, crash: await session.crash)
    }
}

extension AdapterDoctor.Report {
    /// The report as lines of text: `✓`/`✗` with colours on a terminal, `PASS`/`FAIL` otherwise.
    /// A crash comes first, with the adapter's stderr, then the checks it made fail.
    public func render(terminal: Bool) -> String {
        var lines: [String] = []
        if let crash {
            lines.append((terminal ? "\u{1B}[31m✗\u{1B}[0m" : "CRASH") + " " + crash.sentence)
            lines.append("     fix: \(crash.fix)")
            if case .processEnded = crash.ending, stderrTail.isEmpty { lines.append("adapter stderr: empty") }
            lines += stderrLines
            lines += ["", "Check by check:"]
        }
        for outcome in outcomes {
            let mark: String
            switch (outcome.status, terminal) {
            case (.passed, true): mark = "\u{1B}[32m✓\u{1B}[0m"
            case (.failed, true): mark = "\u{1B}[31m✗\u{1B}[0m"
            case (.notChecked, true): mark = "\u{1B}[2m–\u{1B}[0m"
            case (.passed, false): mark = "PASS"
            case (.failed, false): mark = "FAIL"
            case (.notChecked, false): mark = "SKIP"
            }
            lines.append("\(mark) \(outcome.name)" + (outcome.detail.isEmpty ? "" : ": \(outcome.detail)"))
            if let hint = outcome.hint, outcome.status == .failed { lines.append("     fix: \(hint)") }
        }
        let failed = outcomes.filter { $0.status == .failed }.count
        let unchecked = outcomes.filter { $0.status == .notChecked }.count
        if failed > 0, crash == nil, !stderrTail.isEmpty {
            lines.append("")
            lines += stderrLines
        }
        lines.append("")
        lines.append(
            failed == 0 && unchecked == 0
                ? "All \(outcomes.count) checks passed\(crash == nil ? "" : ", but the adapter crashed")."
                : "\(failed) of \(outcomes.count) checks failed" + (unchecked > 0 ? ", \(unchecked) not checked" : "") + ".")
        return lines.joined(separator: "\n")
    }

    /// The adapter's stderr tail under its heading (nothing when it wrote none).
    private var stderrLines: [String] {
        guard !stderrTail.isEmpty else { return [] }
        return ["adapter stderr (last lines):"] + stderrTail.split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 }
    }
}
