import Foundation
import ReferenceApp
import SingleLoginAdapter
import SingleLoginEvents
import SingleLoginReports
import SingleLoginSpec
import SingleLoginTransport
import Synchronization
import Testing

@testable import SingleLoginConformance

/// The reference app behind an adapter that declares other surfaces, reports fewer, or shows the
/// user by initials only: what the handshake's `surfaces` and a screen element's `record` (protocol
/// 1.6) change in the verdicts and the reports, and what they leave as it was.
@Suite("Declared surfaces and record rows: not applicable, nothing observed, and where the signed-in check looks")
struct DeclaredSurfacesTests {
    /// The reference app as another adapter would report it.
    struct ReshapedAdapter: ConformanceAdapter {
        let inner = ReferenceAppAdapter()
        /// What the handshake declares (nil: nothing, as before protocol 1.6).
        var surfaces: DeclaredSurfaces?
        /// Areas no observation reports, as an adapter that forgets them.
        var hides: Set<StoredItem.Area> = []
        /// Whether the app shows the user by initials only ("Signed in as A.A.", no username).
        var initialsOnly = false
        /// Whether the record rows are marked as records; false takes the reference app's marks
        /// off, as an adapter before protocol 1.6 sends none.
        var marksRecords = false

        var identity: AdapterIdentity {
            var identity = inner.identity
            identity.adapterName = "reshaped"
            identity.surfaces = surfaces
            return identity
        }

        func reset(environment: AppEnvironment) async throws { try await inner.reset(environment: environment) }
        func handle(_ event: AppEvent) async throws -> Observation { reshape(try await inner.handle(event)) }
        func observe() async throws -> Observation { reshape(try await inner.observe()) }

        func reshape(_ observation: Observation) -> Observation {
            var observation = observation
            observation.storage.removeAll { hides.contains($0.area) }
            if initialsOnly {
                observation.screen = observation.screen.compactMap { element in
                    if element.text.hasPrefix("Signed in as ") { return ScreenElement(.text, "Signed in as A.A.") }
                    if element.text.contains("@") { return nil }
                    return element
                }
            }
            for index in observation.screen.indices {
                observation.screen[index].isRecord = marksRecords && observation.screen[index].text.contains(": Assigned to ")
            }
            return observation
        }
    }

    static func run(_ adapter: ReshapedAdapter, only: [String]) async throws -> (events: [Event], results: [TestCaseResult], summary: RunSummary) {
        let spec = try TestSupport.shippedSpec()
        let run = await TestSupport.run(spec, options: .init(selection: RunSelection(only: only))) { InProcessAdapterProvider { adapter } }
        // The test cases of the selected requirements only.
        return (run.events, run.results.filter { only.contains($0.id.requirementID) }, run.summary)
    }

    static func requirements(_ events: [Event]) -> [RequirementResult] {
        events.compactMap { if case .requirementEnded(let result) = $0.kind { result } else { nil } }
    }

    static func console(_ events: [Event]) -> String {
        let text = Mutex("")
        let recorder = ConsoleRecorder(style: ConsoleStyle(), write: { chunk in text.withLock { $0 += chunk } })
        for event in events { recorder.record(event) }
        return text.withLock { $0 }
    }

