extension CaseIterable where Self: RawRepresentable, RawValue == String {
    /// The case `decoder` holds, by its raw value; an unknown value is an error that names it and
    /// every case (`unknown area 'keychian'; the areas are keychain, file, ...`), so an adapter's
    /// author, or a tester with an older recorder's trace, reads the fix in the harness's message,
    /// not a decoder's internals.
    static func decodeCase(from decoder: any Decoder, what: String) throws -> Self {
        let container = try decoder.singleValueContainer()
        let raw = try container.decode(String.self)
        guard let value = Self(rawValue: raw) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "unknown \(what) '\(raw)'; the \(what)s are \(allCases.map(\.rawValue).joined(separator: ", "))")
        }
        return value
    }
}
