import Foundation

/// A JUnit XML report as data: what ``JUnitXMLRecorder`` renders and ``JUnitMerger`` parses and joins.
///
/// Counts are never stored: they are computed from the cases when rendering, so they cannot
/// disagree with what the file holds.
public struct JUnitReport: Hashable, Sendable {
    /// The `name` of the `<testsuites>` root.
    public var name = "sl-conformance"
    /// One suite per requirement, in plan order (one empty suite for a run with no test cases).
    public var suites: [Suite]

    /// The value of the run's property `name` (`spec.version`): the first suite's that has it.
    public func runProperty(_ name: String) -> String? { suites.lazy.compactMap { $0.property(name) }.first }

    /// One `<testsuite>`: the test cases of one requirement, with the requirement's and the run's
    /// properties (`<testcase>` may not hold `<properties>` in the Jenkins xunit, Ant and Surefire
    /// schemas; a suite may, in all three).
    public struct Suite: Hashable, Sendable {
        /// The suite's name: `<spec-id>.<REQUIREMENT-ID>`, the classname of its cases.
        public var name: String
        /// The suite's `package`: the spec id.
        public var package: String
        /// When it started, as `YYYY-MM-DDTHH:MM:SS` UTC.
        public var timestamp: String
        /// Where it ran.
        public var hostname: String
        /// Its wall time in seconds.
        public var time: Double
        /// Its `<properties>`, in order.
        public var properties: [Property]
        /// Its test cases, in order.
        public var cases: [Case]

        /// Creates a suite; `package` is the spec id (the name's part before the last dot by default).
        public init(name: String, package: String? = nil, timestamp: String, hostname: String, time: Double, properties: [Property], cases: [Case]) {
            self.name = name
            self.package = package ?? (name.lastIndex(of: ".").map { String(name[..<$0]) } ?? name)
            self.timestamp = timestamp
            self.hostname = hostname
            self.time = time
            self.properties = properties
            self.cases = cases
        }

        /// The value of the property `name`, if present.
        public func property(_ name: String) -> String? {
            properties.first { $0.name == name }?.value
        }

        /// The suite's `<system-err>`: empty, or the evidence of its warned cases under ``warningHeadline``,
        /// each after a `== scenario: NAME ==` line (so that a merge can give each case its own back).
        public var systemErr: String {
            var text = ""
            for testCase in cases {
                guard case let .warning(body) = testCase.result else { continue }
                if text.isEmpty { text = JUnitReport.warningHeadline + "\n" }
                text += JUnitReport.warningBlock(name: testCase.name, body: body)
            }
            return text
        }
    }

    /// The first line of a suite's `<system-err>` when a SHOULD requirement failed under `--level must`.
    public static let warningHeadline = "warning: SHOULD requirement not met; not gating (the run gates on MUST only)"

    /// `== scenario: NAME ==`: the line before each warned case's evidence in `<system-err>`.
    static func scenarioMarker(_ name: String) -> String { "== scenario: \(name) ==" }

    /// One warned case's part of `<system-err>`: an empty line, its `== scenario: NAME ==` line and
    /// its evidence, ending with a newline.
    static func warningBlock(name: String, body: String) -> String {
        "\n" + scenarioMarker(name) + "\n" + body + (body.hasSuffix("\n") ? "" : "\n")
    }

    /// One `<property name value/>`.
    public struct Property: Hashable, Sendable {
        /// Its name.
        public var name: String
        /// Its value.
        public var value: String

        /// Creates a property.
        public init(_ name: String, _ value: String) {
            self.name = name
            self.value = value
        }
    }

    /// One `<testcase>`.
    public struct Case: Hashable, Sendable {
        /// `<spec-id>.<REQUIREMENT-ID>`.
        public var classname: String
        /// The scenario's name.
        public var name: String
        /// Its wall time in seconds.
        public var time: Double
        /// How it ended.
        public var result: Result
        /// Its earlier attempts that failed or errored, oldest first (`run --retry`, `run --rerun`).
        public var attempts: [Attempt] = []
        /// Whether its last attempt passed after earlier ones failed (whether or not the gate accepted it).
        public var flaky = false
    }

    /// An earlier attempt of a case that ran more than once, in Surefire's form: inside a case whose
    /// last attempt passed, `<flakyFailure>` or `<flakyError>`; inside one that failed every time,
    /// `<rerunFailure>` or `<rerunError>`. Jenkins' junit-10.xsd allows them after the case's own
    /// result; readers that do not know them (GitLab, junitparser) go by that result alone.
    public struct Attempt: Hashable, Sendable {
        /// Whether the attempt errored (the adapter or harness broke) rather than failed.
        public var errored: Bool
        /// Its first issue's message, prefixed `attempt N of M: `.
        public var message: String
        /// Its first issue's type.
        public var type: String
        /// Its evidence.
        public var body: String

