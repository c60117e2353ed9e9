import Foundation
import SingleLoginAdapter
import SingleLoginEvents

/// The full evidence of a failed or errored test case, as text for people (JUnit bodies, summaries).
enum Evidence {
    /// Requirement, scenario, the numbered steps performed (the step where an issue was found
    /// marked), each issue with its step, expected and observed, the broker transcript with step
    /// markers (when the subject has one) and (when `includeLog`) the tail of the tested process's output,
    /// labelled as `subject` names it; capped at `maxBytes` UTF-8 bytes.
    static func body(of result: TestCaseResult, steps: [Int: String], includeLog: Bool, maxBytes: Int, subject: RunSubject) -> String {
        var text = "\(result.requirement.id) (\(result.requirement.level.rawValue)): \(result.requirement.title)\n"
        text += "Scenario: \(result.id.scenarioName)\n"
        let outline = ScenarioSteps(descriptions: steps)
        text += outline.numberedBlock(marking: result.issues, heading: "Steps:\n") { "  \($0)" }
        for (number, issue) in result.issues.enumerated() {
            text += "\n\(issue.severity == .failure ? "Failure" : "Error") \(number + 1) of \(result.issues.count): \(issue.message) [\(issue.type)]\n"
            if issue.severity == .failure || issue.stepIndex != nil {
                text += "  Step: \(issue.stepIndex.map { stepLabel($0, steps: steps) } ?? issue.placeWithoutStep)\n"
            }
            if let location = issue.location {
                text += "  Spec: \(location)\n"
            }
            if !issue.expected.isEmpty {
                text += "  Expected: \(indented(issue.expected))\n"
            }
            if !issue.observed.isEmpty {
                text += "  Observed: \(indented(issue.observed))\n"
            }
        }
        if result.transcript.isEmpty {
            if subject.hasBrokerTranscript { text += "\nBroker transcript: no calls\n" }
        } else {
            text += "\nBroker transcript (\(result.transcript.count) call\(result.transcript.count == 1 ? "" : "s")):\n"
            for line in outline.transcript(result.transcript) {
                text += String(repeating: "  ", count: line.depth + 1) + line.text + "\n"
            }
        }
        guard includeLog, !result.adapterLog.isEmpty else {
            return cap(text, maxBytes: maxBytes)
        }
        let header = "\n\(subject.outputName.prefix(1).uppercased() + subject.outputName.dropFirst()) (tail):\n"
        let budget = maxBytes - text.utf8.count - header.utf8.count
        guard budget > 256 else {
            return cap(text, maxBytes: maxBytes)
        }
        return text + header + tail(result.adapterLog, maxBytes: budget)
    }

    /// `3 (globalSignOut alice)` (1-based).
    static func stepLabel(_ index: Int, steps: [Int: String]) -> String {
        if let description = steps[index] { return "\(index + 1) (\(description))" }
        return "\(index + 1)"
    }

    /// Continuation lines indented to line up under a `  Expected: ` label.
    static func indented(_ text: String) -> String {
        text.contains("\n") ? text.replacingOccurrences(of: "\n", with: "\n            ") : text
    }

    /// The first `maxBytes` bytes of `text` (on a character boundary), with a note of what was cut.
    static func cap(_ text: String, maxBytes: Int) -> String {
        let count = text.utf8.count
        guard count > maxBytes else { return text }
        var end = text.utf8.index(text.utf8.startIndex, offsetBy: max(0, maxBytes - 64))
        while end > text.utf8.startIndex, text.utf8[end] & 0xC0 == 0x80 {
            end = text.utf8.index(before: end)
        }
        let kept = String(text.utf8[..<end]) ?? ""
        return kept + "\n[truncated \(count - kept.utf8.count) bytes]\n"
    }

    /// The last `maxBytes` bytes of `text` (from a character boundary), after a note of what was cut.
    static func tail(_ text: String, maxBytes: Int) -> String {
        let count = text.utf8.count
        guard count > maxBytes else { return text }
        let note = "[truncated \(count) bytes]\n".utf8.count + 8
        var start = text.utf8.index(text.utf8.endIndex, offsetBy: -max(0, maxBytes - note))
        while start < text.utf8.endIndex, text.utf8[start] & 0xC0 == 0x80 {
            start = text.utf8.index(after: start)
        }
        // Start at a line when one begins soon after the cut.
        if let newline = text.utf8[start...].prefix(1024).firstIndex(of: 0x0A) {
            start = text.utf8.index(after: newline)
        }
        let kept = String(text.utf8[start...]) ?? ""
        return "[truncated \(count - kept.utf8.count) bytes]\n" + kept
    }
}
