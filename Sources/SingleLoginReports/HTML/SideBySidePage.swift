import Foundation
import SingleLoginEvents

/// `compare --html`: one self-contained page with a simulated run's bundle and a device pass's
/// bundle of one app side by side, one row per requirement, in the conformance report's style.
/// Both bundles are verified before the page is made: the page shows re-judged verdicts only.
public struct SideBySidePage: Sendable {
    /// One bundle as the header names it.
    public struct Bundle: Sendable {
        /// The file's name as given.
        public var path: String
        /// The file's SHA-256, hex.
        public var sha256: String
        /// When it was made: a run's start and end, or a pass's first and last confirmation.
        public var time: String
        /// The app as the bundle names it: bundle id and version.
        public var bundleID: String
        /// The app's version.
        public var appVersion: String

        /// Describes one bundle.
        public init(path: String, sha256: String, time: String, bundleID: String, appVersion: String) {
            self.path = path
            self.sha256 = sha256
            self.time = time
            self.bundleID = bundleID
            self.appVersion = appVersion
        }
    }

    /// One requirement's row.
    public struct Row: Sendable {
        /// The requirement: ID, level and title.
        public var requirement: RequirementSummary
        /// The simulated run's verdict.
        public var simulated: Verdict
        /// The device pass's verdict.
        public var device: Verdict
        /// How the two compare.
        public var comparison: DevicePassComparison

        /// Creates a row.
        public init(requirement: RequirementSummary, simulated: Verdict, device: Verdict, comparison: DevicePassComparison) {
            self.requirement = requirement
            self.simulated = simulated
            self.device = device
            self.comparison = comparison
        }
    }

    /// The simulated run's bundle.
    public var simulated: Bundle
    /// The device pass's bundle.
    public var device: Bundle
    /// The device: model, system and MSAL, as the pass's trace names them.
    public var deviceDescription: String
    /// The testers who confirmed the pass's steps.
    public var testers: [String]
    /// Whether the pass ran on the stand-in (the reference app over the simulated broker), not a device.
    public var standIn: Bool
    /// The rows, in catalogue order.
    public var rows: [Row]

    /// Creates the page's content.
    public init(simulated: Bundle, device: Bundle, deviceDescription: String, testers: [String], standIn: Bool, rows: [Row]) {
        self.simulated = simulated
        self.device = device
        self.deviceDescription = deviceDescription
        self.testers = testers
        self.standIn = standIn
        self.rows = rows
    }

    /// Whether both bundles name one app (bundle id and version).
    public var sameApp: Bool { simulated.bundleID == device.bundleID && simulated.appVersion == device.appVersion }

    /// The page.
    public func render() -> String {
        var out = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        out += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
        out += "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'\">\n<title>"
        HTMLText.escape("Simulated and device pass side by side – \(device.bundleID) \(device.appVersion)", into: &out)
        out += "</title>\n<style>\n\(HTMLReport.styleSheet)</style>\n</head>\n<body>\n<header>\n"
        out += "<h1>Single Login <span class=\"kind\">simulated run and device pass, side by side</span></h1>\n"
        let disagreements = rows.filter { $0.comparison == .disagree }.count
        let css = disagreements == 0 && sameApp ? "passed" : "failed"
        out += "<p class=\"verdict verdict-\(css)\"><strong>\(disagreements == 0 ? "AGREE" : "DISAGREE")</strong> <span>"
        out += "\(rows.filter { $0.comparison == .agree }.count) requirements agree, \(disagreements) disagree, "
        out += "\(rows.filter { $0.comparison == .notJudgedOnDevice }.count) not judged on a device</span></p>\n"
        if !sameApp {
            out += "<p class=\"notice\" role=\"alert\"><strong>Two different apps:</strong> the simulated run tested "
            HTMLText.escape("\(simulated.bundleID) \(simulated.appVersion)", into: &out)
            out += ", the device pass "
            HTMLText.escape("\(device.bundleID) \(device.appVersion)", into: &out)
            out += ". Their verdicts are not of one app.</p>\n"
        }
        if standIn {
            out += "<p class=\"notice\" role=\"note\"><strong>Stand-in:</strong> the device pass ran on the bundled reference app "
            out += "over the simulated broker with a scripted tester, not on a device.</p>\n"
        }
        out += "<dl class=\"facts\">\n"
        fact(
            "App",
            sameApp
                ? "\(device.bundleID) \(device.appVersion)"
                : "simulated: \(simulated.bundleID) \(simulated.appVersion); device pass: \(device.bundleID) \(device.appVersion)", into: &out)
        fact("Simulated run", "\(simulated.path), SHA-256 \(simulated.sha256), \(simulated.time)", into: &out)
        fact("Device pass", "\(device.path), SHA-256 \(device.sha256), \(device.time)", into: &out)
        fact("Device", deviceDescription, into: &out)
        fact("Tester", testers.isEmpty ? "(no confirmations)" : testers.joined(separator: ", "), into: &out)
        fact(
            "Broker",
            standIn
                ? "simulated in both: the device pass is the stand-in"
                : "simulated in the run; real in the device pass (the Enterprise SSO plug-in, Jamf Setup and Jamf Reset, MSAL on the device)",
            into: &out)
        out += "</dl>\n</header>\n<main>\n<h2 id=\"requirements-heading\">Requirements</h2>\n<table>\n"
        out += "<thead><tr><th scope=\"col\">ID</th><th scope=\"col\">Level</th><th scope=\"col\">Requirement</th>"
        out += "<th scope=\"col\">Simulated</th><th scope=\"col\">Device pass</th><th scope=\"col\">Agree</th></tr></thead>\n<tbody>\n"
        for row in rows {
            out += "<tr><th scope=\"row\"><code>"
            HTMLText.escape(row.requirement.id, into: &out)
            out += "</code></th><td>\(row.requirement.level.rawValue)</td><td>"
            HTMLText.escape(row.requirement.title, into: &out)
            out += "</td><td>"
            verdict(row.simulated, into: &out)
            out += "</td><td>"
            verdict(row.device, into: &out)
            out += "</td><td>"
            switch row.comparison {
            case .agree: out += "yes"
            case .disagree: out += "NO: they disagree"
            case .notJudgedOnDevice: out += "not judged on a device"
            }
            out += "</td></tr>\n"
        }
        out += "</tbody>\n</table>\n</main>\n"
        out += "<footer><p>Written by sl-conformance compare from the two bundles, each verified and re-judged first.</p></footer>\n"
        out += "</body>\n</html>\n"
        return out
    }

    private func fact(_ name: String, _ value: String, into out: inout String) {
        out += "<dt>"
        HTMLText.escape(name, into: &out)
        out += "</dt><dd>"
        HTMLText.escape(value, into: &out)
        out += "</dd>\n"
    }

    private func verdict(_ verdict: Verdict, into out: inout String) {
        let status = HTMLReport.Status(verdict)
        out += "<span class=\"status status-\(status.rawValue)\">\(status.label)</span>"
        if let reason = verdict.reason {
            out += "<br><small>"
            HTMLText.escape(reason, into: &out)
            out += "</small>"
        }
    }
}