        /// The element's name inside a case that is `flaky` or not.
        public func elementName(flaky: Bool) -> String {
            (flaky ? "flaky" : "rerun") + (errored ? "Error" : "Failure")
        }
    }

    /// What a `<testcase>` holds.
    public enum Result: Hashable, Sendable {
        /// Nothing: it passed.
        case passed
        /// A SHOULD failure under `--level must`: the run's gate passes it, so the case is written as
        /// passing (every CI reader then agrees with the exit status), its evidence in the suite's
        /// `<system-err>` and the suite's `requirement.verdict` property `warned`.
        case warning(body: String)
        /// `<failure message type>body</failure>`: the app violated the requirement.
        case failure(message: String, type: String, body: String)
        /// `<error message type>body</error>`: the adapter or harness broke.
        case error(message: String, type: String, body: String)
        /// `<skipped message/>`: not run, with the reason.
        case skipped(message: String)

        /// How merging ranks duplicates: a run result beats a case not run or not judged, which beats a skip.
        var rank: Int {
            switch self {
            case .skipped: 0
            case .error(_, JUnitReport.notRunType, _), .failure(_, JUnitReport.notJudgedType, _): 1
            case .passed: 2
            case .failure, .error, .warning: 3
            }
        }
    }

    /// How to render.
    public struct Options: Hashable, Sendable {
        /// Also satisfy the strict Ant schema (windyroad-ant-junit.xsd): no attributes on the root.
        public var strict: Bool
        /// The most bytes of evidence (failure or error body) per test case; the rest is cut with a note.
        public var maxBytesPerCase: Int

        /// Creates options; 64 KiB per case by default.
        public init(strict: Bool = false, maxBytesPerCase: Int = 64 * 1024) {
            self.strict = strict
            self.maxBytesPerCase = maxBytesPerCase
        }
    }

    /// The XML document, UTF-8 encoded.
    public func render(strict: Bool = false) -> Data {
        Data(renderBytes(strict: strict))
    }

    /// The XML document's UTF-8 bytes, without the copy into `Data`.
    ///
    /// ``JUnitXMLRecorder`` does not build a report: it renders each test case as it ends, with
    /// the same pieces (`renderOpening(name:counts:time:strict:into:)`, `Suite.renderOpening(id:counts:into:)`,
    /// `Case.render(into:)`, `Suite.renderClosing(systemErr:into:)`), so its file is byte for byte this one.
    public func renderBytes(strict: Bool = false) -> [UInt8] {
        // About 160 bytes per passing case and 600 per suite (its tags and properties): one allocation, no doubling.
        var buffer = XMLByteBuffer(capacity: 256 + suites.reduce(0) { $0 + 600 + $1.properties.count * 40 + $1.cases.count * 160 })
        var counts = Counts()
        var time = 0.0
        for suite in suites {
            for testCase in suite.cases { counts.add(testCase) }
            time += suite.time
        }
        Self.renderOpening(name: name, counts: counts, time: time, strict: strict, into: &buffer)
        for (index, suite) in suites.enumerated() {
            var suiteCounts = Counts()
            for testCase in suite.cases { suiteCounts.add(testCase) }
            suite.renderOpening(id: index, counts: suiteCounts, into: &buffer)
            for testCase in suite.cases { testCase.render(into: &buffer, strict: strict) }
            Suite.renderClosing(systemErr: suite.systemErr, into: &buffer)
        }
        Self.renderClosing(into: &buffer)
        return buffer.bytes
    }

