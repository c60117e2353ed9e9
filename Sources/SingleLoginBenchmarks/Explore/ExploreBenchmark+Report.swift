import Foundation

extension ExploreBenchmark.Report {
    /// The report as a table for people, with PASS or MISS against each target.
    package func renderText() -> String {
        var lines: [String] = []
        if !machine.isEmpty { lines.append(machine.keys.sorted().map { "\($0): \(machine[$0]!)" }.joined(separator: "  ")) }
        lines.append("")
        lines.append("== histories per second")
        for figure in throughput {
            let target = figure.target.map { " (target >= \(Int($0))/s) " + (figure.perSecond >= $0 ? "PASS" : "MISS") } ?? ""
            lines.append(
                "  \(figure.name.padding(toLength: 38, withPad: " ", startingAt: 0)) \(String(format: "%7.0f/s", figure.perSecond)) over \(figure.runs) histories\(target)"
            )
        }
        lines.append("")
        lines.append(
            "== flaws: runs and seconds to the first violation, shrunk steps vs the catalogue's scenario (targets: <= 2000 runs, <= catalogue + 1 steps)")
        lines.append("  " + "flaw".padding(toLength: 34, withPad: " ", startingAt: 0) + "runs      seconds        shrunk  catalogue  rule")
        for flaw in flaws {
            let runs = Self.range(flaw.runs.map { $0.map(Double.init) }, format: "%.0f")
            let seconds = Self.range(flaw.seconds.map(Optional.some), format: "%.2f")
            let shrunk = Self.range(flaw.shrunkSteps.map { $0.map(Double.init) }, format: "%.0f")
            let rules = Array(Set(flaw.rules)).sorted().joined(separator: ",")
            lines.append(
                "  " + flaw.name.padding(toLength: 34, withPad: " ", startingAt: 0) + runs.padding(toLength: 10, withPad: " ", startingAt: 0)
                    + seconds.padding(toLength: 15, withPad: " ", startingAt: 0) + shrunk.padding(toLength: 8, withPad: " ", startingAt: 0)
                    + (flaw.catalogueSteps.map(String.init) ?? "-").padding(toLength: 11, withPad: " ", startingAt: 0) + rules + "  "
                    + (flaw.meetsTargets ? "PASS" : "MISS"))
        }
        lines.append("")
        lines.append("== false positives (target: 0 violations)")
        for run in falsePositives {
            lines.append(
                "  \(run.name.padding(toLength: 30, withPad: " ", startingAt: 0)) \(run.violations) violations, \(run.setAside) set aside, in \(run.runs) histories (\(String(format: "%.1f", run.seconds)) s)  "
                    + (run.violations == 0 && run.setAside == 0 ? "PASS" : "MISS"))
        }
        let met =
            throughput.allSatisfy { figure in figure.target.map { figure.perSecond >= $0 } ?? true } && flaws.allSatisfy(\.meetsTargets)
            && falsePositives.allSatisfy { $0.violations == 0 && $0.setAside == 0 }
        lines.append("")
        lines.append(met ? "Targets: all met." : "Targets: some missed (see MISS above).")
        return lines.joined(separator: "\n")
    }

    /// The report as pretty-printed JSON with sorted keys.
    package func renderJSON() -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return (try? encoder.encode(self)) ?? Data()
    }

    /// `12` or `3–40` (missing values shown as `-`).
    static func range(_ values: [Double?], format: String) -> String {
        let present = values.compactMap { $0 }
        guard let low = present.min(), let high = present.max() else { return "-" }
        let text = low == high ? String(format: format, low) : String(format: format, low) + "–" + String(format: format, high)
        return present.count == values.count ? text : text + " (\(values.count - present.count) missed)"
    }
}
