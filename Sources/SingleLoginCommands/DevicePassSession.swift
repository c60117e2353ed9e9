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
    /// The token the recorder presents, kept in the state file for a resumed pass.
    var token: String? = nil

    /// Runs the pass from where the state file left it; the confirmations, and whether the pass is complete.
    func run() throws -> (confirmations: [DeviceConfirmation], complete: Bool) {
        input.notify { link.wake() }
        // No state file yet is a new pass; one that cannot be read was refused before listening.
        var confirmations =
            FileManager.default.fileExists(atPath: stateURL.path) ? try DevicePassState.read(from: stateURL).confirmations : []
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
                // Step 0 sets up the scenario's starting state; steps 1 on are the scenario's own, numbered
                // as its verdicts number them.
                let which = step == 0 ? "the starting state (step 0)" : "step \(step) of \(instructions.count - 1)"
                output.out("Procedure \(procedure.number) of \(plan.procedures.count), \(which): \(instruction.text)")
                if instruction.waitsFor != .confirmation {
                    output.out("  (\(instruction.waitsFor.waitingText); 's REASON' skips the step, 'q' stops)")
                    if !link.wait(after: start, timeout: .seconds(300), unless: { input.interruptsWait }, for: instruction.waitsFor.isMet),
                        !input.interruptsWait
                    {
                        output.out(
                            link.isConnected
                                ? "  still \(instruction.waitsFor.waitingText) after 5 minutes, with the recorder connected: do the step, then answer"
                                    + " (an app that has done it but sends nothing may hold a connection the network lost: relaunch it)."
                                : "  no word from the recorder in 5 minutes: " + notConnectedAdvice)
                    }
                }
                guard let answer = answer() else { return (confirmations, false) }
                switch answer {
                case .stop: return (confirmations, false)
                case .again: continue
                case .skip(let reason):
                    confirmations.append(
                        DeviceConfirmation(
                            procedure: procedure.number, step: step, attempt: attempt, tester: tester, time: Self.now(), startSequence: start,
                            checkpointSequence: nil, skipReason: reason))
                case .done:
                    var checkpoint: Int?
                    if step > 0 {
                        output.out("  (taking the app's observation)")
                        checkpoint = link.checkpoint(DeviceConfirmation.label(procedure: procedure.number, step: step))
                        if checkpoint == nil {
                            output.out(
                                link.isConnected
                                    ? "  The recorder took no checkpoint in 30 seconds: relaunch the app if it is running (it connects again at"
                                        + " launch), then do the step again; or skip it."
                                    : "  The recorder took no checkpoint in 30 seconds: " + notConnectedAdvice
                                        + (link.lastRefusal?.relaunchHelps == false ? " Or skip the step." : " Then do the step again, or skip it."))
                            continue
                        }
                    }
                    var shown: [String: Bool] = [:]
                    for name in procedure.asks(step: step) {
                        output.out("  Does the app show \(users.describe(name))'s own data (their records, not only their name)? [y/n]")
                        guard let yes = yesOrNo() else { return (confirmations, false) }
                        shown[name] = yes
                    }
                    confirmations.append(
                        DeviceConfirmation(
                            procedure: procedure.number, step: step, attempt: attempt, tester: tester, time: Self.now(), startSequence: start,
                            checkpointSequence: checkpoint ?? start, dataShown: shown.isEmpty ? nil : shown))
                }
                try DevicePassState(confirmations: confirmations, token: token).write(to: stateURL)
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

    /// What to do when no recorder is connected: relaunch the app; and when the harness refused a
    /// recorder while none was connected (another token, another trace), what the refusal says
    /// first, since the recorder that knocked may be the app itself, which a relaunch cannot mend.
    var notConnectedAdvice: String {
        guard let refused = link.lastRefusal else { return "is the app's debug build running? Relaunching it connects it again." }
        let relaunch = refused.relaunchHelps ? " If the app this pass began with is not running, relaunch it: it connects again at once." : ""
        return "the harness refused a recorder while none was connected: \(refused.reason).\(relaunch)"
    }

    /// Asks for the tester's word on the step until they give one; nil at the input's end. What
    /// was typed before the prompt is dropped, but `q` and `s REASON`, which act at once.
    func answer() -> TesterAnswer? {
        if input.dropTypedAhead() { output.out("  (not taken: what was typed before this prompt)") }
        if !input.interruptsWait {
            output.out("  Press Enter when done; 'r' to do it again, 's REASON' to skip it, 'q' to stop and resume later.")
        }
        while let line = input.next() {
            if let answer = TesterAnswer(line) { return answer }
            output.out("  '\(line)' is not an answer here: press Enter when the step is done, or type 'r', 's REASON' or 'q'.")
        }
        return nil
    }

    /// Asks until the tester answers `y` or `n`; nil at the input's end.
    func yesOrNo() -> Bool? {
        while let line = input.next()?.trimmingCharacters(in: .whitespaces).lowercased() {
            switch line {
            case "y", "yes": return true
            case "n", "no": return false
            default: output.out("  Answer 'y' or 'n'.")
            }
        }
        return nil
    }
}
