import Foundation

/// The one JSON configuration both sides of the wire use: ISO 8601 dates, sorted keys.
public enum WireCodec {
    /// The encoder: compact (one message per line), sorted keys, ISO 8601 dates. Made once:
    /// a new encoder per message costs more than encoding a small message.
    public static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }()

    /// The decoder: ISO 8601 dates. Made once.
    public static let decoder: JSONDecoder = {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }()
}

extension WireCodec {
    /// One line of JSON for `value`, without the newline.
    public static func line(_ value: some Encodable) throws -> Data { try encoder.encode(value) }
}
