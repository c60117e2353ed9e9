/// A type the wire encodes straight into bytes: the same bytes ``WireCodec/encoder`` writes
/// (keys sorted, no spaces, slashes unescaped), without its containers and boxes.
///
/// An `Observation` answers every event and observe, so the adapter kit writes it directly;
/// a test holds it to the encoder's output byte for byte.
public protocol WireEncodable: Encodable {
    /// The value as one JSON value's bytes.
    func wireEncoded() -> [UInt8]
}
