import Foundation

/// A JUnit XML report as data: what ``JUnitXMLRecorder`` renders and ``JUnitMerger`` parses and joins.
///
/// Counts are never stored: they are computed from the cases when rendering, so they cannot
/// disagree with what the file holds.
public struct JUnitReport: Hashable, Sendable {
    /// The `name` of the `<testsuites>` root.
    public var name: String
    /// One suite per spec.
    public var suites: [Suite]

    /// Creates a report.
    public init(name: String = "sl-conformance", suites: [Suite]) {
        self.name = name
        self.suites = suites
    }

    /// One `<testsuite>`: the test cases of one spec.
    public struct Suite: Hashable, Sendable {
        /// The suite's name (the spec id).
        public var name: String
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

        /// Creates a suite.
        public init(name: String, timestamp: String, hostname: String, time: Double, properties: [Property], cases: [Case]) {
            self.name = name
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
            case .failure, .error: 2
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
        var buffer = XMLByteBuffer(capacity: 256 + suites.reduce(0) { $0 + $1.cases.count * 160 })
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
            for testCase in suite.cases { testCase.render(into: &buffer) }
            Suite.renderClosing(into: &buffer)
        }
        Self.renderClosing(into: &buffer)
        return Data(buffer.bytes)
    }

    /// The XML declaration and `<testsuites>` (with totals unless `strict`).
    static func renderOpening(name: String, counts: Counts, time: Double, strict: Bool, into buffer: inout XMLByteBuffer) {
        buffer.raw("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
        if strict {
            buffer.raw("<testsuites>\n")
            return
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

    /// `</testsuites>`.
    static func renderClosing(into buffer: inout XMLByteBuffer) {
        buffer.raw("</testsuites>\n")
    }

    /// Case counts by result.
    struct Counts {
        var tests = 0
        var failures = 0
        var errors = 0
        var skipped = 0

        mutating func add(_ testCase: Case) {
            tests += 1
            switch testCase.result {
            case .passed: break
            case .failure: failures += 1
            case .error: errors += 1
            case .skipped: skipped += 1
            }
        }
    }
}

extension JUnitReport.Suite {
    /// `<testsuite ...>` with its counts and its `<properties>`.
    func renderOpening(id: Int, counts: JUnitReport.Counts, into buffer: inout XMLByteBuffer) {
        buffer.raw("  <testsuite name=\"")
        buffer.text(name, attribute: true)
        buffer.raw("\" package=\"")
        buffer.text(name, attribute: true)
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
        buffer.seconds(time)
        buffer.raw("\" timestamp=\"")
        buffer.text(timestamp, attribute: true)
        buffer.raw("\" hostname=\"")
        buffer.text(hostname.isEmpty ? "localhost" : hostname, attribute: true)
        buffer.raw("\">\n    <properties>\n")
        for property in properties {
            buffer.raw("      <property name=\"")
            buffer.text(property.name, attribute: true)
            buffer.raw("\" value=\"")
            buffer.text(property.value, attribute: true)
            buffer.raw("\"/>\n")
        }
        buffer.raw("    </properties>\n")
    }

    /// `<system-out/>`, `<system-err/>` and `</testsuite>`.
    static func renderClosing(into buffer: inout XMLByteBuffer) {
        // The strict Ant schema requires both, in this order, after the cases.
        buffer.raw("    <system-out/>\n    <system-err/>\n  </testsuite>\n")
    }
}

extension JUnitReport.Case {
    /// One `<testcase>` with its failure, error or skip.
    func render(into buffer: inout XMLByteBuffer) {
        buffer.raw("    <testcase classname=\"")
        buffer.text(classname, attribute: true)
        buffer.raw("\" name=\"")
        buffer.text(name, attribute: true)
        buffer.raw("\" time=\"")
        buffer.seconds(time)
        switch result {
        case .passed:
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
}
