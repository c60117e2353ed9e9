import SingleLoginEvents

/// How fast the Swift signer signs: RS256 signatures per second with the tenant key.
public enum SigningRate {
    /// Signs distinct messages for about `duration` and returns signatures per second (each one
    /// includes its self-check with the public exponent, as every token's signature does).
    public static func measure(duration: Duration = .seconds(1)) -> (signatures: Int, perSecond: Double) {
        let clock = ContinuousClock()
        let started = clock.now
        var count = 0
        var sink: UInt8 = 0
        while clock.now - started < duration {
            sink ^= TestKeys.tenant.key.signRS256(Array("header.payload.\(count)".utf8))[0]
            count += 1
        }
        let elapsed = clock.now - started
        return (count + Int(sink & 0), Double(count) / elapsed.inSeconds)
    }
}
