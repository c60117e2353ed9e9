import Foundation
import SingleLoginAdapter
import SingleLoginRecorder
import SingleLoginTransport

/// The harness's end of a device pass's TCP stream (`device-pass --listen`): it accepts the
/// recorder's connection (and its reconnection after every relaunch of the app), checks the pass's
/// token, keeps every trace line once, in sequence, appending it to the trace file, and asks the
/// recorder for checkpoints. Its methods block: it runs on the interactive session's own thread.
///
/// The newest connection that presents the token is the recorder's, and the one before it is
/// closed: a recorder connects again when the app relaunches, and on a real device the connection
/// before may never say that it ended (the device left the network, or iOS took a suspended app's
/// socket). Each connection is read on a thread of its own, so one that went silent holds nothing up.
public final class DeviceLink: @unchecked Sendable {  // every mutable member is guarded by `condition`
    private let listener: TCPListener
    private let token: String
    private let traceFile: FileHandle
    private let condition = NSCondition()
    private var lines: [TraceLine] = []
    private var channel: SocketChannel?
    private var stopped = false
    private let waker = ChannelWaker()
    /// Hears, once per reason, why a connection was refused.
    private let onRefusal: @Sendable (String) -> Void
    private var refusalsTold: Set<String> = []
    /// The latest refusal while no recorder was connected, since one last was.
    private var latestRefusal: Refusal?
    /// The address the recorder's latest connection came from: a trace refused from it is the app's
    /// own, reinstalled; from another address, another device's.
    private var recorderPeer: String?

    /// Why a connection was refused, for the tester.
    public struct Refusal: Sendable, Equatable {
        /// What was refused and what to do, naming the address.
        public var reason: String
        /// Whether relaunching the app the pass began with may still bring its recorder back: not
        /// when the refused recorder is that app, reinstalled (its trace is another).
        public var relaunchHelps: Bool
    }

    /// Listens with `listener` for a recorder that presents `token`; lines go to `traceURL` (continued
    /// when it holds a trace). `onRefusal` hears, once per reason (which names the address), why an
    /// app's connection was refused (another token; a recorder of another pass), for the tester to see.
    public init(listener: TCPListener, token: String, traceURL: URL, onRefusal: @escaping @Sendable (String) -> Void = { _ in }) throws {
        self.listener = listener
        self.token = token
        self.onRefusal = onRefusal
        if let text = try? String(contentsOf: traceURL, encoding: .utf8), let trace = try? DeviceTrace(text: text, file: traceURL.path) {
            lines = trace.lines
        } else {
            _ = FileManager.default.createFile(atPath: traceURL.path, contents: nil)
        }
        traceFile = try FileHandle(forWritingTo: traceURL)
        traceFile.seekToEndOfFile()
        let thread = Thread { [self] in acceptLoop() }
        thread.name = "sl-conformance device link"
        thread.start()
    }

    /// Stops listening; the connection's reader closes it.
    public func stop() {
        condition.lock()
        stopped = true
        let current = channel
        condition.unlock()
        current?.waker.wake()
        waker.wake()
    }

    /// The trace so far.
    public var trace: DeviceTrace {
        condition.lock()
        defer { condition.unlock() }
        return DeviceTrace(lines: lines)
    }

    /// The sequence of the last line received (0 before the header).
    public var lastSequence: Int {
        condition.lock()
        defer { condition.unlock() }
        return lines.count
    }

    /// Why the latest connection refused while no recorder was connected was refused (another token,
    /// another trace), if one was since the recorder last connected: what a tester waiting for the
    /// app's word needs to know first. A refusal while the recorder was connected was not the app's.
    public var lastRefusal: Refusal? {
        condition.lock()
        defer { condition.unlock() }
        return latestRefusal
    }

    /// Whether a recorder is connected now.
    public var isConnected: Bool {
        condition.lock()
        defer { condition.unlock() }
        return channel != nil
    }

