@testable import SingleLoginConformance
import SingleLoginAdapter
import Testing

@Suite("app.hung: the message names what the app was doing, and, while an answer is held, the adapter mistake that looks the same")
struct AppHangTests {
    static func hang(answerHeld: Bool) -> AppHang {
        AppHang(
            event: .accountChangedBroadcast, step: 4, description: "globalSignOut", duringBroadcast: true, waited: .seconds(10), sinceLastAnswer: nil,
            calls: [], transport: "timed out", location: nil, answerHeld: answerHeld)
    }

    @Test("with an answer held, the message says that a handle awaiting an earlier event's work waits for its release; without, it does not")
    func heldAnswerHint() {
        let held = Self.hang(answerHeld: true).message
        let plain = Self.hang(answerHeld: false).message
        #expect(held.hasPrefix("the app did not settle within 10.0 s of 'accountChangedBroadcast' in the broadcast after step 5 'globalSignOut'"))
        #expect(held.contains("await only the work this event began"))
        #expect(!plain.contains("await only"))
        #expect(plain.hasSuffix("a hang, which iOS's watchdog ends"))
    }
}
