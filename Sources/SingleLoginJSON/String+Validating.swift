extension String {
    /// The text `codeUnits` spell in UTF-8, or nil when they are not valid UTF-8.
    ///
    /// `String(validating:as:)` does this from iOS 18 and macOS 15 on; the kit builds for iOS 16.
    package init?<CodeUnits: Collection<UInt8>>(validUTF8 codeUnits: CodeUnits) {
        // Contiguous bytes (every caller's, in practice) are checked before they are decoded:
        // decoding invalid bytes throws inside the standard library, and a test process captures a
        // backtrace for every throw, which made the leftover scanner's base64 and hex guesses costly.
        if let wellFormed = codeUnits.withContiguousStorageIfAvailable({ Self.isWellFormedUTF8($0) }) {
            guard wellFormed else { return nil }
            self = String(decoding: codeUnits, as: UTF8.self)
            return
        }
        // Decoding replaces every invalid sequence with U+FFFD, so the code units read back
        // unchanged exactly when they were valid.
        let decoded = String(decoding: codeUnits, as: UTF8.self)
        guard decoded.utf8.elementsEqual(codeUnits) else { return nil }
        self = decoded
    }

    /// Whether `bytes` are well-formed UTF-8 (The Unicode Standard, table 3-7): no overlong forms,
    /// no surrogates, nothing past U+10FFFF. Plain comparisons, not range patterns, which a debug
    /// build calls generically.
    private static func isWellFormedUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        while index < bytes.count {
            let lead = bytes[index]
            if lead < 0x80 {
                index &+= 1
                continue
            }
            // How many continuation bytes follow, and the range the first of them must lie in.
            var continuations = 3, low: UInt8 = 0x80, high: UInt8 = 0xBF
            if lead < 0xC2 || lead > 0xF4 {
                return false
            } else if lead <= 0xDF {
                continuations = 1
            } else if lead <= 0xEF {
                continuations = 2
                if lead == 0xE0 { low = 0xA0 } else if lead == 0xED { high = 0x9F }
            } else if lead == 0xF0 {
                low = 0x90
            } else if lead == 0xF4 {
                high = 0x8F
            }
            guard bytes.count &- index > continuations else { return false }
            let first = bytes[index &+ 1]
            guard first >= low, first <= high else { return false }
            var next = index &+ 2
            while next <= index &+ continuations {
                guard bytes[next] & 0xC0 == 0x80 else { return false }
                next &+= 1
            }
            index = next
        }
        return true
    }

    /// The text `codeUnits` spell in UTF-16, or nil when they are not valid UTF-16 (a lone
    /// surrogate), read back as ``init(validUTF8:)`` does.
    package init?<CodeUnits: Collection<UInt16>>(validUTF16 codeUnits: CodeUnits) {
        let decoded = String(decoding: codeUnits, as: UTF16.self)
        guard decoded.utf16.elementsEqual(codeUnits) else { return nil }
        self = decoded
    }
}
