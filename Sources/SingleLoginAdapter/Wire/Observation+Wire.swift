import Foundation

extension Observation: WireDecodable {
    /// Reads an observation directly from its bytes, or falls back to ``WireCodec/decoder``
    /// when anything is not as the fast path expects (a wrong type, an unknown kind, a duplicate key).
    public static func decode(wire bytes: ArraySlice<UInt8>) throws -> Observation {
        let fast = bytes.withUnsafeBytes { raw -> Observation? in
            var reader = WireJSONReader(raw)
            return reader.observation()
        }
        if let fast { return fast }
        return try WireCodec.decoder.decode(Observation.self, from: Data(bytes))
    }
}
extension Observation {
    /// The observation as a harness of protocol `minor` (1.x) reads it: without the device
    /// surfaces' items for one older than 1.4, which would refuse the whole observation for an area
    /// it does not know, and without the record marks of 1.6 for one older than that.
    func forHarness(minor: Int) -> Observation {
        guard minor < 6 else { return self }
        var copy = self
        for index in copy.screen.indices { copy.screen[index].isRecord = false }
        if minor < 4 { copy.storage.removeAll { $0.area.isDeviceSurface } }
        return copy
    }
}

extension Observation: WireEncodable {
    /// `{"crashed":...,"running":...,"screen":[...],"signedInAccount":...,"storage":[...]}`.
    public func wireEncoded() -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(96 + screen.reduce(0) { $0 + $1.text.utf8.count + 24 } + storage.reduce(0) { $0 + $1.key.utf8.count + $1.value.utf8.count + 32 })
        out.append(contentsOf: #"{"crashed":"#.utf8)
        out.append(contentsOf: crashed ? Self.trueBytes : Self.falseBytes)
        out.append(contentsOf: #","running":"#.utf8)
        out.append(contentsOf: running ? Self.trueBytes : Self.falseBytes)
        out.append(contentsOf: #","screen":["#.utf8)
        for (index, element) in screen.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            out.append(contentsOf: #"{"kind":"#.utf8)
            WireStringEscaper.append(element.kind.rawValue, to: &out)
            if element.isRecord { out.append(contentsOf: #","record":true"#.utf8) }
            out.append(contentsOf: #","text":"#.utf8)
            WireStringEscaper.append(element.text, to: &out)
            out.append(UInt8(ascii: "}"))
        }
        out.append(UInt8(ascii: "]"))
        if let signedInAccount {
            out.append(contentsOf: #","signedInAccount":"#.utf8)
            WireStringEscaper.append(signedInAccount, to: &out)
        }
        out.append(contentsOf: #","storage":["#.utf8)
        for (index, item) in storage.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            out.append(contentsOf: #"{"area":"#.utf8)
            WireStringEscaper.append(item.area.rawValue, to: &out)
            out.append(contentsOf: #","key":"#.utf8)
            WireStringEscaper.append(item.key, to: &out)
            out.append(contentsOf: #","value":"#.utf8)
            WireStringEscaper.append(item.value, to: &out)
            out.append(UInt8(ascii: "}"))
        }
        out.append(contentsOf: "]}".utf8)
        return out
    }

    private static let trueBytes: [UInt8] = Array("true".utf8)
    private static let falseBytes: [UInt8] = Array("false".utf8)
}
