import CommandLineKit
import Foundation
import SingleLoginConformance
import SingleLoginEvents
import SingleLoginRecorder
import SingleLoginSpec

/// The interactive pass on a device (`device-pass --listen`), as a CTS Verifier test runs: each step's
/// instruction in words, what the harness waits for, the tester's word (done, retry, skip with a
/// reason, quit), and after each procedure the verdicts of the test cases it covers. Every
/// confirmation is saved at once, so an interrupted pass resumes where it stopped.
/// It blocks (on the tester, on the device): it runs on a thread of its own.
struct DevicePassSession: Sendable {
    let plan: DevicePlan
    let users: DeviceUsers
    let link: DeviceLink
    let tester: String
    let stateURL: URL
    let judge: DeviceJudge
    let output: TextOutput
    /// The tester's lines (stdin).
    let input: TesterInput

    /// Runs the pass from where the state file left it; the confirmations, and whether the pass is complete.
    func run() throws -> (confirmations: [DeviceConfirmation], complete: Bool) {
        input.notify { link.wake() }
        var confirmations = (try? DevicePassState.read(from: stateURL).confirmations) ?? []
        if !confirmations.isEmpty { output.out("Resuming: \(confirmations.count) confirmation\(confirmations.count == 1 ? "" : "s") in \(stateURL.path).") }
        for procedure in plan.procedures {
            let instructions = DeviceInstruction.steps(of: procedure, users: users)
            var step = 0
            while step < instructions.count {
                if confirmations.contains(where: { $0.procedure == procedure.number && $0.step == step }) {
                    step += 1
                    continue
                }
                let attempt = 1 + confirmations.filter { $0.procedure == procedure.number && $0.step == step }.count
                let instruction = instructions[step]
                // The step's evidence is what comes after it is shown: taken before showing it, so a
                // tester (or an app) that acts at once is not waited for again.
                let start = link.lastSequence
                output.out("")
                output.out("Procedure \(procedure.number) of \(plan.procedures.count), step \(step) of \(instructions.count - 1): \(instruction.text)")
                if instruction.waitsFor != .confirmation {
                    output.out("  (\(instruction.waitsFor.waitingText); 's REASON' skips the step, 'q' stops)")
                    if !link.wait(after: start, timeout: .seconds(300), unless: { input.interruptsWait }, for: instruction.waitsFor.isMet),
                        !input.interruptsWait, case .lifecycle = instruction.waitsFor
                    {
                        output.out("  no word from the recorder yet: is the app's debug build connected?")
                    }
                }
                if !input.interruptsWait {
                    output.out("  Press Enter when done; 'r' to do it again, 's REASON' to skip it, 'q' to stop and resume later.")
                }
                guard let answer = input.next()?.trimmingCharacters(in: .whitespaces) else { return (confirmations, false) }
                switch answer.first {
                case "q": return (confirmations, false)
                case "r": continue
                case "s":
                    let reason = String(answer.dropFirst()).trimmingCharacters(in: .whitespaces)
                    confirmations.append(
                        DeviceConfirmation(
                            procedure: procedure.number, step: step, attempt: attempt, tester: tester, time: Self.now(), startSequence: start,
                            checkpointSequence: nil, skipReason: reason.isEmpty ? "no reason given" : reason))
                default:
                    var checkpoint: Int?
                    if step > 0 {
                        output.out("  (taking the app's observation)")
                        checkpoint = link.checkpoint(DeviceConfirmation.label(procedure: procedure.number, step: step))
                        if checkpoint == nil {
                            output.out("  The recorder took no checkpoint (is the app connected?): do the step again, or skip it.")
                            continue
                        }
                    }
                    var shown: [String: Bool] = [:]
                    for name in procedure.asks(step: step) {
                        output.out("  Does the app show \(users.describe(name))'s own data (their records, not only their name)? [y/n]")
                        shown[name] = input.next()?.lowercased().hasPrefix("y") == true
                    }
                    confirmations.append(
                        DeviceConfirmation(
                            procedure: procedure.number, step: step, attempt: attempt, tester: tester, time: Self.now(), startSequence: start,
                            checkpointSequence: checkpoint ?? start, dataShown: shown.isEmpty ? nil : shown))
                }
                try DevicePassState(confirmations: confirmations).write(to: stateURL)
                step += 1
            }
            let judged = judge.judge(plan: plan, trace: link.trace, confirmations: confirmations).results
            for covered in procedure.covers {
                guard let result = judged.first(where: { $0.id == covered.id }) else { continue }
                let verdict = Verdict(of: result, gate: .mustAndShould)
                output.out("  \(verdict.name.uppercased()) \(covered.id)" + (verdict.reason.map { ": \($0)" } ?? ""))
                for issue in result.issues { output.out("    \(issue.message)") }
            }
        }
        return (confirmations, true)
    }

    static func now() -> String { ISO8601DateFormatter().string(from: Date()) }
}
