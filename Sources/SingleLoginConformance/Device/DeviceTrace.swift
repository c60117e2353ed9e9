import Foundation
import SingleLoginJSON
import SingleLoginRecorder

/// A device trace read back: its lines in order, each checked (the version, one payload of the
/// kind it names, sequences counting up from 1). A line that breaks a rule is an error naming the
/// file, the line and what to fix.
public struct DeviceTrace: Sendable {
    /// The lines, in order.
    public var lines: [TraceLine]

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
        let decoder = JSONDecoder()
        for (offset, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() where !raw.isEmpty {
            let number = offset + 1
            let line: TraceLine
            do { line = try decoder.decode(TraceLine.self, from: Data(raw.utf8)) } catch {
                throw Problem(
                    description:
                        "\(file):\(number): error: not a trace line (\(Self.reason(error))); each line is one JSON object of specs/device-trace-v1.schema.json")
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
        }
        guard !lines.isEmpty else { throw Problem(description: "\(file): error: the trace is empty (no header)") }
        self.lines = lines
    }

    /// Wraps lines already in memory (the stand-in's).
    public init(lines: [TraceLine]) {
        self.lines = lines
    }

    private static func reason(_ error: any Error) -> String {
        switch error {
        case DecodingError.keyNotFound(let key, _): "missing key '\(key.stringValue)'"
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
            "at \(JSONPath.of(context.codingPath)): \(context.debugDescription)"
        // An area or element kind this harness does not know (`unknown area 'x'; the areas are ...`) says where it stands.
        case DecodingError.dataCorrupted(let context) where !context.codingPath.isEmpty: "at \(JSONPath.of(context.codingPath)): \(context.debugDescription)"
        case DecodingError.dataCorrupted(let context): context.debugDescription
        default: "\(error)"
        }
    }
}
