import Foundation

/// A JUnit XML report as data: what ``JUnitXMLRecorder`` renders and ``JUnitMerger`` parses and joins.
///
/// Counts are never stored: they are computed from the cases when rendering, so they cannot
/// disagree with what the file holds.
public struct JUnitReport: Hashable, Sendable {
    /// The `name` of the `<testsuites>` root.
    public var name: String
    /// One suite per requirement, in plan order (one empty suite for a run with no test cases).
    public var suites: [Suite]

    /// Creates a report.
    public init(name: String = "sl-conformance", suites: [Suite]) {
        self.name = name
        self.suites = suites
    }

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
                text += (text.isEmpty ? JUnitReport.warningHeadline + "\n" : "") + "\n" + JUnitReport.scenarioMarker(testCase.name) + "\n" + body
                if !body.hasSuffix("\n") { text += "\n" }
            }
            return text
        }
    }

    /// The first line of a suite's `<system-err>` when a SHOULD requirement failed under `--level must`.
    public static let warningHeadline = "warning: SHOULD requirement not met; not gating (the run gates on MUST only)"

    /// `== scenario: NAME ==`: the line before each warned case's evidence in `<system-err>`.
    static func scenarioMarker(_ name: String) -> String { "== scenario: \(name) ==" }

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

        /// Creates a case.
        public init(classname: String, name: String, time: Double, result: Result) {
            self.classname = classname
            self.name = name
            self.time = time
            self.result = result
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

        /// How merging ranks duplicates: a run result beats a skip.
        var rank: Int {
            switch self {
            case .skipped: 0
            case .passed: 1
            case .failure, .error, .warning: 2
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

    /// The XML document's UTF-8 bytes, without the copy into `Data` (what the recorder writes).
    public func renderBytes(strict: Bool = false) -> [UInt8] {
        // About 160 bytes per passing case and 600 per suite (its tags and properties): one allocation, no doubling.
        var buffer = XMLByteBuffer(capacity: 256 + suites.reduce(0) { $0 + 600 + $1.properties.count * 40 + $1.cases.count * 160 })
        buffer.raw("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
        if strict {
            buffer.raw("<testsuites>\n")
        } else {
            var counts = Counts()
            var time = 0.0
            for suite in suites {
                counts.add(suite.cases)
                time += suite.time
            }
            buffer.raw("<testsuites name=\"")
            buffer.text(name, attribute: true)
            buffer.raw("\" tests=\"")
            buffer.integer(counts.tests)
            buffer.raw("\" failures=\"")
            buffer.integer(counts.failures)
            buffer.raw("\" errors=\"")
            buffer.integer(counts.errors)
            buffer.raw("\" time=\"")
            buffer.seconds(time)
            buffer.raw("\">\n")
        }
        for (index, suite) in suites.enumerated() {
            render(suite, id: index, into: &buffer)
        }
        buffer.raw("</testsuites>\n")
        return buffer.bytes
    }

    private func render(_ suite: Suite, id: Int, into buffer: inout XMLByteBuffer) {
        var counts = Counts()
        counts.add(suite.cases)
        buffer.raw("  <testsuite name=\"")
        buffer.text(suite.name, attribute: true)
        buffer.raw("\" package=\"")
        buffer.text(suite.package, attribute: true)
        buffer.raw("\" id=\"")
        buffer.integer(id)
        buffer.raw("\" tests=\"")
        buffer.integer(counts.tests)
        buffer.raw("\" failures=\"")
        buffer.integer(counts.failures)
        buffer.raw("\" errors=\"")
        buffer.integer(counts.errors)
        buffer.raw("\" skipped=\"")
        buffer.integer(counts.skipped)
        buffer.raw("\" time=\"")
        buffer.seconds(suite.time)
        buffer.raw("\" timestamp=\"")
        buffer.text(suite.timestamp, attribute: true)
        buffer.raw("\" hostname=\"")
        buffer.text(suite.hostname.isEmpty ? "localhost" : suite.hostname, attribute: true)
        buffer.raw("\">\n    <properties>\n")
        for property in suite.properties {
            buffer.raw("      <property name=\"")
            buffer.text(property.name, attribute: true)
            buffer.raw("\" value=\"")
            buffer.text(property.value, attribute: true)
            buffer.raw("\"/>\n")
        }
        buffer.raw("    </properties>\n")
        for testCase in suite.cases {
            buffer.raw("    <testcase classname=\"")
            buffer.text(testCase.classname, attribute: true)
            buffer.raw("\" name=\"")
            buffer.text(testCase.name, attribute: true)
            buffer.raw("\" time=\"")
            buffer.seconds(testCase.time)
            switch testCase.result {
            case .passed, .warning:
                buffer.raw("\"/>\n")
            case let .failure(message, type, body):
                buffer.raw("\">\n      <failure message=\"")
                buffer.text(message, attribute: true)
                buffer.raw("\" type=\"")
                buffer.text(type, attribute: true)
                buffer.raw("\">")
                buffer.text(body)
                buffer.raw("</failure>\n    </testcase>\n")
            case let .error(message, type, body):
                buffer.raw("\">\n      <error message=\"")
                buffer.text(message, attribute: true)
                buffer.raw("\" type=\"")
                buffer.text(type, attribute: true)
                buffer.raw("\">")
                buffer.text(body)
                buffer.raw("</error>\n    </testcase>\n")
            case let .skipped(message):
                buffer.raw("\">\n      <skipped message=\"")
                buffer.text(message, attribute: true)
                buffer.raw("\"/>\n    </testcase>\n")
            }
        }
        // The strict Ant schema requires both, in this order, after the cases (and allows neither
        // inside a testcase): a warned case's evidence goes here, in the requirement's own suite.
        buffer.raw("    <system-out/>\n")
        let systemErr = suite.systemErr
        if systemErr.isEmpty {
            buffer.raw("    <system-err/>\n")
        } else {
            buffer.raw("    <system-err>")
            buffer.text(systemErr)
            buffer.raw("</system-err>\n")
        }
        buffer.raw("  </testsuite>\n")
    }

    /// Case counts by result.
    struct Counts {
        var tests = 0
        var failures = 0
        var errors = 0
        var skipped = 0

        mutating func add(_ cases: [Case]) {
            tests += cases.count
            for testCase in cases {
                switch testCase.result {
                case .passed, .warning: break
                case .failure: failures += 1
                case .error: errors += 1
                case .skipped: skipped += 1
                }
            }
        }
    }
}
