import Foundation
import SingleLoginEvents

/// A recorder whose report states the run's exit status, and can state it again once the command
/// knows it: another report could not be written (exit 2), or `--fail-on regressions` exits
/// otherwise than the requirements say. `summary.md` and `report.html` are such reports; a command
/// restates every one of them, so that none disagrees with the process's exit status.
public protocol StatusRestatingRecorder: EventRecorder {
    /// Where the report was written.
    var url: URL { get }

    /// Writes the report's statement of the exit status again: 2 with the reports at `unwritten`
    /// named, when any; else `status` with why, `reason`. Throws when the file cannot be written.
    func rewrite(unwritten: [String], status: ExitStatus?, reason: String?) throws
}