    /// Waits until a line after `sequence` satisfies `matches`, `timeout` passes, or `interrupted`
    /// holds (looked at again after every `wake`); returns whether a line matched.
    public func wait(
        after sequence: Int, timeout: Duration, unless interrupted: () -> Bool = { false }, for matches: (TraceLine) -> Bool
    ) -> Bool {
        let deadline = Date().addingTimeInterval(timeout.inSeconds)
        condition.lock()
        defer { condition.unlock() }
        while true {
            if lines.dropFirst(sequence).contains(where: matches) { return true }
            guard !stopped, !interrupted(), condition.wait(until: deadline) else { return false }
        }
    }

    /// Wakes a `wait`, so that it looks at its `interrupted` again.
    public func wake() {
        condition.lock()
        condition.broadcast()
        condition.unlock()
    }

    /// Asks the recorder for a checkpoint labelled `label` and waits for it; its sequence, or nil
    /// when none came within `timeout`. A connection that replaces the recorder's meanwhile (the app
    /// connected again) is asked too: the request may have gone into the one it replaced.
    public func checkpoint(_ label: String, timeout: Duration = .seconds(30)) -> Int? {
        let start = lastSequence
        let request = Self.line(["checkpoint": label])
        let deadline = Date().addingTimeInterval(timeout.inSeconds)
        var asked: SocketChannel?
        while true {
            condition.lock()
            if let found = lines.dropFirst(start).first(where: { $0.checkpoint?.label == label }) {
                condition.unlock()
                return found.sequence
            }
            guard !stopped, Date() < deadline else {
                condition.unlock()
                return nil
            }
            if let current = channel, current !== asked {
                condition.unlock()
                _ = current.send(request, before: .now + .seconds(5))
                asked = current
                continue
            }
            // Wait for the line, or for a connection to ask; the loop looks again either way.
            _ = condition.wait(until: deadline)
            condition.unlock()
        }
    }

    private func acceptLoop() {
        while true {
            condition.lock()
            let done = stopped
            condition.unlock()
            if done { return }
            guard case .connection(let connection) = listener.accept(before: .now + .seconds(3600), waker: waker) else { continue }
            // Handed over to its reader, which alone receives on it and closes it; the session's thread
            // only sends it a checkpoint request, as it always has.
            nonisolated(unsafe) let accepted = connection
            let reader = Thread { [self] in serve(accepted) }
            reader.name = "sl-conformance device link reader"
            reader.start()
        }
    }

    /// Takes `connection` for the recorder's once it presents the token and this pass's trace (its
    /// header: the pass ID and the digest key's check), in place of the one before (woken to close
    /// itself), and reads it until it ends or is replaced.
    private func serve(_ connection: SocketChannel) {
        // What is no recorder's hello (a port scanner) is closed without a word.
        guard case .line(let hello) = connection.receive(before: .now + .seconds(10)),
            let object = try? JSONSerialization.jsonObject(with: Data(hello)) as? [String: String], object["token"] != nil
        else {
            connection.close(grace: .zero)
            return
        }
        let from = TCPListener.parse(connection.peerAddress)?.host ?? connection.peerAddress
        guard object["token"] == token else {
            refuse(
                connection,
                Refusal(
                    reason:
                        "a recorder at \(from) presented another token: an app started for another pass; give it this pass's token, printed above, and relaunch it",
                    relaunchHelps: true))
            return
        }
        // A recorder sends its trace from the start: its first line is the trace's header. Another
        // trace than this pass's (a reinstalled app, whose key is new; another device; an app of an
        // earlier pass) is refused before it replaces the recorder's connection: its lines would be
        // taken for this trace's.
        guard case .line(let first) = connection.receive(before: .now + .seconds(10)),
            let headerLine = try? JSONDecoder().decode(TraceLine.self, from: Data(first)), headerLine.sequence == 1, let header = headerLine.header
        else {
            refuse(
                connection,
                Refusal(
                    reason:
                        "a connection from \(from) presented this pass's token but no trace header after it within 10 seconds: only SingleLoginRecorder's TraceStream takes part in a pass",
                    relaunchHelps: true))
            return
        }
        condition.lock()
        guard !stopped else {
            condition.unlock()
            connection.close(grace: .zero)
            return
        }
        if let own = lines.first?.header, own.passID != header.passID || own.keyCheck != header.keyCheck {
            let peer = recorderPeer
            condition.unlock()
            refuse(connection, Self.otherTrace(from: from, header: header, own: own, recorderPeer: peer))
            return
        }
        keep(headerLine, bytes: first)
        let previous = channel
        channel = connection
        recorderPeer = from
        latestRefusal = nil
        // A checkpoint waiting on the connection before asks this one too.
        condition.broadcast()
        condition.unlock()
        previous?.waker.wake()
        read(connection)
        condition.lock()
        if channel === connection { channel = nil }
        condition.broadcast()
        condition.unlock()
    }

