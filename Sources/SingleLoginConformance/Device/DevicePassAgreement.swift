import SingleLoginEvents

/// How a device pass's verdicts compare with a simulated run's, requirement by requirement, over
/// the test cases the pass covers: what `device-pass --stand-in --agreement` prints and the tests hold.
public struct DevicePassAgreement: Sendable {
    /// One requirement's row.
    public struct Row: Sendable, Hashable {
        /// The requirement.
        public var requirementID: String
        /// The covered test cases.
        public var cases: Int
        /// `run`'s verdict over those test cases.
        public var run: Verdict
        /// The device pass's verdict over them.
        public var device: Verdict
        /// How the two compare.
        public var comparison: DevicePassComparison
    }

    /// The rows, one per requirement with covered test cases, in catalogue order.
    public var rows: [Row]

    /// Compares `device` with `run` over `plan`'s covered test cases, under `gate`.
    public init(plan: DevicePlan, run: [TestCaseResult], device: [TestCaseResult], gate: Gate = .mustAndShould) {
        let covered = Set(plan.procedures.flatMap { $0.covers.map(\.id) })
        var order: [String] = []
        var runByRequirement: [String: [TestCaseResult]] = [:]
        var deviceByRequirement: [String: [TestCaseResult]] = [:]
        for result in run where covered.contains(result.id) {
            if runByRequirement[result.id.requirementID] == nil { order.append(result.id.requirementID) }
            runByRequirement[result.id.requirementID, default: []].append(result)
        }
        for result in device where covered.contains(result.id) { deviceByRequirement[result.id.requirementID, default: []].append(result) }
        rows = order.map { id in
            let runVerdict = Verdict(aggregating: runByRequirement[id] ?? [], gate: gate)
            let deviceVerdict = Verdict(aggregating: deviceByRequirement[id] ?? [], gate: gate)
            let comparison = DevicePassComparison(simulated: runByRequirement[id] ?? [], device: deviceByRequirement[id] ?? [], gate: gate)
            return Row(requirementID: id, cases: runByRequirement[id]?.count ?? 0, run: runVerdict, device: deviceVerdict, comparison: comparison)
        }
    }

    /// How many rows compare so.
    public func count(_ comparison: DevicePassComparison) -> Int { rows.filter { $0.comparison == comparison }.count }
}