    /// The XML declaration and `<testsuites>` (with totals unless `strict`).
    static func renderOpening(name: String, counts: Counts, time: Double, strict: Bool, into buffer: inout XMLByteBuffer) {
        buffer.raw("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
        if strict {
            buffer.raw("<testsuites>\n")
            return
        }
        buffer.raw("<testsuites name=\"", attribute: name)
        counts.render(skipped: false, into: &buffer)
        buffer.raw("\" time=\"")
        buffer.seconds(time)
        buffer.raw("\">\n")
    }

    /// `</testsuites>`.
    static func renderClosing(into buffer: inout XMLByteBuffer) {
        buffer.raw("</testsuites>\n")
    }

    /// Case counts by result (a warned case counts as passing: it is written as one).
    struct Counts {
        var tests = 0
        var failures = 0
        var errors = 0
        var skipped = 0

        mutating func add(_ testCase: Case) {
            tests += 1
            switch testCase.result {
            case .passed, .warning: break
            case .failure: failures += 1
            case .error: errors += 1
            case .skipped: skipped += 1
            }
        }

        /// The attributes `tests`, `failures`, `errors` and (when `skipped`) `skipped`, each closing
        /// the attribute value before it.
        func render(skipped withSkipped: Bool, into buffer: inout XMLByteBuffer) {
            buffer.raw("\" tests=\"")
            buffer.integer(tests)
            buffer.raw("\" failures=\"")
            buffer.integer(failures)
            buffer.raw("\" errors=\"")
            buffer.integer(errors)
            guard withSkipped else { return }
            buffer.raw("\" skipped=\"")
            buffer.integer(skipped)
        }
    }
}

extension JUnitReport.Suite {
    /// `<testsuite ...>` with its counts and its `<properties>`.
    func renderOpening(id: Int, counts: JUnitReport.Counts, into buffer: inout XMLByteBuffer) {
        buffer.raw("  <testsuite name=\"", attribute: name)
        buffer.raw("\" package=\"", attribute: package)
        buffer.raw("\" id=\"")
        buffer.integer(id)
        counts.render(skipped: true, into: &buffer)
        buffer.raw("\" time=\"")
        buffer.seconds(time)
        buffer.raw("\" timestamp=\"", attribute: timestamp)
        buffer.raw("\" hostname=\"", attribute: hostname.isEmpty ? "localhost" : hostname)
        buffer.raw("\">\n    <properties>\n")
        for property in properties {
            buffer.raw("      <property name=\"", attribute: property.name)
            buffer.raw("\" value=\"", attribute: property.value)
            buffer.raw("\"/>\n")
        }
        buffer.raw("    </properties>\n")
    }

    /// `<system-out/>`, `<system-err>` (holding `systemErr`, or empty) and `</testsuite>`.
    static func renderClosing(systemErr: String, into buffer: inout XMLByteBuffer) {
        if systemErr.isEmpty {
            renderClosingWithoutWarnings(into: &buffer)
        } else {
            renderSystemErrOpening(into: &buffer)
            buffer.text(systemErr)
            renderSystemErrClosing(into: &buffer)
        }
    }

    /// The closing when no case of the suite was warned.
    static func renderClosingWithoutWarnings(into buffer: inout XMLByteBuffer) {
        // The strict Ant schema requires both, in this order, after the cases (and allows neither
        // inside a testcase): a warned case's evidence goes in <system-err>, in the requirement's own suite.
        buffer.raw("    <system-out/>\n    <system-err/>\n  </testsuite>\n")
    }

    /// `<system-out/>` and `<system-err>`, before a suite's warnings.
    static func renderSystemErrOpening(into buffer: inout XMLByteBuffer) {
        buffer.raw("    <system-out/>\n    <system-err>")
    }

    /// `</system-err>` and `</testsuite>`, after a suite's warnings.
    static func renderSystemErrClosing(into buffer: inout XMLByteBuffer) {
        buffer.raw("</system-err>\n  </testsuite>\n")
    }
}

extension JUnitReport.Case {
    /// One `<testcase>` with its failure, error or skip (a warned case is written as passing), and
    /// its earlier attempts unless `strict` (the Ant schema allows nothing else in a testcase; a
    /// flaky case's `<failure>` still names every attempt).
    func render(into buffer: inout XMLByteBuffer, strict: Bool = false) {
        buffer.raw("    <testcase classname=\"", attribute: classname)
        buffer.raw("\" name=\"", attribute: name)
        buffer.raw("\" time=\"")
        buffer.seconds(time)
        let attempts = strict ? [] : self.attempts
        switch result {
        case .passed, .warning:
            guard !attempts.isEmpty else {
                buffer.raw("\"/>\n")
                return
            }
            buffer.raw("\">\n")
        case let .failure(message, type, body):
            Self.element("failure", message: message, type: type, body: body, opening: true, into: &buffer)
        case let .error(message, type, body):
            Self.element("error", message: message, type: type, body: body, opening: true, into: &buffer)
        case let .skipped(message):
            buffer.raw("\">\n      <skipped message=\"", attribute: message)
            buffer.raw("\"/>\n")
        }
        for attempt in attempts {
            Self.element(attempt.elementName(flaky: flaky), message: attempt.message, type: attempt.type, body: attempt.body, opening: false, into: &buffer)
        }
        buffer.raw("    </testcase>\n")
    }

    /// `<NAME message type>body</NAME>` on a line of its own; `opening` when it follows the
    /// testcase's attributes (whose tag is still open).
    private static func element(_ name: String, message: String, type: String, body: String, opening: Bool, into buffer: inout XMLByteBuffer) {
        if opening { buffer.raw("\">\n      <") } else { buffer.raw("      <") }
        buffer.text(name)
        buffer.raw(" message=\"", attribute: message)
        buffer.raw("\" type=\"", attribute: type)
        buffer.raw("\">")
        buffer.text(body)
        buffer.raw("</")
        buffer.text(name)
        buffer.raw(">\n")
    }
}
