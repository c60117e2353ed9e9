import Foundation
import SingleLoginEvents

/// The test cases of a run that ran more than once (`run --retry`, `run --rerun`), with their
/// attempts: what the console and `summary.md` list after the results, so that a flaky case
/// reads as flaky, neither as broken nor as passed.
public struct RetriedCases: Sendable {
    /// One retried case.
    public struct Entry: Sendable, Hashable {
        /// The test case.
        public var id: TestCaseID
        /// `FLAKY` (the last attempt passed) or the outcome's word (`FAIL`, `ERROR`).
        public var label: String
        /// Its history, e.g. `failed on attempt 1, passed on attempt 2 of 2`.
        public var attempts: String
        /// How the gate counted it, e.g. `counted as failed: --accept-flaky accepts it`.
        public var note: String
    }

    /// The retried cases, in report order.
    public private(set) var entries: [Entry] = []

    /// Creates an empty list.
    public init() {}

    /// Adds `result` when it ran more than once.
    public mutating func add(_ result: TestCaseResult) {
        guard !result.earlierAttempts.isEmpty else { return }
        let label: String
        let note: String
        if result.isFlaky {
            label = "FLAKY"
            if result.outcome != .passed { flakyFailures += 1 }
            note = result.outcome == .passed ? "accepted (--accept-flaky)" : "counted as failed (--accept-flaky accepts flaky test cases)"
        } else {
            switch result.outcome {
            case .passed: (label, note) = ("PASS", "")
            case .errored: (label, note) = ("ERROR", "failed every attempt")
            case .notJudged(let blocker): (label, note) = ("BLOCKED", "not judged on the last attempt: \(blocker)")
            default: (label, note) = ("FAIL", "failed every attempt")
            }
        }
        entries.append(Entry(id: result.id, label: label, attempts: result.attemptsLine, note: note))
    }

    /// How many of the cases are flaky.
    public var flakyCount: Int { entries.filter { $0.label == "FLAKY" }.count }

    /// How many flaky cases count as failed (without `--accept-flaky`).
    public private(set) var flakyFailures = 0

    /// The console's block: a heading and one line per case; empty when nothing was retried.
    public var consoleText: String {
        guard !entries.isEmpty else { return "" }
        var text = "\nRetried test cases (\(flakyCount) flaky):\n"
        for entry in entries {
            text += "  \(entry.label)  \(entry.id): \(entry.attempts)" + (entry.note.isEmpty ? "" : " — \(entry.note)") + "\n"
        }
        return text
    }

    /// `summary.md`'s section; empty when nothing was retried.
    public var markdown: String {
        guard !entries.isEmpty else { return "" }
        var text =
            "\n## Retried test cases\n\n\(flakyCount) flaky of \(entries.count) retried.\n\n| Test case | Result | Attempts | Gate |\n|---|---|---|---|\n"
        for entry in entries {
            text +=
                "| \(Self.cell(entry.id.description)) | \(entry.label == "FLAKY" ? "🔁 flaky" : entry.label) | \(Self.cell(entry.attempts)) | \(Self.cell(entry.note)) |\n"
        }
        return text
    }

    private static func cell(_ text: String) -> String {
        PlainText.clean(text).replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\n", with: " ")
    }
}
