import Foundation
import SeededRandom

/// Chooses faults at random, reproducibly from a seed and the adapter's instance number.
final class RandomFaults {
    private var generator: SplitMix64
    private let rate: Double
    /// The instance number this process drew (from the counter file, or 0).
    let instance: Int

    /// The faults that end a scenario, chosen from at random.
    static let fatal: [Fault] = [
        .hang, .neverSettle, .exit(3), .exit(0), .signal(SIGSEGV), .signal(SIGKILL), .garbage, .partialLineExit,
        .hugeLine(10 << 20), .wrongId, .duplicate, .unsolicited, .stdoutLog, .unknownMethod, .badObservation, .errorAnswer,
    ]
    /// Faults that strike at the handshake.
    static let handshake: [Fault] = [.hang, .exit(1), .signal(SIGABRT), .protocolVersion("2.0"), .garbage]

    init(seed: UInt64, rate: Double, instance: Int) {
        self.rate = rate
        self.instance = instance
        generator = SplitMix64(seed: seed &* 0x9E37_79B9_7F4A_7C15 ^ UInt64(instance) &* 0xBF58_476D_1CE4_E5B9)
    }

    /// One in five of the faulty instances fails at the handshake.
    func handshakeFaults() -> [FaultPlan] {
        guard chance(rate / 5) else { return [] }
        let fault = pick(Self.handshake)
        log("random fault for this instance (\(instance)): \(fault) at the handshake")
        return [FaultPlan(fault: fault, trigger: .handshake)]
    }

    /// The faults for the scenario that starts with this reset: one-shot plans with absolute triggers, and continuous ones.
    func scenarioFaults(events: Int, brokerCalls: Int, resets: Int) -> ([FaultPlan], [Fault]) {
        var continuing: [Fault] = []
        if chance(rate / 2) { continuing.append(chance(0.5) ? .slow(Int(next() % 40) + 10) : .stderrFlood(1)) }
        guard chance(rate) else { return ([], continuing) }
        let fault = pick(Self.fatal)
        let trigger: Trigger
        switch next() % 4 {
        case 0: trigger = .reset(resets)
        case 1: trigger = .msal(brokerCalls + Int(next() % 3) + 1)
        default: trigger = .event(nil, events + Int(next() % 2) + 1)
        }
        log("random fault for the next scenario: \(fault) at \(trigger)")
        return ([FaultPlan(fault: fault, trigger: trigger)], continuing)
    }

    /// Whether to start a grandchild (`sleep 300`) to prove that the whole group ends.
    func wantsGrandchild() -> Bool { chance(0.2) }

    private func chance(_ probability: Double) -> Bool { Double(next() >> 11) / Double(1 << 53) < probability }
    private func pick<T>(_ items: [T]) -> T { items[Int(next() % UInt64(items.count))] }
    private func next() -> UInt64 { generator.next() }

    /// Reads and increments the number in `path` under an exclusive lock: each process gets its own.
    static func drawInstance(counter path: String) -> Int {
        let fd = open(path, O_RDWR | O_CREAT, 0o644)
        guard fd >= 0 else { return Int(getpid()) }
        defer { close(fd) }
        flock(fd, LOCK_EX)
        defer { flock(fd, LOCK_UN) }
        var buffer = [UInt8](repeating: 0, count: 32)
        let count = read(fd, &buffer, buffer.count)
        let current = Int(String(decoding: buffer.prefix(max(0, count)), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
        let text = Array("\(current + 1)\n".utf8)
        _ = ftruncate(fd, 0)
        _ = pwrite(fd, text, text.count, 0)
        return current
    }
}
