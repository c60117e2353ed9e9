import Foundation
import Testing
@testable import SingleLoginConformance

@Suite("sl-conformance doctor names what an adapter author must fix")
struct DoctorTests {
    @Test("the reference adapter passes every check")
    func referencePasses() async throws {
        guard let adapter = BuiltProducts.path("sl-reference-adapter") else {
            Issue.record(Comment(rawValue: BuiltProducts.missing("sl-reference-adapter")))
            return
        }
        let report = await AdapterDoctor(command: adapter, timeouts: AdapterTimeouts(handshake: .seconds(30), step: .seconds(30))).run()
        #expect(report.passed, "\(report.render(terminal: false))")
        #expect(report.outcomes.count >= 15)
        #expect(report.render(terminal: false).hasSuffix("checks passed."))
    }

    static let faults: [(arguments: String, failing: String, fragment: String)] = [
        ("--grandchild", "nothing it started outlives it", "still running in its process group"),
        ("--fault bad-observation@event:refresh", "event refresh answers a valid observation", "'screen[0].kind' is 'label'"),
        ("--fault stdout-log@event:suspend", "stdout carries protocol messages only", "[INFO] handling event suspend"),
        ("--fault protocol:2.0", "it speaks protocol 1.x", "it says 2.0"),
        ("--fault hang@event:launch", "event launch answers a valid observation", "no answer to 'event launch'"),
        ("--fault exit:3@reset", "reset answers {}", "exit code 3"),
        ("--fault never-settle@event:resume", "event resume answers a valid observation", "it never settled"),
    ]

    @Test("a faulty adapter fails the check that names its fault, with a fix", arguments: faults)
    func faultNamed(_ fault: (arguments: String, failing: String, fragment: String)) async throws {
        guard let adapter = BuiltProducts.path("sl-fake-adapter") else {
            Issue.record(Comment(rawValue: BuiltProducts.missing("sl-fake-adapter")))
            return
        }
        let report = await AdapterDoctor(command: "\(adapter) \(fault.arguments)", timeouts: AdapterTimeouts(handshake: .seconds(10), step: .seconds(3))).run()
        #expect(!report.passed)
        let failed = try #require(report.outcomes.first { $0.status == .failed && $0.name == fault.failing }, "\(report.render(terminal: false))")
        #expect(failed.detail.contains(fault.fragment), "\(failed.detail)")
        #expect(failed.hint?.isEmpty == false)
        let text = report.render(terminal: false)
        #expect(text.contains("FAIL \(fault.failing)") && text.contains("fix: "))
        #expect(!text.contains("\u{1B}["), "plain text when not a terminal")
    }
}
