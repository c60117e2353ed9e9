import CommandLineKit
import ReferenceApp
import SingleLoginConformance
import SingleLoginEvents

/// What `device-pass` prints besides the reports: the plan (`--list`) and the agreement table (`--agreement`).
enum DevicePassListing {
    /// The plan: each procedure's steps in words, what the harness waits for, the test cases it
    /// covers; then what is not on a device and why; then the totals.
    static func print(_ plan: DevicePlan, users: DeviceUsers, to output: TextOutput) {
        for procedure in plan.procedures {
            output.out(
                "Procedure \(procedure.number): \(procedure.scenario.name) (covers \(procedure.covers.count) test case\(procedure.covers.count == 1 ? "" : "s"))"
            )
            for (number, instruction) in DeviceInstruction.steps(of: procedure, users: users).enumerated() {
                let asks = procedure.asks(step: number)
                let question = asks.isEmpty ? "" : " Then say whether the app shows \(asks.map { users.describe($0) }.joined(separator: " / "))'s own data."
                output.out("  \(number). \(instruction.text)\(question) [\(instruction.waitsFor.waitingText)]")
            }
            output.out("  judges: " + procedure.covers.map(\.id.description).joined(separator: "; "))
        }
        output.out("")
        output.out("Not on a device (\(plan.uncovered.count) test cases, reported as not judged on a device):")
        for uncovered in plan.uncovered { output.out("  \(uncovered.id): \(uncovered.reason)") }
        output.out("")
        let covered = plan.procedures.reduce(0) { $0 + $1.covers.count }
        output.out(
            "\(plan.procedures.count) procedures, \(plan.stepCount) steps, about \(plan.estimatedMinutes) minutes; they judge \(covered) of \(covered + plan.uncovered.count) test cases."
        )
    }

    /// The agreement table: per requirement, run's verdict and the device pass's over the covered test cases.
    static func print(_ agreement: DevicePassAgreement, flaws: Set<ReferenceAppFlaw>, to output: TextOutput) {
        let app = flaws.isEmpty ? "the conformant reference app" : "the reference app with " + flaws.map(\.rawValue).sorted().joined(separator: ", ")
        output.out("")
        output.out("Agreement with 'run' on \(app), over the test cases the pass covers:")
        output.out("requirement        cases  run          device       comparison")
        for row in agreement.rows {
            output.out(
                row.requirementID.padding(toLength: 19, withPad: " ", startingAt: 0) + String(row.cases).padding(toLength: 7, withPad: " ", startingAt: 0)
                    + row.run.name.padding(toLength: 13, withPad: " ", startingAt: 0) + row.device.name.padding(toLength: 13, withPad: " ", startingAt: 0)
                    + row.comparison.rawValue)
        }
        output.out(
            "\(agreement.count(.agree)) agree, \(agreement.count(.notJudgedOnDevice)) not judged on the device, \(agreement.count(.disagree)) disagree.")
    }
}
