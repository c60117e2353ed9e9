import SeededRandom
/// Mutates valid spec bytes into near-misses: the inputs most likely to find a crash in a parser.
struct Mutator {
    /// Fragments that are meaningful to JSON or to the spec format.
    static let tokens: [String] = [
        "{", "}", "[", "]", ",", ":", "\"", "\\", "\\u", "\\ud800", "\\udc00", "\\uD83D\\uDE00", "null", "true", "false",
        "0", "-0", "01", "1e999", "-1e-999", "1.", ".5", "NaN", "Infinity", "-", "//", "/*", "*/", "\u{0}", "\t", "\n",
        "\u{FEFF}", "\u{E9}", "\u{1F600}", "\"do\": \"launch\"", "\"check\": \"calls\"", "\"account\": \"zed\"",
        "\"formatVersion\": \"9.0\"", "\"id\": \"SL-LOGIN-1\"", "\"count\": 101", "\"in\": []", "\"matching\": \"(\"",
        "\"answer\": \"cancel\"", "\"method\": \"signout\"", "{}", "[]", "\"\"", "12345678901234567890123",
    ]

    /// Applies one to four random mutations to `input`, sometimes splicing in bytes from `donor`.
    static func mutate(_ input: [UInt8], donor: [UInt8], using random: inout SplitMix64) -> [UInt8] {
        var bytes = input
        for _ in 0..<Int.random(in: 1...4, using: &random) {
            mutateOnce(&bytes, donor: donor, using: &random)
        }
        return bytes
    }

    private static func mutateOnce(_ bytes: inout [UInt8], donor: [UInt8], using random: inout SplitMix64) {
        let position = bytes.isEmpty ? 0 : Int.random(in: 0..<bytes.count, using: &random)
        switch Int.random(in: 0..<10, using: &random) {
        case 0 where !bytes.isEmpty:  // flip a bit
            bytes[position] ^= UInt8(1) << UInt8.random(in: 0..<8, using: &random)
        case 1:  // insert a random byte
            bytes.insert(UInt8.random(in: 0...255, using: &random), at: position)
        case 2 where !bytes.isEmpty:  // delete a range
            let length = Int.random(in: 1...min(16, bytes.count - position), using: &random)
            bytes.removeSubrange(position..<(position + length))
        case 3:  // truncate
            bytes.removeSubrange(position..<bytes.count)
        case 4, 5:  // insert a token
            bytes.insert(contentsOf: Array(tokens.randomElement(using: &random)!.utf8), at: position)
        case 6 where !donor.isEmpty:  // splice a slice of the donor
            let start = Int.random(in: 0..<donor.count, using: &random)
            let end = min(donor.count, start + Int.random(in: 1...200, using: &random))
            let length = bytes.isEmpty ? 0 : Int.random(in: 0...min(200, bytes.count - position), using: &random)
            bytes.replaceSubrange(position..<(position + length), with: donor[start..<end])
        case 7:  // deep nesting, sometimes beyond the parser's limit
            let depth = [10, 511, 512, 513, 5_000, 100_000].randomElement(using: &random)!
            let open: UInt8 = Bool.random(using: &random) ? UInt8(ascii: "[") : UInt8(ascii: "{")
            var nest = [UInt8](repeating: open, count: depth)
            if open == UInt8(ascii: "{") { nest = Array(String(repeating: "{\"a\":", count: depth).utf8) }
            bytes.insert(contentsOf: nest, at: position)
        case 8 where !bytes.isEmpty:  // duplicate a range in place
            let length = Int.random(in: 1...min(64, bytes.count - position), using: &random)
            bytes.insert(contentsOf: bytes[position..<(position + length)], at: position)
        default:  // replace a byte with a structural character
            if !bytes.isEmpty { bytes[position] = Array("{}[],:\"\\ 0-".utf8).randomElement(using: &random)! }
        }
    }
}
