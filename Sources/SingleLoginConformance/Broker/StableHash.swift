/// Deterministic hashing for generated ids and markers (FNV-1a, 64 bit, chained).
enum StableHash {
    /// `length` lowercase hex digits derived from `text`.
    static func hex(_ text: String, length: Int) -> String {
        var output = ""
        var round: UInt64 = 0
        while output.count < length {
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325 &+ round
            for byte in text.utf8 {
                hash ^= UInt64(byte)
                hash = hash &* 0x100_0000_01b3
            }
            output += String(hash, radix: 16).leftPadded(to: 16)
            round += 1
        }
        return String(output.prefix(length))
    }
}

extension String {
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
