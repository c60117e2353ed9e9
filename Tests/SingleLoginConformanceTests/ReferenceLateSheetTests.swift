import ReferenceApp
import SingleLoginConformance
import SingleLoginEvents
import SingleLoginSpec
import Testing

/// The reference app's sign-in sheet, when its answer comes after a Jamf Reset or a user change.
@Suite("The reference app and a late sign-in sheet")
struct ReferenceLateSheetTests {
    /// The catalogue's five test cases: alice completes the sheet on a tap (or the one her refused
    /// silent token needs, at launch or on a refresh), the answer is held, the device is reset (and set up for
    /// alice again) or bob takes it, then the answer arrives.
    static let lateSheets = [
        TestCaseID(requirementID: "SL-INFLIGHT-1", scenarioName: "a sign-in sheet under way across a Jamf Reset"),
        TestCaseID(requirementID: "SL-INFLIGHT-1", scenarioName: "a sign-in sheet under way across a user change"),
        TestCaseID(requirementID: "SL-INFLIGHT-1", scenarioName: "a sign-in sheet under way across a Jamf Reset and the same user's Jamf Setup"),
        TestCaseID(requirementID: "SL-INFLIGHT-1", scenarioName: "a sign-in sheet for the device's own user under way across a Jamf Reset"),
        TestCaseID(requirementID: "SL-INFLIGHT-1", scenarioName: "a renewal sign-in sheet under way across a Jamf Reset"),
    ]

    /// The index of the release, the last step, of the shipped scenario `id` names.
    static func release(of id: TestCaseID) throws -> Int {
        try #require(TestSupport.shippedSpec().spec.requirements.flatMap(\.scenarios).first { $0.name == id.scenarioName }).steps.count - 1
    }

    @Test("a sheet answered after a Jamf Reset or a user change leaves nothing of alice: her own broadcast signed her in, the change wiped her")
    func lateSheetDropped() async throws {
        let results = try await ReferenceLateCheckTests.inflight([])
        for id in Self.lateSheets {
            let result = try #require(results.first { $0.id == id })
            #expect(result.outcome == .passed, "\(TestSupport.unpassed(results))")
            #expect(result.transcript.filter(\.held).map(\.method) == [.acquireToken], "\(id)")
            // The broadcast the sheet posted reached the app before the held answer: its account
            // check named alice, and the app signed her in silently, in a generation of its own
            // (a sheet for the device's own user posts none: there the app's own silent call follows).
            #expect(result.transcript.contains { $0.method == .acquireTokenSilent }, "\(id)")
        }
    }

    @Test("an app that applies the late sheet fails those five test cases at the release, and no other of SL-INFLIGHT-1")
    func lateSheetApplied() async throws {
        let results = try await ReferenceLateCheckTests.inflight([.appliesLateSheetAfterWipe])
        #expect(results.filter { $0.outcome != .passed }.map(\.id) == Self.lateSheets, "\(TestSupport.unpassed(results))")
        for id in Self.lateSheets {
            let result = try #require(results.first { $0.id == id })
            #expect(result.outcome == .failed)
            // At the release (the last step): the subject's checks, not a precondition before it.
            #expect(try result.issues.first?.stepIndex == Self.release(of: id), "\(result.issues.map(\.message))")
        }
    }

    /// The held sign-ins a Jamf Reset ends while the app holds nothing of anyone: the launch's
    /// silent one, and those a Jamf Setup or a user change began before the app had stored anything.
    static let emptyResets = [
        TestCaseID(requirementID: "SL-INFLIGHT-1", scenarioName: "the launch's silent sign-in under way across a Jamf Reset"),
        TestCaseID(requirementID: "SL-INFLIGHT-1", scenarioName: "a silent sign-in begun by a Jamf Setup, under way across a Jamf Reset"),
        TestCaseID(requirementID: "SL-INFLIGHT-1", scenarioName: "a silent sign-in begun by a user change, under way across a Jamf Reset"),
    ]

    /// The sheet the user's tap asks after her silent sign-in at launch gave no id token.
    static let sheetAfterFailedSilent = TestCaseID(
        requirementID: "SL-INFLIGHT-1", scenarioName: "a sign-in sheet after a failed silent sign-in, under way across a Jamf Reset")

    @Test(
        "an app that cancels nothing at a Jamf Reset with nothing to wipe fails the held silent sign-ins across it; with a tap that always asks the sheet, the sheet after a failed silent sign-in too"
    )
    func emptyResetCancelsNothing() async throws {
        let silentTap = try await ReferenceLateCheckTests.inflight([.appliesLateSignInAfterEmptyReset])
        #expect(silentTap.filter { $0.outcome != .passed }.map(\.id) == Self.emptyResets, "\(TestSupport.unpassed(silentTap))")
        // Its tap signs alice in silently: it asks no sheet there, and the hold lapses.
        let lapsed = try #require(silentTap.first { $0.id == Self.sheetAfterFailedSilent })
        #expect(!lapsed.transcript.contains { $0.held }, "\(lapsed.transcript.map(\.method))")
        let sheetTap = try await ReferenceLateCheckTests.inflight([.appliesLateSignInAfterEmptyReset], options: [.asksSheetOnTap])
        let failed = sheetTap.filter { $0.outcome != .passed }.map(\.id)
        #expect(Set(failed) == Set(Self.emptyResets + [Self.sheetAfterFailedSilent]), "\(TestSupport.unpassed(sheetTap))")
        let sheet = try #require(sheetTap.first { $0.id == Self.sheetAfterFailedSilent })
        #expect(sheet.transcript.filter(\.held).map(\.method) == [.acquireToken])
        // The late sheet signs alice in at the release, on a device that has nobody.
        #expect(try sheet.issues.first?.stepIndex == Self.release(of: Self.sheetAfterFailedSilent), "\(sheet.issues.map(\.message))")
        // Without the flaw, the same app drops the late sheet.
        let conformant = try await ReferenceLateCheckTests.inflight([], options: [.asksSheetOnTap])
        #expect(conformant.allSatisfy { $0.outcome == .passed }, "\(TestSupport.unpassed(conformant))")
    }
}