    @Test("an app that declares no Spotlight: SL-SPOTLIGHT-1 is not applicable, not run, in no report a pass, and the badge does not claim it")
    func noSpotlightIsNotApplicable() async throws {
        let adapter = ReshapedAdapter(surfaces: DeclaredSurfaces(has: [.notification], lacks: [.spotlight]), hides: [.spotlight])
        let run = try await Self.run(adapter, only: ["SL-SPOTLIGHT-1", "SL-NOTIFY-1"])
        let spotlight = run.results.filter { $0.id.requirementID == "SL-SPOTLIGHT-1" }
        #expect(spotlight.count == 7)
        for result in spotlight {
            #expect(result.outcome == .doesNotApply(reason: "not applicable: the app declares no spotlight (its handshake's surfaces)"))
            #expect(result.transcript.isEmpty && result.issues.isEmpty, "its steps are not played")
        }
        #expect(run.results.filter { $0.id.requirementID == "SL-NOTIFY-1" }.allSatisfy { $0.outcome == .passed }, "\(TestSupport.unpassed(run.results))")
        #expect(run.summary.doesNotApply == 7 && run.summary.passed == 8, "\(run.summary)")
        #expect(ExitStatus(summary: run.summary, gate: .mustAndShould) == .passed)
        // A case that does not apply is its testCaseStarted and testCaseEnded, with nothing between.
        #expect(TestCaseEventOrder.violations(in: run.events) == [])
        #expect(TestCaseEventOrder.kinds(of: spotlight[0].id, in: run.events) == ["testCaseStarted", "testCaseEnded"])

        let requirements = Self.requirements(run.events)
        let verdict = try #require(requirements.first { $0.requirement.id == "SL-SPOTLIGHT-1" }).verdict
        #expect(verdict == .doesNotApply(reason: "not applicable: the app declares no spotlight (its handshake's surfaces)"))
        let context = RunContext(
            specID: "single-login", specVersion: "2.7.0", specTitle: "t", specSHA256: "", harnessVersion: "0", adapter: nil, hostname: "h",
            startDate: Date())
        #expect(ShieldsBadge(context: context, requirements: requirements, status: .passed).message == "1/1 MUST")

        let junit = String(decoding: JUnitXMLRecorder.render(results: run.results, context: context), as: UTF8.self)
        #expect(junit.contains(#"<skipped message="not applicable: the app declares no spotlight (its handshake&apos;s surfaces)"/>"#), "\(junit)")
        let record = run.events.reduce(into: RunRecord()) { $0.take($1) }
        let summary = MarkdownChecklistRecorder.render(
            results: record.orderedResults, requirements: record.orderedRequirementResults, context: record.effectiveContext,
            summary: run.summary, surfaces: record.surfaces.findings)
        #expect(summary.contains("| ➖ does not apply | SL-SPOTLIGHT-1 |"), "\(summary)")
        #expect(summary.contains("| Device surfaces | has notification; has no spotlight (their requirements do not apply); does not say:"), "\(summary)")
        #expect(record.surfaces.findings.isEmpty, "a surface declared absent is no finding")
        #expect(HTMLReport(record).render().contains("has no spotlight (their requirements do not apply)"))
    }

    @Test("a surface the app declares but never reports in a run: its requirement passes, and every report names it")
    func declaredNeverReported() async throws {
        let adapter = ReshapedAdapter(surfaces: .only(Set(StoredItem.Area.deviceSurfaces)), hides: [.spotlight])
        let run = try await Self.run(adapter, only: ["SL-SPOTLIGHT-1", "SL-NOTIFY-1"])
        #expect(run.results.allSatisfy { $0.outcome == .passed }, "\(TestSupport.unpassed(run.results))")
        let record = run.events.reduce(into: RunRecord()) { $0.take($1) }
        #expect(record.surfaces.findings == [SurfaceFinding(kind: .declaredNeverReported, surfaces: [.spotlight], requirements: ["SL-SPOTLIGHT-1"])])
        let line = "declared but never reported in this run: spotlight (SL-SPOTLIGHT-1 passed on nothing observed; report them in the observation's storage)"
        #expect(Self.console(run.events).contains("Device surfaces:\n  \(line)\n"), "\(Self.console(run.events))")
        let summary = MarkdownChecklistRecorder.render(
            results: record.orderedResults, requirements: record.orderedRequirementResults, context: record.effectiveContext,
            summary: run.summary, surfaces: record.surfaces.findings)
        #expect(summary.contains("| Nothing observed | ⚠️ \(line) |"), "\(summary)")
        #expect(HTMLReport(record).render().contains("<strong>Nothing observed:</strong> declared but never reported in this run: spotlight"))
    }

