import Foundation
import SingleLoginTransport
import Testing
import ReferenceApp
import SingleLoginConformance
import SingleLoginEvents
import SingleLoginSpec

@Suite("A vendor's own spec starts where the shipped catalogue's requirements leave the app")
struct ExtensionSpecTests {
    /// A spec of the vendor's own, run on its own: its one scenario starts from SL-LOGIN-1, which
    /// only the shipped catalogue defines.
    static let text = #"""
        {
          "formatVersion": "1.2", "id": "contoso-shifts", "version": "1.0.0", "title": "Contoso Shifts",
          "accounts": {"alice": {"username": "alice@contoso.example", "displayName": "Alice Adams"}},
          "requirements": [{
            "id": "CONTOSO-1", "level": "MUST", "title": "The rota opens with the user's own shifts",
            "rationale": "A worker who picks up a device sees their own rota.", "references": [{"title": "Shared device mode for iOS devices", "url": "https://learn.microsoft.com/en-us/entra/msal/objc/shared-devices-ios"}], "tags": ["rota"],
            "scenarios": [{
              "name": "signed in on the device",
              "given": {"signedIn": "alice"},
              "steps": [
                {"do": "launch", "startingPoint": "SL-LOGIN-1", "expect": [{"check": "calls", "method": "acquireToken", "count": 0}, {"check": "signedIn", "account": "alice"}]},
                {"do": "suspend"},
                {"do": "resume", "expect": [{"check": "signedIn", "account": "alice"}, {"check": "noErrorShown"}]}
              ]
            }]
          }]
        }
        """#

    @Test("It loads, and an app that fails SL-LOGIN-1 is not judged on it, blocked by SL-LOGIN-1, and the run does not pass")
    func startsFromTheCatalogue() async throws {
        let spec = try SpecLoader.load(bytes: Array(Self.text.utf8), file: "contoso.json")
        #expect(spec.spec.requirements.map(\.id) == ["CONTOSO-1"])
        let conformant = await TestSupport.run(spec) { InProcessAdapterProvider { ReferenceAppAdapter() } }
        #expect(conformant.results.map(\.outcome) == [.passed], "\(TestSupport.unpassed(conformant.results))")
        let flawed = await TestSupport.run(spec) { InProcessAdapterProvider { ReferenceAppAdapter(flaws: [.promptsAtLaunch]) } }
        let result = try #require(flawed.results.first)
        guard case .notJudged(let blocker) = result.outcome else {
            Issue.record("expected not judged, got \(result.outcome)")
            return
        }
        #expect(blocker.requirementID == "SL-LOGIN-1")
        #expect(result.issues.map(\.kind) == [.preconditionUnmet])
        // SL-LOGIN-1 is not in this run to fail: the case not judged keeps the run from passing itself.
        #expect(ExitStatus(summary: flawed.summary, gate: .mustAndShould) == .requirementFailures)
    }

    @Test("An ID in neither the spec nor the catalogue is an error that suggests the closest")
    func unknownID() throws {
        let text = Self.text.replacingOccurrences(of: "\"startingPoint\": \"SL-LOGIN-1\"", with: "\"startingPoint\": \"SL-LOGIN-9\"")
        #expect {
            _ = try SpecLoader.load(bytes: Array(text.utf8), file: "contoso.json")
        } throws: { error in
            "\(error)".contains(
                "'startingPoint' names requirement 'SL-LOGIN-9', which neither this spec nor the shipped catalogue defines; did you mean 'SL-LOGIN-")
        }
    }
}
