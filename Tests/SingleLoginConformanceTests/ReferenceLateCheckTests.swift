import ReferenceApp
import SingleLoginConformance
import SingleLoginEvents
import SingleLoginSpec
import SingleLoginTransport
import Testing

/// The reference app's account checks, when one is answered late: only the latest one it began decides.
@Suite("The reference app and a late account check")
struct ReferenceLateCheckTests {
    /// The catalogue's test case: alice's session, the app suspended; bob takes the device; the
    /// resume's check (bob) is held; alice takes the device back and the broadcast's check answers
    /// alice; then the held check arrives.
    static let lateCheck = TestCaseID(requirementID: "SL-INFLIGHT-1", scenarioName: "an account check under way across a user change and back")

    /// SL-INFLIGHT-1's test cases on the reference app with `flaws`.
    static func inflight(_ flaws: Set<ReferenceAppFlaw>, options: Set<ReferenceAppOption> = []) async throws -> [TestCaseResult] {
        let spec = try TestSupport.shippedSpec()
        let run = await TestSupport.run(spec, options: Runner.Options(selection: RunSelection(only: ["SL-INFLIGHT-1"]))) {
            InProcessAdapterProvider { ReferenceAppAdapter(flaws: flaws, options: options) }
        }
        return run.results.filter { $0.id.requirementID == "SL-INFLIGHT-1" }
    }

    @Test("a check held across a user change and back, answered after the newer check, changes nothing: alice stays signed in, with no prompt")
    func lateCheckAfterNewer() async throws {
        let results = try await Self.inflight([])
        let result = try #require(results.first { $0.id == Self.lateCheck })
        #expect(result.outcome == .passed, "\(TestSupport.unpassed(results))")
        #expect(result.transcript.filter(\.held).map(\.method) == [.getCurrentAccount])
        #expect(!result.transcript.contains { $0.method == .acquireToken }, "no prompt")
    }

    @Test("an app that applies the superseded check fails that test case by its prompt, counted over the whole case, and no other of SL-INFLIGHT-1")
    func supersededCheckApplied() async throws {
        let results = try await Self.inflight([.appliesSupersededAccountCheck])
        #expect(results.filter { $0.outcome != .passed }.map(\.id) == [Self.lateCheck], "\(TestSupport.unpassed(results))")
        let result = try #require(results.first { $0.id == Self.lateCheck })
        #expect(result.outcome == .failed)
        // The sheet it shows for bob is asked for with the released answer: recorded under the resume
        // that began the check, so only the final checks (every call of the case) count it.
        #expect(result.issues.map(\.stepIndex) == [nil], "\(result.issues.map(\.message))")
        #expect(result.issues.first?.message.contains("acquireToken") == true, "\(result.issues.map(\.message))")
    }
}