    /// Appends `line` (read as `bytes`) to the trace if it is the next one; the caller holds `condition`.
    private func keep(_ line: TraceLine, bytes: [UInt8]) {
        guard line.sequence == lines.count + 1 else { return }
        lines.append(line)
        traceFile.write(Data(bytes + [UInt8(ascii: "\n")]))
        condition.broadcast()
    }

    /// Why a recorder of another trace than this pass's (`own`) is refused. From the address the
    /// pass's recorder connected from, with the same pass ID, it is the app reinstalled, which cannot
    /// go on with the pass; from another, another device's app, which the tester closes.
    package static func otherTrace(from: String, header: TraceHeader, own: TraceHeader, recorderPeer: String?) -> Refusal {
        let differs = own.passID != header.passID ? "its pass ID is \(header.passID), this pass's \(own.passID)" : "its digest key differs"
        let newPass = "stop with q, start a new pass with another --trace and --state, and launch the app with the token it prints"
        if from == recorderPeer, own.passID == header.passID {
            return Refusal(
                reason: "a recorder at \(from) streams another trace than this pass's (\(differs)): the app on that device was reinstalled, and a"
                    + " reinstalled app starts a trace of its own. It cannot go on with this pass, whose evidence is in the old trace: \(newPass)",
                relaunchHelps: false)
        }
        let pass = recorderPeer.map { "the pass goes on with the app whose recorder connected from \($0)" } ?? "the pass goes on with the app it began with"
        return Refusal(
            reason: "a recorder at \(from) streams another trace than this pass's (\(differs)): another device's app, or one of another pass, has"
                + " this pass's token. Close that app: \(pass). If the app this pass began with was reinstalled, it cannot go on with it: \(newPass)",
            relaunchHelps: true)
    }

    /// Tells the recorder why (a line it hands to its failure handler) and closes `connection`; says
    /// why to the tester once per reason (a recorder refused again for the same reason, as it knocks
    /// every few seconds, is not told again), and keeps it for the messages about a silence only
    /// when no recorder is connected: a refusal while the pass's recorder is connected is not its.
    private func refuse(_ connection: SocketChannel, _ refusal: Refusal) {
        condition.lock()
        let first = refusalsTold.insert(refusal.reason).inserted
        if channel == nil { latestRefusal = refusal }
        condition.unlock()
        if first { onRefusal(refusal.reason) }
        _ = connection.send(Self.line(["refused": refusal.reason]), before: .now + .seconds(2))
        connection.close(grace: .zero)
    }

    /// One line the harness sends a recorder (`{"checkpoint": "p1.s1"}`, `{"refused": "..."}`), with its newline.
    private static func line(_ object: [String: String]) -> [UInt8] {
        Array((try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()) + [UInt8(ascii: "\n")]
    }

    /// Whether `connection` is no longer the recorder's: another replaced it, or the link stopped.
    private func isSuperseded(_ connection: SocketChannel) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        return stopped || channel !== connection
    }

    /// Keeps each line once: a reconnecting recorder sends its whole trace again. Only this thread
    /// closes `connection`: when it ends, or when woken and no longer the recorder's.
    private func read(_ connection: SocketChannel) {
        while true {
            switch connection.receive(before: .now + .seconds(3600)) {
            case .line(let bytes):
                guard let line = try? JSONDecoder().decode(TraceLine.self, from: Data(bytes)) else { continue }
                condition.lock()
                keep(line, bytes: bytes)
                condition.unlock()
            case .timedOut: continue
            case .interrupted:
                guard isSuperseded(connection) else { continue }
                connection.close(grace: .zero)
                return
            case .ended, .overlong, .unterminated:
                connection.close(grace: .zero)
                return
            }
        }
    }
}
