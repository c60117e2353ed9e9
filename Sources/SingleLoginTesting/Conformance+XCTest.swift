#if canImport(XCTest)
import XCTest

extension Conformance {
    /// Checks the requirement `requirementID` and calls `XCTFail` once for each scenario that did
    /// not pass, with the same evidence as the console. For teams whose tests are still XCTest:
    /// `func test_SL_LOGOUT_1() async { await conformance.assert("SL-LOGOUT-1") }`.
    @discardableResult
    public func assert(_ requirementID: String, file: StaticString = #filePath, line: UInt = #line) async -> RequirementCheck {
        let check = await check(requirementID)
        for scenario in check.scenarios {
            switch scenario.outcome {
            case .passed, .skipped: continue
            case .failed, .errored: XCTFail(Self.issueText(check, scenario), file: file, line: line)
            }
        }
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
