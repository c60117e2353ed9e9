import DidYouMean
import Foundation
import SingleLoginEvents
import SingleLoginJSON
import SingleLoginRecorder

/// A device trace read back: its lines in order, each checked (the version, one payload of the
/// kind it names, sequences counting up from 1). A line that breaks a rule is an error naming the
/// file, the line and what to fix.
public struct DeviceTrace: Sendable {
    /// The lines, in order.
    public var lines: [TraceLine]
    /// The file's line the last trace line is on (blank lines are not trace lines).
    public var lastLineNumber: Int

    /// The header (the first line).
    public var header: TraceHeader? { lines.first?.header }

    /// Why a trace cannot be read.
    public struct Problem: Error, CustomStringConvertible, Sendable {
        /// `file:line: error: ...`.
        public var description: String
    }

    /// Reads `text`, naming `file` in errors.
    public init(text: String, file: String) throws(Problem) {
        var lines: [TraceLine] = []
        var lastLineNumber = 0
        let decoder = JSONDecoder()
        let raws = text.split(separator: "\n", omittingEmptySubsequences: false)
        for (offset, raw) in raws.enumerated() where !raw.isEmpty {
            let number = offset + 1
            let line: TraceLine
            do { line = try decoder.decode(TraceLine.self, from: Data(raw.utf8)) } catch {
                throw Problem(description: Self.describe(error, in: Array(raw.utf8), file: file, line: number, isLast: offset == raws.count - 1))
            }
            guard line.version <= TraceLine.currentVersion else {
                throw Problem(
                    description:
                        "\(file):\(number): error: trace version \(line.version) is newer than this harness reads (\(TraceLine.currentVersion)); update sl-conformance"
                )
            }
            guard line.sequence == lines.count + 1 else {
                throw Problem(
                    description:
                        "\(file):\(number): error: sequence \(line.sequence) where \(lines.count + 1) was due: a line is missing, repeated or out of order")
            }
            let payloads = [line.header != nil, line.call != nil, line.lifecycle != nil, line.checkpoint != nil].filter { $0 }.count
            let expected: Bool =
                switch line.kind {
                case .header: line.header != nil
                case .call: line.call != nil
                case .lifecycle: line.lifecycle != nil
                case .checkpoint: line.checkpoint != nil
                case .accountChanged: true
                }
            guard expected, payloads == (line.kind == .accountChanged ? 0 : 1) else {
                throw Problem(
                    description: "\(file):\(number): error: a '\(line.kind.rawValue)' line must carry exactly its own payload ('\(line.kind.rawValue)')")
            }
            guard (line.kind == .header) == lines.isEmpty else {
                throw Problem(description: "\(file):\(number): error: the header must be the first line, and only the first")
            }
            lines.append(line)
            lastLineNumber = number
        }
        guard !lines.isEmpty else {
            throw Problem(
                description: "\(file): error: the trace is empty (no header)\n  fix: give the trace the app's debug build wrote (\(Self.whereRecorded))")
        }
        self.lines = lines
        self.lastLineNumber = lastLineNumber
    }

    /// Wraps lines already in memory (the stand-in's).
    public init(lines: [TraceLine]) {
        self.lines = lines
        lastLineNumber = lines.count
    }

    /// Checks that the trace holds every line `confirmations` (the state file `stateFile`) name:
    /// each step's start and checkpoint. A confirmation past the trace's end means the trace was cut
    /// off or is another pass's, and judging it would skip what it lacks as if a device could not
    /// show it; so it is an error that names the file, where the trace ends and what is needed.
    public func checkHolds(_ confirmations: [DeviceConfirmation], file: String, stateFile: String) throws(Problem) {
        let last = lines.last?.sequence ?? 0
        for confirmation in confirmations {
            let needed = max(confirmation.startSequence, confirmation.checkpointSequence ?? 0)
            guard needed > last else { continue }
            throw Problem(
                description: """
                    \(file): error: the trace ends at line \(lastLineNumber) (sequence \(last)) before the confirmation of procedure \(confirmation.procedure) \
                    step \(confirmation.step) in \(stateFile) needs sequence \(needed): the trace is cut off, or it is not the trace of this pass
                      fix: give the whole trace file, as the app's debug build wrote it (\(Self.whereRecorded)), or the state file of the same pass
                    """)
        }
    }