    @Test("an adapter that declares nothing is judged as before 1.6, with a line naming the surfaces it never reported")
    func undeclaredIsJudgedAsBefore() async throws {
        let old = try await Self.run(ReshapedAdapter(hides: [.spotlight, .widget]), only: ["SL-SPOTLIGHT-1", "SL-WIDGET-1", "SL-NOTIFY-1"])
        #expect(old.results.allSatisfy { $0.outcome == .passed }, "\(TestSupport.unpassed(old.results))")
        let record = old.events.reduce(into: RunRecord()) { $0.take($1) }
        #expect(
            record.surfaces.findings == [
                SurfaceFinding(kind: .undeclaredNeverReported, surfaces: [.spotlight, .widget], requirements: ["SL-SPOTLIGHT-1", "SL-WIDGET-1"])
            ])
        #expect(
            Self.console(old.events).contains(
                "never reported in this run: spotlight, widget (SL-SPOTLIGHT-1, SL-WIDGET-1 passed on nothing observed; declare the app's surfaces in its handshake)"
            ))
        // Reporting everything: no line at all.
        let full = try await Self.run(ReshapedAdapter(), only: ["SL-SPOTLIGHT-1"])
        #expect(full.events.reduce(into: RunRecord()) { $0.take($1) }.surfaces.findings.isEmpty)
        #expect(!Self.console(full.events).contains("Device surfaces:"))
    }

    @Test("an app that shows only initials, whose records carry the name, fails signedIn when it marks its records, and passes as before when it does not")
    func initialsOnly() async throws {
        let unmarked = try await Self.run(ReshapedAdapter(initialsOnly: true), only: ["SL-LOGIN-1"])
        #expect(
            unmarked.results.allSatisfy { $0.outcome == .passed }, "unmarked records are screen text, as before 1.6: \(TestSupport.unpassed(unmarked.results))")

        let marked = try await Self.run(ReshapedAdapter(initialsOnly: true, marksRecords: true), only: ["SL-LOGIN-1"])
        let failed = try #require(marked.results.first)
        #expect(failed.outcome == .failed)
        let issue = try #require(failed.issues.first { $0.kind == .expectation(.signedIn) })
        #expect(issue.message == "the app considers alice signed in but does not show them")
        #expect(issue.observed.contains("but the backend records (marked record)"), "\(issue.observed)")
        #expect(issue.observed.contains("(record)"))

        // An app that shows the name in its own words passes with its records marked.
        let named = try await Self.run(ReshapedAdapter(marksRecords: true), only: ["SL-LOGIN-1"])
        #expect(named.results.allSatisfy { $0.outcome == .passed }, "\(TestSupport.unpassed(named.results))")
    }

    @Test("doctor fails a surface the handshake declares that no observation reports, and checks nothing for an adapter that declares none")
    func doctorNamesUnreportedSurface() async throws {
        let hiding = ReshapedAdapter(surfaces: .only(Set(StoredItem.Area.deviceSurfaces)), hides: [.widget])
        let report = await AdapterDoctor(.inProcess { hiding }).run()
        let check = try #require(report.outcomes.first { $0.name == "every surface the app declares is reported" }, "\(report.render(terminal: false))")
        #expect(check.status == .failed)
        #expect(check.detail == "declared but never reported: widget")

        let reference = await AdapterDoctor(.inProcess { ReferenceAppAdapter() }).run()
        #expect(reference.outcomes.first { $0.name == "every surface the app declares is reported" }?.status == .passed, "\(reference.render(terminal: false))")
        let old = await AdapterDoctor(.inProcess { ReshapedAdapter(hides: [.widget]) }).run()
        #expect(!old.outcomes.contains { $0.name == "every surface the app declares is reported" })
        #expect(old.passed)
    }

    @Test("which scenarios are about device surfaces only: a surface requirement's, not a sign-out's")
    func scenarioSurfaces() throws {
        let spec = try TestSupport.shippedSpec().spec
        let about = Dictionary(uniqueKeysWithValues: spec.requirements.map { ($0.id, $0.deviceSurfaces) })
        #expect(about["SL-SPOTLIGHT-1"] == [.spotlight])
        #expect(about["SL-SNAPSHOT-1"] == [.snapshot])
        #expect(about["SL-LOGOUT-3"] == [])
        #expect(about.filter { !$0.value.isEmpty }.count == 6)
    }

    @Test("the handshake's surfaces travel as an object of booleans; an unknown surface is refused naming them")
    func wire() throws {
        let declared = DeclaredSurfaces(has: [.notification], lacks: [.spotlight, .keychain])
        #expect(declared.had == [.notification] && declared.lacked == [.spotlight])
        let line = String(decoding: try WireCodec.encoder.encode(declared), as: UTF8.self)
        #expect(line == #"{"notification":true,"spotlight":false}"#)
        #expect(try WireCodec.decoder.decode(DeclaredSurfaces.self, from: Data(line.utf8)) == declared)
        #expect {
            try WireCodec.decoder.decode(DeclaredSurfaces.self, from: Data(#"{"file": true}"#.utf8))
        } throws: { "\($0)".contains("unknown surface 'file'; the surfaces are notification, spotlight, pasteboard, widget, activity, snapshot") }
        let handshake = WireProtocol.Handshake(ReshapedAdapter(surfaces: declared).identity)
        #expect(String(decoding: try WireCodec.encoder.encode(handshake), as: UTF8.self).contains(#""surfaces":{"notification":true,"spotlight":false}"#))
        #expect(!String(decoding: try WireCodec.encoder.encode(WireProtocol.Handshake(ReferenceAppAdapter(adapterName: "x").identity)), as: UTF8.self).isEmpty)
    }
}
