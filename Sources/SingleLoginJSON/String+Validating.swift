extension String {
    /// The text `codeUnits` spell in UTF-8, or nil when they are not valid UTF-8.
    ///
    /// `String(validating:as:)` does this from iOS 18 and macOS 15 on; the kit builds for iOS 16.
    /// Decoding replaces every invalid sequence with U+FFFD, so the code units read back unchanged
    /// exactly when they were valid.
    package init?<CodeUnits: Collection<UInt8>>(validUTF8 codeUnits: CodeUnits) {
        let decoded = String(decoding: codeUnits, as: UTF8.self)
        guard decoded.utf8.elementsEqual(codeUnits) else { return nil }
        self = decoded
    }

    /// The text `codeUnits` spell in UTF-16, or nil when they are not valid UTF-16 (a lone
    /// surrogate), read back as ``init(validUTF8:)`` does.
    package init?<CodeUnits: Collection<UInt16>>(validUTF16 codeUnits: CodeUnits) {
        let decoded = String(decoding: codeUnits, as: UTF16.self)
        guard decoded.utf16.elementsEqual(codeUnits) else { return nil }
        self = decoded
    }
}
