/// `explore`'s reports: `explore-junit.xml`, `explore.md`, `explore.html` and `explore-events.jsonl`.
public enum ExploreReportFiles: ReportFiles {
    public static let junit = "explore-junit.xml"
    public static let markdown = "explore.md"
    public static let html = "explore.html"
    public static let verboseHelp = "Print every rule with the counterexample's broker transcript, and the histories set aside."
    /// The JSON Lines event stream, written beside the others unless `--events` names a file.
    public static let events = "explore-events.jsonl"
}
