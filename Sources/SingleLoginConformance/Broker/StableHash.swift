/// Deterministic hashing for generated ids and markers (FNV-1a, 64 bit, chained).
enum StableHash {
    /// `length` lowercase hex digits derived from `text`: each round's hash as 16 digits, zero-padded.
    static func hex(_ text: String, length: Int) -> String {
        // Bytes and plain loops: every simulated user and session derives ids here, many times a run.
        let digits = Array("0123456789abcdef".utf8), bytes = Array(text.utf8)
        var output: [UInt8] = []
        output.reserveCapacity(length + 16)
        var round: UInt64 = 0
        while output.count < length {
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325 &+ round
            var index = 0
            while index < bytes.count {
                hash ^= UInt64(bytes[index])
                hash = hash &* 0x100_0000_01b3
                index &+= 1
            }
            var shift: UInt64 = 64
            while shift > 0 {
                shift &-= 4
                output.append(digits[Int(truncatingIfNeeded: (hash &>> shift) & 0xF)])
            }
            round &+= 1
        }
        return String(decoding: output[..<length], as: UTF8.self)
    }

    /// `hex(seed, length: 32)` shaped as a UUID: 8-4-4-4-12 digits.
    static func uuid(_ seed: String) -> String {
        var text = Array(hex(seed, length: 32).utf8)
        for offset in [20, 16, 12, 8] { text.insert(UInt8(ascii: "-"), at: offset) }
        return String(decoding: text, as: UTF8.self)
    }
}
