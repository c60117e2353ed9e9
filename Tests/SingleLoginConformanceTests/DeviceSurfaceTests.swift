import Foundation
import ReferenceApp
import SingleLoginAdapter
import SingleLoginConformance
import SingleLoginEvents
import SingleLoginSpec
import SingleLoginTransport
import Testing

/// The device surfaces beyond the sandbox (notifications, Spotlight, pasteboard, widgets,
/// activities, the switcher's snapshot): each is its own place, scanned only where a check names it.
@Suite("Device surfaces are scanned where a check names them, and only there")
struct DeviceSurfaceTests {
    static let marker = LeftoverScanner.Marker("alice.adams@contoso.example", owner: "alice's username")

    @Test("an item of a device surface is found in its own place, never in storage", arguments: StoredItem.Area.allCases.filter(\.isDeviceSurface))
    func surfaceIsItsOwnPlace(area: StoredItem.Area) {
        let observation = Observation(running: true, signedInAccount: nil, screen: [], storage: [StoredItem(area, "item", "for alice.adams@contoso.example")])
        let scanner = LeftoverScanner()
        #expect(scanner.findings(of: [Self.marker], in: observation, places: Expectation.Place.screenAndStorage).isEmpty)
        let findings = scanner.findings(of: [Self.marker], in: observation, places: [.surface(area)])
        #expect(findings.map(\.description) == ["\(area.rawValue) \"item\" holds alice's username \"alice.adams@contoso.example\""])
    }

    @Test("a sandbox item is not in any surface's place")
    func sandboxIsNoSurface() {
        let observation = Observation(running: true, signedInAccount: nil, screen: [], storage: [StoredItem(.file, "a.json", "alice.adams@contoso.example")])
        let surfaces = Set(Expectation.Place.allCases).subtracting(Expectation.Place.screenAndStorage)
        #expect(surfaces.count == 6)
        #expect(LeftoverScanner().findings(of: [Self.marker], in: observation, places: surfaces).isEmpty)
    }

    @Test("a place's word is its area's word; a sandbox area is no place of its own")
    func placeWords() {
        #expect(Expectation.Place(rawValue: "snapshot") == .surface(.snapshot))
        #expect(Expectation.Place(rawValue: "keychain") == nil)
        #expect(
            Expectation.Place.allCases.map(\.rawValue) == ["screen", "storage", "notification", "spotlight", "pasteboard", "widget", "activity", "snapshot"])
    }

    @Test("the conformant reference app keeps a notification and a Spotlight item without user data after sign-out, and passes")
    func harmlessSurfacesPass() async throws {
        let spec = try TestSupport.shippedSpec()
        let only = RunSelection(only: ["SL-NOTIFY-1", "SL-SPOTLIGHT-1"])
        let run = await TestSupport.run(spec, options: .init(selection: only)) { InProcessAdapterProvider { ReferenceAppAdapter() } }
        let selected = run.results.filter { ["SL-NOTIFY-1", "SL-SPOTLIGHT-1"].contains($0.id.requirementID) }
        let planned = spec.spec.requirements.filter { ["SL-NOTIFY-1", "SL-SPOTLIGHT-1"].contains($0.id) }.reduce(0) { $0 + $1.scenarios.count }
        #expect(selected.count == planned && planned >= 6 && selected.allSatisfy { $0.outcome == .passed }, "\(TestSupport.unpassed(selected))")
        let signedOut = TestCaseID(requirementID: "SL-NOTIFY-1", scenarioName: "signs out from the app")
        let final = run.events.compactMap { event -> Observation? in
            if case .observed(let id, let observation, _, _) = event.kind, id == signedOut { return observation }
            return nil
        }.last
        let kept = Set((final?.storage ?? []).filter(\.area.isDeviceSurface).map(\.value))
        #expect(kept == ["Shift board updated", "Northwind safety manual: lifting, ladders and first aid"])
    }

    @Test("a leftover notification fails SL-NOTIFY-1 naming the notification; the snapshot's SHOULD only warns under --level must")
    func surfaceFailures() async throws {
        let spec = try TestSupport.shippedSpec()
        let notify = await TestSupport.run(spec, options: .init(selection: RunSelection(only: ["SL-NOTIFY-1"]))) {
            InProcessAdapterProvider { ReferenceAppAdapter(flaws: [.leavesNotifications]) }
        }
        let failed = try #require(notify.results.first { $0.outcome == .failed })
        let issue = try #require(failed.issues.first { $0.type == "expectation.noDataOf" })
        #expect(issue.observed.contains("notification \"pending/shift-reminder\" holds alice's"))
        #expect(issue.expected == "no data of alice in notification")
        let snapshot = await TestSupport.run(spec, options: .init(selection: RunSelection(only: ["SL-SNAPSHOT-1"]))) {
            InProcessAdapterProvider { ReferenceAppAdapter(flaws: [.showsDataInSnapshot]) }
        }
        #expect(snapshot.summary.failedShould > 0 && snapshot.summary.failedMust == 0)
        #expect(TestSupport.failingRequirements(snapshot.results) == ["SL-SNAPSHOT-1"])
        #expect(ExitStatus(summary: snapshot.summary, gate: .mustOnly) == .passed)
    }
}
