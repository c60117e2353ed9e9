import CommandLineKit
import SingleLoginEvents

/// `--level must|should`, defined once for the commands that gate on it: the reporting commands
/// (``ReportOptions``) and `generate-tests`, whose tests gate the same way.
package enum LevelOption {
    /// `--level must|should`: which failures fail the run (or the test); `MUST` and `SHOULD`, as
    /// specs and reports write them, are accepted too.
    package static var level: Option<Gate> {
        Option(
            "--level", value: "level", default: "should", help: "Gate on MUST only (SHOULD failures warn), or on both; either case.",
            parser: .caseInsensitiveChoice(["must": .mustOnly, "should": .mustAndShould]))
    }
}
