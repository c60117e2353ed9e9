/// `explore`'s reports: `explore-junit.xml`, `explore.md`, `explore.html` and `explore-events.jsonl`.
package enum ExploreReportFiles: ReportFiles {
    package static let junit = "explore-junit.xml"
    package static let markdown = "explore.md"
    package static let html = "explore.html"
    package static let verboseHelp = "Print every rule with the counterexample's broker transcript, and the histories set aside."
    /// The JSON Lines event stream, written beside the others unless `--events` names a file.
    package static let events = "explore-events.jsonl"
}
