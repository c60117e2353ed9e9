import Foundation

/// A type the wire decodes straight from the bytes of one value, once.
///
/// The default is ``WireCodec/decoder``. A type that crosses the wire on every round trip (an
/// `Observation`) reads its bytes directly on a fast path and falls back to the decoder for
/// anything the fast path does not expect, so the result, and every error and its message, are
/// always the decoder's.
public protocol WireDecodable: Decodable {
    /// The value whose JSON is `bytes`.
    static func decode(wire bytes: ArraySlice<UInt8>) throws -> Self
}

extension WireDecodable {
    /// Decodes with ``WireCodec/decoder``.
    public static func decode(wire bytes: ArraySlice<UInt8>) throws -> Self {
        try WireCodec.decoder.decode(Self.self, from: Data(bytes))
    }
}
