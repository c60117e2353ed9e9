import Foundation
import ReferenceApp
import SingleLoginConformance
import SingleLoginEvents
import SingleLoginSpec
import SingleLoginTransport
import Testing

/// The catalogue's accounts as Entra issues them: namesakes, guests, UPNs not in lower case.
@Suite("Identities as Entra issues them")
struct IdentityFormsTests {
    static let namesake = "to another person with the same display name"

    @Test("a change to a namesake: the previous user's data is told by username, object id and session, never by the shared name")
    func namesakeLeftoversAreTheirOwn() async throws {
        let spec = try TestSupport.shippedSpec()
        let options = Runner.Options(selection: RunSelection(only: ["SL-SWITCH-1"]))
        for flaw in [ReferenceAppFlaw.keepsDataOnUserChange, .comparesUsersByDisplayName] {
            let run = await TestSupport.run(spec, options: options) { InProcessAdapterProvider { ReferenceAppAdapter(flaws: [flaw]) } }
            let result = try #require(run.results.first { $0.id.scenarioName == Self.namesake })
            #expect(result.outcome == .failed, "\(flaw)")
            let issue = try #require(result.issues.first { $0.type == "expectation.noDataOf" }, "\(flaw)")
            #expect(issue.observed.contains("alex's object id") && issue.observed.contains("alex's session 1 marker"), "\(issue.observed)")
            #expect(!issue.observed.contains("alex's display name") && !issue.observed.contains("alex's given name"), "\(issue.observed)")
        }
        let reference = await TestSupport.run(spec, options: options) { InProcessAdapterProvider { ReferenceAppAdapter() } }
        #expect(reference.results.first { $0.id.scenarioName == Self.namesake }?.outcome == .passed)
    }

    @Test("a guest is signed in by the #EXT# username or by their identifier, and what an app leaves of theirs after a sign-out is found")
    func guest() async throws {
        let spec = try TestSupport.shippedSpec()
        let options = Runner.Options(selection: RunSelection(only: ["SL-LOGOUT-1"]))
        let scenario = "signed out while running, after an offline relaunch"
        for adapterOptions in [Set<ReferenceAppOption>(), [.usernameAsSignedInAccount]] {
            let run = await TestSupport.run(spec, options: options) { InProcessAdapterProvider { ReferenceAppAdapter(options: adapterOptions) } }
            #expect(run.results.first { $0.id.scenarioName == scenario }?.outcome == .passed, "\(TestSupport.unpassed(run.results))")
        }
        let flawed = await TestSupport.run(spec, options: options) { InProcessAdapterProvider { ReferenceAppAdapter(flaws: [.leavesRecordsFile]) } }
        let result = try #require(flawed.results.first { $0.id.scenarioName == scenario })
        let issue = try #require(result.issues.first { $0.type == "expectation.noDataOf" })
        #expect(issue.message.contains("data of dana remains"), "\(issue.message)")
    }
}
