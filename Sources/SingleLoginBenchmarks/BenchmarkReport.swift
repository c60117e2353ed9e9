import Foundation

/// The figures of one benchmark run, grouped in sections, printable as a table or as JSON.
package struct BenchmarkReport: Sendable, Hashable, Codable {
    /// A titled group of figures, e.g. "stdio round trip".
    package struct Section: Sendable, Hashable, Codable {
        /// The section's title.
        package var title: String
        /// Its figures, in order.
        package var figures: [BenchmarkFigure]
        /// Remarks printed under the section (method, checks that failed).
        package var notes: [String]

        /// Creates a section.
        package init(title: String, figures: [BenchmarkFigure], notes: [String] = []) {
            self.title = title
            self.figures = figures
            self.notes = notes
        }
    }

    /// Facts about the machine and the run (cores, build, iterations).
    package var machine: [String: String]
    /// The sections, in order.
    package var sections: [Section]

    /// Creates a report.
    package init(machine: [String: String] = [:], sections: [Section] = []) {
        self.machine = machine
        self.sections = sections
    }

    /// Every figure that has a target, in order.
    package var targetedFigures: [BenchmarkFigure] { sections.flatMap(\.figures).filter { $0.target != nil } }

    /// Whether every target was met.
    package var allTargetsMet: Bool { targetedFigures.allSatisfy { $0.verdict?.passed ?? true } }

    /// The figure with `key`, if any.
    package func figure(_ key: String) -> BenchmarkFigure? { sections.lazy.flatMap(\.figures).first { $0.key == key } }

    /// A plain-text table: one block per section, columns figure, value, target, verdict.
    package func renderText() -> String {
        var lines: [String] = []
        if !machine.isEmpty {
            lines.append(machine.keys.sorted().map { "\($0): \(machine[$0]!)" }.joined(separator: "  "))
        }
        let rows = sections.flatMap(\.figures)
        let nameWidth = max(6, rows.map(\.title.count).max() ?? 0)
        let valueWidth = max(5, rows.map(\.formattedValue.count).max() ?? 0)
        let targetWidth = max(6, rows.map(\.formattedTarget.count).max() ?? 0)
        func pad(_ text: String, _ width: Int) -> String { text + String(repeating: " ", count: max(0, width - text.count)) }
        func padLeft(_ text: String, _ width: Int) -> String { String(repeating: " ", count: max(0, width - text.count)) + text }
        for section in sections {
            lines.append("")
            lines.append("== \(section.title)")
            for figure in section.figures {
                let row =
                    "  " + pad(figure.title, nameWidth) + "  " + padLeft(figure.formattedValue, valueWidth) + "  " + pad(figure.formattedTarget, targetWidth)
                    + "  " + figure.formattedVerdict
                lines.append(row.trimmingTrailingSpaces())
            }
            for note in section.notes { lines.append("  - " + note) }
        }
        let targeted = targetedFigures
        let missed = targeted.filter { !($0.verdict?.passed ?? true) }
        lines.append("")
        lines.append(
            "Targets: \(targeted.count - missed.count) of \(targeted.count) met"
                + (missed.isEmpty ? "." : "; missed: " + missed.map(\.key).joined(separator: ", ") + "."))
        return lines.joined(separator: "\n")
    }

    /// Pretty-printed JSON with sorted keys; each figure also carries its verdict text.
    package func renderJSON() -> Data {
        struct Encoded: Encodable {
            var machine: [String: String]
            var sections: [EncodedSection]
            var allTargetsMet: Bool
        }
        struct EncodedSection: Encodable {
            var title: String
            var figures: [EncodedFigure]
            var notes: [String]
        }
        struct EncodedFigure: Encodable {
            var key: String, title: String, value: Double, unit: String, formatted: String, note: String
            var target: String?, limit: Double?, verdict: String?
        }
        let encoded = Encoded(
            machine: machine,
            sections: sections.map { section in
                EncodedSection(
                    title: section.title,
                    figures: section.figures.map { figure in
                        EncodedFigure(
                            key: figure.key, title: figure.title, value: figure.value.isFinite ? figure.value : -1, unit: figure.unit.rawValue,
                            formatted: figure.formattedValue, note: figure.note,
                            target: figure.target == nil ? nil : figure.formattedTarget, limit: figure.target?.limit,
                            verdict: figure.target == nil ? nil : figure.formattedVerdict)
                    }, notes: section.notes)
            }, allTargetsMet: allTargetsMet)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(encoded)) ?? Data("{}".utf8)
    }
}

extension String {
    fileprivate func trimmingTrailingSpaces() -> String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}
