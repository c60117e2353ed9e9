import Foundation

extension JSONValue {
    /// Converts any `Encodable` into a JSON value, as the wire writes it.
    public init(encoding value: some Encodable) throws {
        self = try WireCodec.decoder.decode(JSONValue.self, from: WireCodec.encoder.encode(value))
    }

    /// Converts this value into a `Decodable` type, as the wire reads it.
    public func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try WireCodec.decoder.decode(T.self, from: WireCodec.encoder.encode(self))
    }
}
