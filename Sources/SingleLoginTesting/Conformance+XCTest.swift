#if canImport(XCTest)
import XCTest

extension Conformance {
    /// Checks the requirement `requirementID` and calls `XCTFail` once for each scenario that did
    /// not pass, with the same evidence as the console (under `Gate.mustOnly`, a SHOULD
    /// requirement's failures are printed as warnings instead). A requirement none of whose
    /// scenarios ran is printed as skipped, with the reason: XCTest skips only by throwing, and
    /// this call does not throw. For teams whose tests are still XCTest:
    /// `func test_SL_LOGOUT_1() async { await conformance.assert("SL-LOGOUT-1") }`.
    @discardableResult
    public func assert(_ requirementID: String, file: StaticString = #filePath, line: UInt = #line) async -> RequirementCheck {
        let check = await check(requirementID)
        for report in reports(for: check) {
            // XCTest has no warnings: a SHOULD failure under Gate.mustOnly is printed, and the test passes.
            if report.isWarning { print("\(file):\(line): warning: " + report.text) } else { XCTFail(report.text, file: file, line: line) }
        }
        if let part = Self.partText(check) { print("\(file):\(line): warning: " + part) }
        if let skipped = Self.skipText(check) { print("\(file):\(line): note: \(skipped); nothing was verified") }
        return check
    }

    /// Fails when the generated tests no longer test exactly the spec's requirements, saying how to regenerate them.
    public func assertGeneratedTests(_ requirementIDs: [String], regenerate command: String, file: StaticString = #filePath, line: UInt = #line) {
        if let problem = generatedTestsProblem(requirementIDs, regenerate: command) {
            XCTFail(problem, file: file, line: line)
        }
    }
}
#endif
