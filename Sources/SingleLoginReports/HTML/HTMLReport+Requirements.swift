import SingleLoginEvents
import SingleLoginSpec

extension HTMLReport {
    /// The requirements table and its filters (the filters stay hidden until the script runs, so a
    /// page without script shows every row and no control that would do nothing).
    ///
    /// The report of a run that did not pass (`failing`) opens on what went wrong: the requirements
    /// that did not pass come first (also without script), and the script shows only them until the
    /// reader chooses otherwise ("Show all", a checkbox, or a filter in the address).
    func requirementsTable(failing: Bool, into out: inout String) {
        // Indices, not copies, of each requirement's test cases: a run can have 100,000.
        var cases: [String: [Int]] = [:]
        for (index, result) in results.enumerated() { cases[result.id.requirementID, default: []].append(index) }
        var present = Set(statuses)  // every status a test case has, for the filters
        var first = ""  // the rows a failing report opens on
        var rows = ""
        rows.reserveCapacity(requirements.count * 300)
        var notPassed = 0
        for requirement in requirements {
            let own = cases[requirement.requirement.id] ?? []
            let status = Status(requirement.verdict)
            present.insert(status)
            // `2 of 3 passed`, and what of the rest was never played: `1 untested`, `5 do not apply`.
            var tally = "\(own.filter { results[$0].outcome == .passed }.count) of \(own.count) passed"
            for unplayed in [Status.untested, .skipped, .notRun, .doesNotApply] {
                let count = own.filter { statuses[$0] == unplayed }.count
                if count > 0 { tally += ", \(count) \(unplayed.countWord)" }
            }
            if failing && status.didNotPass {
                notPassed += 1
                row(requirement, status: status, tally: tally, into: &first)
            } else {
                row(requirement, status: status, tally: tally, into: &rows)
            }
        }
        let opening = Status.allCases.filter { failing && $0.didNotPass && present.contains($0) }
        out += "<section aria-labelledby=\"requirements-heading\">\n<h2 id=\"requirements-heading\">Requirements</h2>\n"
        out += "<form id=\"filters\" class=\"filters\" hidden"
        if !opening.isEmpty { out += " data-opening-status=\"\(opening.map(\.rawValue).joined(separator: ","))\"" }
        out += ">\n<fieldset><legend>Status</legend>\n"
        for status in Status.allCases where present.contains(status) {
            out += "<label><input type=\"checkbox\" name=\"status\" value=\"\(status.rawValue)\" checked> \(HTMLText.escape(status.filterName))</label>\n"
        }
        out += "</fieldset>\n<fieldset><legend>Level</legend>\n"
        for level in [Requirement.Level.must, .should] {
            out += "<label><input type=\"checkbox\" name=\"level\" value=\"\(level.rawValue)\" checked> \(level.rawValue)</label>\n"
        }
        out += "</fieldset>\n<button type=\"button\" id=\"show-all\">Show all</button>\n</form>\n"
        out += "<p id=\"shown\" class=\"shown\" aria-live=\"polite\">\(requirements.count) requirement\(requirements.count == 1 ? "" : "s")"
        if notPassed > 0 { out += ", the \(notPassed) that did not pass first" }
        out += "</p>\n<table id=\"requirements\" class=\"requirements\">\n<caption>Every requirement of the spec"
        out += notPassed > 0 ? ", those that did not pass first, then the others in plan order," : " in plan order,"
        out += " with its verdict (the worst of its test cases')</caption>\n"
        out +=
            "<colgroup><col class=\"col-status\"><col class=\"col-id\"><col class=\"col-level\"><col><col class=\"col-cases\"><col class=\"col-references\"></colgroup>\n"
        out +=
            "<thead><tr><th scope=\"col\">Status</th><th scope=\"col\">ID</th><th scope=\"col\">Level</th><th scope=\"col\">Requirement</th><th scope=\"col\">Test cases</th><th scope=\"col\">Microsoft reference</th></tr></thead>\n<tbody>\n"
        out += first
        out += rows
        out += "</tbody>\n</table>\n</section>\n"
    }

    /// One requirement's row, with its test cases' `tally`.
    func row(_ requirement: RequirementResult, status: Status, tally: String, into out: inout String) {
        let summary = requirement.requirement
        out +=
            "<tr data-status=\"\(status.rawValue)\" data-level=\"\(summary.level.rawValue)\"><td><span class=\"status status-\(status.rawValue)\">\(status.label)</span>"
        if let reason = requirement.verdict.reason {
            out += "<br><span class=\"detail\">"
            HTMLText.escape(reason, into: &out)
            out += "</span>"
        }
        out += "</td><th scope=\"row\"><code>"
        HTMLText.escape(summary.id, into: &out)
        out += "</code></th><td>\(summary.level.rawValue)</td><td>"
        HTMLText.escape(summary.title, into: &out)
        out += "</td><td>"
        out += tally
        out += "</td><td>"
        if summary.references.isEmpty { out += "–" }
        for (index, reference) in summary.references.enumerated() {
            if index > 0 { out += "<br>" }
            // Only web links become links: a custom spec's `javascript:` address stays text.
            guard reference.url.hasPrefix("https://") || reference.url.hasPrefix("http://") else {
                HTMLText.escape("\(reference.title) (\(reference.url))", into: &out)
                continue
            }
            out += "<a href=\""
            HTMLText.escape(reference.url, into: &out)
            out += "\" rel=\"noreferrer\">"
            HTMLText.escape(reference.title, into: &out)
            out += "</a>"
        }
        out += "</td></tr>\n"
    }
}
