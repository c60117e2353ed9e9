import Foundation
import SingleLoginAdapter
import SingleLoginEvents
import SingleLoginRecorder
import SingleLoginSpec

/// A judged device pass as the event stream every recorder reads (console, JUnit, Markdown, HTML,
/// JSON Lines, the bundle): `runStarted` with a device-pass context, each requirement's test cases
/// with their calls and issues, `runEnded`, in catalogue order.
public enum DevicePassEvents {
    /// What the report's device row says: the device, its system, the app's MSAL, the broker's
    /// answer to getDeviceInformation (mode and extraDeviceInformation), the tester, the confirmations.
    public static func describe(trace: DeviceTrace, confirmations: [DeviceConfirmation], standIn: Bool) -> String {
        var parts: [String] = []
        if let header = trace.header {
            parts.append("\(header.deviceModel), \(header.operatingSystem), app \(header.bundleID) \(header.appVersion), MSAL \(header.msalVersion)")
        }
        if let information = trace.lines.compactMap(\.call).last(where: { $0.method == "getDeviceInformation" }) {
            if let result = information.result {
                let extra = (result.extraDeviceInformation ?? [:]).sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
                parts.append(
                    "broker: deviceMode \(result.deviceMode ?? "?"), hasAADSSOExtension \(result.hasAADSSOExtension.map(String.init) ?? "?")"
                        + (extra.isEmpty ? "" : ", \(extra)"))
            }
            if let error = information.error {
                parts.append("getDeviceInformation error \(error.domain) \(error.code)" + (error.internalCode.map { " internal \($0)" } ?? ""))
            }
        }
        let testers = Array(Set(confirmations.map(\.tester))).sorted()
        parts.append(
            "tester \(testers.joined(separator: ", ")), \(confirmations.count) confirmations from \(confirmations.first?.time ?? "?") to \(confirmations.last?.time ?? "?")"
        )
        if standIn { parts.append("STAND-IN: the reference app over the simulated broker with a scripted tester, not a real device") }
        return parts.joined(separator: "; ")
    }

    /// Emits `judgement` of a pass over `spec` to `handler`.
    public static func emit(
        _ judgement: DeviceJudge.Judgement, spec: LoadedSpec, description: String, gate: Gate, standIn: Bool, startDate: Date, hostname: String,
        handler: (Event) -> Void
    ) {
        var context = RunContext(
            kind: .devicePass, specID: spec.spec.id, specVersion: spec.spec.version, specTitle: spec.spec.title, specSHA256: spec.sha256Hex,
            harnessVersion: HarnessVersion.current, adapter: nil, hostname: hostname, startDate: startDate, gate: gate, referenceApp: standIn,
            subject: .device(description))
        context.gate = gate
        let planned = judgement.results.map { PlannedTestCase(id: $0.id, requirement: $0.requirement) }
        handler(Event(.runStarted(context, plan: planned)))
        var index = 0
        while index < judgement.results.count {
            let requirement = judgement.results[index].requirement
            var results: [TestCaseResult] = []
            handler(Event(.requirementStarted(requirement)))
            while index < judgement.results.count, judgement.results[index].requirement.id == requirement.id {
                let result = judgement.results[index]
                handler(Event(.testCaseStarted(result.id)))
                for observation in judgement.observations[result.id] ?? [] { handler(Event(.observed(result.id, observation))) }
                for call in result.transcript { handler(Event(.brokerCalled(result.id, call))) }
                for issue in result.issues { handler(Event(.issueRecorded(result.id, issue))) }
                handler(Event(.testCaseEnded(result)))
                results.append(result)
                index += 1
            }
            handler(Event(.requirementEnded(RequirementResult(requirement: requirement, results: results, gate: gate))))
        }
        handler(Event(.runEnded(RunSummary(results: judgement.results, duration: 0, interrupted: false))))
    }
}
