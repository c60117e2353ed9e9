import Foundation
import SingleLoginEvents

/// The reports of a command that ended before its run started because an input was invalid (exit
/// 65) or could not be read (66). They replace whatever an earlier run left at the same paths, so that a CI job that publishes `junit.xml` whatever the exit status never shows the
/// last run's green result for a run that did not happen: JUnit holds one errored test case, and
/// `summary.md` and `report.html` say the same, with the exit status.
public enum RunNotStarted {
    /// The test case's type in JUnit.
    public static let type = "run.notStarted"

    /// The line every report carries: `sl-conformance run did not start: exit status 65 (invalid spec); ...`.
    public static func message(command: String, status: ExitStatus) -> String {
        "sl-conformance \(command) did not start: exit status \(status.rawValue) (\(ConsoleRecorder.meaning(of: status))); "
            + "its standard error says why and how to fix it"
    }

    /// Writes the three reports; throws on the first that cannot be written.
    public static func write(command: String, status: ExitStatus, junit: URL, markdown: URL, html: URL) throws {
        let message = message(command: command, status: status)
        do {
            let testCase = JUnitReport.Case(
                classname: "sl-conformance.\(command)", name: "the run", time: 0, result: .error(message: message, type: type, body: message))
            let suite = JUnitReport.Suite(
                name: "sl-conformance.\(command)", timestamp: UTCDate.junitTimestamp(Date()), hostname: RunContext.localHostName, time: 0,
                properties: [JUnitReport.Property("run.status", String(status.rawValue))], cases: [testCase])
            try AtomicFileWriter.write(JUnitReport(suites: [suite]).render(), to: junit)
        }
        do {
            let text = "# sl-conformance \(command): ERROR\n\n\(message).\n\n| | |\n|---|---|\n| Exit status | \(status.rawValue) |\n"
            try AtomicFileWriter.write(Data(text.utf8), to: markdown)
        }
        do {
            let escaped = HTMLText.escape(message)
            let page = """
                <!DOCTYPE html>
                <html lang="en">
                <head>
                <meta charset="utf-8">
                <meta http-equiv="Content-Security-Policy" content="default-src 'none'">
                <title>sl-conformance \(command): ERROR</title>
                </head>
                <body>
                <h1>sl-conformance \(command): ERROR</h1>
                <p>\(escaped).</p>
                <p>Exit status \(status.rawValue).</p>
                </body>
                </html>

                """
            try AtomicFileWriter.write(Data(page.utf8), to: html)
        }
    }
}