    /// Every account the trace's calls answered with (an account, a previous account, a list), in order.
    public var accounts: [BrokerCallAccount] {
        lines.compactMap(\.call).flatMap { call in
            [call.result?.account, call.result?.previousAccount].compactMap { $0 } + (call.result?.accounts ?? [])
        }
    }

    /// Every username the trace's calls name (their ``accounts``), lowercased and sorted.
    public var usernames: [String] { Array(Set(accounts.compactMap { $0.username?.lowercased() })).sorted() }

    /// Checks that the test users given are the trace's: when its calls name accounts and neither
    /// user is among them, the pass would be judged for people who never used the device, and every
    /// verdict about a user would blame the app for the input; so it is an error naming both.
    public func checkUsers(_ users: DeviceUsers, file: String) throws(Problem) {
        let named = usernames
        let given = [users.first.username, users.second.username]
        guard !named.isEmpty, !given.contains(where: { named.contains($0.lowercased()) }) else { return }
        throw Problem(
            description: "\(file): error: neither test user given (\(given.joined(separator: ", "))) is in the trace, whose calls name "
                + named.joined(separator: ", ")
                + "\n  fix: give --first-user and --second-user as the pass used them (USERNAME=DISPLAY NAME), or the trace of this pass")
    }

    /// Where a pass's trace is, as docs/device-pass.md says: the fix of an incomplete or missing one.
    public static let whereRecorded =
        "Library/Application Support/SingleLoginRecorder/device-pass.jsonl in the app's container, or the file 'device-pass --listen' wrote"

    /// The closed set of values the field at `codingPath` takes (specs/device-trace-v1.schema.json's
    /// enums), with what one of them is called; nil for a field that takes any value.
    static func closedSet(at codingPath: [any CodingKey]) -> (what: String, values: [String])? {
        let keys = codingPath.filter { $0.intValue == nil }.map(\.stringValue)
        switch (keys.count, keys.last) {
        case (1, "kind"): return ("kind", TraceLine.Kind.allCases.map(\.rawValue))
        case (1, "lifecycle"): return ("lifecycle event", LifecycleEvent.allCases.map(\.rawValue))
        case (_, "area"): return ("area", StoredItem.Area.allCases.map(\.rawValue))
        case (_, "source"): return ("source", StoredItem.Source.allCases.map(\.rawValue))
        case (_, "kind") where keys.contains("screen"): return ("kind", ScreenElement.Kind.allCases.map(\.rawValue))
        default: return nil
        }
    }

    /// `file:line:column: error: not a trace line: ... (at $.path)` and the fix, for the line
    /// numbered `line` whose `bytes` the decoder refused with `error`.
    private static func describe(_ error: any Error, in bytes: [UInt8], file: String, line: Int, isLast: Bool) -> String {
        let problem = JSONDecodingProblem(error, in: bytes)
        let place = "\(file):\(line)" + (problem.position.map { ":\($0.column)" } ?? "")
        // The recorder ends every line with '}' and a newline: a last line without them that is not
        // JSON was cut off while the trace was written or copied, and the fix is the whole file.
        if isLast, problem.isSyntaxError, bytes.last != UInt8(ascii: "}") {
            return "\(place): error: the trace's last line is cut off (\(problem.message))\n"
                + "  fix: give the whole trace file, as the app's debug build wrote it (\(whereRecorded))"
        }
        var message = problem.message
        var fix = problem.fix.map { "\($0); each line is one JSON object of specs/device-trace-v1.schema.json" }
        let codingPath: [any CodingKey] =
            switch error as? DecodingError {
            case .dataCorrupted(let context)?, .typeMismatch(_, let context)?, .valueNotFound(_, let context)?: context.codingPath
            default: []
            }
        if let found = problem.foundString, let set = closedSet(at: codingPath), !set.values.contains(found) {
            let suggestion = Suggestion.closest(to: found, among: set.values)
            message =
                "unknown \(set.what) '\(found)'; the \(set.what)s are \(set.values.joined(separator: ", "))"
                + (suggestion.map { "; did you mean '\($0)'?" } ?? "")
            fix =
                (suggestion.map { "write '\($0)'; " } ?? "")
                + "a trace is read as the app's debug build wrote it: give that file unedited, or update sl-conformance when the app links a newer SingleLoginRecorder"
        }
        return "\(place): error: not a trace line: \(message) (at \(problem.path))\n  fix: "
            + (fix ?? "give the trace as the app's debug build wrote it (\(whereRecorded)); each line is one JSON object of specs/device-trace-v1.schema.json")
    }
}
