import Foundation
import SingleLoginEvents

/// What happened when on BE-ROTATE-1's process, in seconds from its start, for reports:
/// `started 0.0 s; healthy 0.4 s; first valid token sent 0.4 s (200 OK after 5 ms); discovery
/// document fetched 0.2 s; JWKS fetched 0.2 s (before the append), 10.2 s (after); key appended
/// 0.5 s; rotated token sent 35.2 s (35 s after the last JWKS fetch before the append, 0.2 s)`.
struct RotationTimeline {
    /// When the harness started the process.
    var startedAt: ContinuousClock.Instant
    /// When it first answered `/health` with 200.
    var healthyAt: ContinuousClock.Instant?
    /// When the first valid token was sent.
    var firstSentAt: ContinuousClock.Instant?
    /// When its answer came, and what it was.
    var firstAnswer: (ContinuousClock.Instant, String)?
    /// When the key was appended to the process's view.
    var appendedAt: ContinuousClock.Instant?
    /// When the rotated token was sent.
    var rotatedSentAt: ContinuousClock.Instant?
    /// Why then: the last JWKS fetch before the append (nil: none) and the wait.
    var rotatedDue: (ContinuousClock.Instant?, Duration)?
    /// When the rotated token's answer came, and what it was.
    var rotatedAnswer: (ContinuousClock.Instant, String)?

    /// `12.3 s` from the start.
    func at(_ instant: ContinuousClock.Instant) -> String {
        (instant - startedAt).shortText
    }

    /// The timeline as one line, with each of the view's `fetches` (JWKS fetches marked before or after the append).
    func text(fetches: [TestTenant.Fetch]) -> String {
        var parts = ["Timeline of this process, from its start: started 0.0 s"]
        if let healthyAt { parts.append("healthy \(at(healthyAt))") }
        if let firstSentAt { parts.append("first valid token sent \(at(firstSentAt))" + (firstAnswer.map { " (\($0.1))" } ?? "")) }
        let metadata = fetches.filter { $0.document == .metadata }.map { at($0.instant) }
        parts.append("discovery document fetched " + (metadata.isEmpty ? "never" : metadata.joined(separator: ", ")))
        let jwks = fetches.filter { $0.document == .jwks }.map { fetch -> String in
            guard let appendedAt else { return at(fetch.instant) }
            return at(fetch.instant) + (fetch.instant < appendedAt ? " (before the append)" : " (after the append: it lists the new key)")
        }
        parts.append("JWKS fetched " + (jwks.isEmpty ? "never" : jwks.joined(separator: ", ")) + " (\(jwks.count) time\(jwks.count == 1 ? "" : "s"))")
        if let appendedAt { parts.append("key \(TestKeys.rotation.kid) appended \(at(appendedAt))") }
        if let rotatedSentAt {
            var sent = "rotated token sent \(at(rotatedSentAt))"
            if let (last, wait) = rotatedDue {
                sent +=
                    last.map { " (\(wait.shortText) after the last JWKS fetch before the append, at \(at($0)))" }
                    ?? " (\(wait.shortText) after the append: no JWKS fetch came before it)"
            }
            if let rotatedAnswer { sent += ", answered \(at(rotatedAnswer.0)) (\(rotatedAnswer.1))" }
            parts.append(sent)
        }
        return parts.joined(separator: "; ") + "."
    }
}
