import Foundation
import SingleLoginAdapter

/// Protocol 1.6's held answers, for an adapter that declared ``WireProtocol/Capability/concurrentCalls``:
/// a call whose answer a scenario holds is answered at once as things stand, the adapter is told
/// (`held`), and the answer is written when a step has released it, before the next request.
extension JSONRPCSession {
    /// One of the app's calls whose answer waits for a step to release it.
    struct HeldCall: Sendable {
        /// The broker's ticket for the hold.
        var ticket: Int
        /// The call's method, for messages.
        var method: String
        /// The answer's line, made when the call came.
        var answer: [UInt8]
    }

    /// The request a concurrent adapter's call says it was made under (`params.underRequest`).
    static func underRequest(in line: [UInt8], _ scan: WireScan) -> Int? {
        guard let params = scan.params, let member = WireScan.member(WireProtocol.underRequestMember, inObject: params, of: line) else {
            return nil
        }
        return Int(String(decoding: line[member], as: UTF8.self))
    }

    /// Writes the answers of the held calls that a step has released, in the order the calls came.
    func sendReleasedAnswers(before deadline: ContinuousClock.Instant, pending: Pending) async throws {
        guard let holding = environment?.broker as? any CallHolding else { return }
        var waiting: [HeldCall] = []
        for call in heldCalls {
            guard await holding.isReleased(call.ticket) else {
                waiting.append(call)
                continue
            }
            wireLog?.record(.sent, call.answer.dropLast())
            try deliver(call.answer, before: deadline, pending: pending)
        }
        heldCalls = waiting
    }

    /// How many answers wait for a step to release them.
    package var heldCallCount: Int { heldCalls.count }

    /// `settle` (1.6): writes the released answers, then waits until the app has settled again; the answer is the observation.
    package func settle() async throws -> Observation {
        try await call(.plain(.settle), as: Observation.self)
    }
}
