import Foundation

extension Observation: WireDecodable {
    /// Reads an observation directly from its bytes, or falls back to ``WireCodec/decoder``
    /// when anything is not as the fast path expects (a wrong type, an unknown kind, a duplicate key).
    public static func decode(wire bytes: ArraySlice<UInt8>) throws -> Observation {
        if let fast = bytes.withUnsafeBytes(read(fastPath:)) { return fast }
        return try WireCodec.decoder.decode(Observation.self, from: Data(bytes))
    }

    /// The observation in `bytes`, read with the JSON scanner; nil at the first surprise (a key it
    /// does not know, which the decoder ignores but whose value's syntax it checks; a duplicate;
    /// a wrong type; a syntax error): the decoder then decides.
    static func read(fastPath bytes: UnsafeRawBufferPointer) -> Observation? {
        var scanner = JSONScanner(bytes)
        var running: Bool?, crashed: Bool?, screen: [ScreenElement]?, storage: [StoredItem]?
        var account: String??
        do throws(JSONSyntaxError) {
            let finished = try scanner.readObject { (key: JSONScanner.Key, scanner: inout JSONScanner) throws(JSONSyntaxError) -> Bool in
                switch key {
                case "running" where running == nil: running = try scanner.readBool()
                case "crashed" where crashed == nil: crashed = try scanner.readBool()
                case "signedInAccount" where account == nil: account = .some(try scanner.readNull() ? nil : scanner.readString())
                case "screen" where screen == nil: screen = try readArray(&scanner, ScreenElement.read(fastPath:))
                case "storage" where storage == nil: storage = try readArray(&scanner, StoredItem.read(fastPath:))
                default: return false
                }
                return true
            }
            guard finished, scanner.isAtEnd(), let running, let crashed, let screen, let storage else { return nil }
            return Observation(running: running, crashed: crashed, signedInAccount: account ?? nil, screen: screen, storage: storage)
        } catch {
            return nil
        }
    }

    /// The string members `keys` of an object, in that order; nil when one is missing, repeated or
    /// not a string, or when the object has another.
    fileprivate static func readStrings(_ scanner: inout JSONScanner, _ keys: [StaticString]) throws(JSONSyntaxError) -> [String]? {
        var values = [String?](repeating: nil, count: keys.count)
        let finished = try scanner.readObject { (key: JSONScanner.Key, scanner: inout JSONScanner) throws(JSONSyntaxError) -> Bool in
            guard let index = keys.firstIndex(where: { $0 ~= key }), values[index] == nil else { return false }
            values[index] = try scanner.readString()
            return true
        }
        let found = values.compactMap { $0 }
        return finished && found.count == keys.count ? found : nil
    }

    /// An array whose every element `element` reads; nil when one is not as expected.
    private static func readArray<Element>(
        _ scanner: inout JSONScanner, _ element: (inout JSONScanner) throws(JSONSyntaxError) -> Element?
    ) throws(JSONSyntaxError) -> [Element]? {
        var elements: [Element] = []
        let finished = try scanner.readArray { (scanner: inout JSONScanner) throws(JSONSyntaxError) -> Bool in
            guard let next = try element(&scanner) else { return false }
            elements.append(next)
            return true
        }
        return finished ? elements : nil
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
            JSONStringEscaper.append(element.kind.rawValue, to: &out)
            if element.isRecord { out.append(contentsOf: #","record":true"#.utf8) }
            out.append(contentsOf: #","text":"#.utf8)
            JSONStringEscaper.append(element.text, to: &out)
            out.append(UInt8(ascii: "}"))
        }
        out.append(UInt8(ascii: "]"))
        if let signedInAccount {
            out.append(contentsOf: #","signedInAccount":"#.utf8)
            JSONStringEscaper.append(signedInAccount, to: &out)
        }
        out.append(contentsOf: #","storage":["#.utf8)
        for (index, item) in storage.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            out.append(contentsOf: #"{"area":"#.utf8)
            JSONStringEscaper.append(item.area.rawValue, to: &out)
            out.append(contentsOf: #","key":"#.utf8)
            JSONStringEscaper.append(item.key, to: &out)
            out.append(contentsOf: #","value":"#.utf8)
            JSONStringEscaper.append(item.value, to: &out)
            out.append(UInt8(ascii: "}"))
        }
        out.append(contentsOf: "]}".utf8)
        return out
    }

    private static let trueBytes: [UInt8] = Array("true".utf8)
    private static let falseBytes: [UInt8] = Array("false".utf8)
}

extension ScreenElement {
    /// `{"kind":...,"text":...}`, with `"record":BOOL` or not (protocol 1.6), read with the JSON
    /// scanner; nil for anything else.
    fileprivate static func read(fastPath scanner: inout JSONScanner) throws(JSONSyntaxError) -> ScreenElement? {
        var kind: Kind?, text: String?, record: Bool?
        let finished = try scanner.readObject { (key: JSONScanner.Key, scanner: inout JSONScanner) throws(JSONSyntaxError) -> Bool in
            switch key {
            case "kind" where kind == nil: kind = Kind(rawValue: try scanner.readString())
            case "text" where text == nil: text = try scanner.readString()
            case "record" where record == nil: record = try scanner.readBool()
            default: return false
            }
            return true
        }
        guard finished, let kind, let text else { return nil }
        return ScreenElement(kind, text, isRecord: record ?? false)
    }
}

extension StoredItem {
    /// `{"area":...,"key":...,"value":...}` read with the JSON scanner; nil for anything else.
    fileprivate static func read(fastPath scanner: inout JSONScanner) throws(JSONSyntaxError) -> StoredItem? {
        guard let values = try Observation.readStrings(&scanner, Self.keys), let area = Area(rawValue: values[0]) else { return nil }
        return StoredItem(area, values[1], values[2])
    }

    private static let keys: [StaticString] = ["area", "key", "value"]
}
