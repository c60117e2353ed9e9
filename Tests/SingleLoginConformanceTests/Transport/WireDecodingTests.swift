import Foundation
import Testing
@testable import SingleLoginAdapter

@Suite("The wire's one-pass reading: lines scanned once, observations read straight from their bytes")
struct WireDecodingTests {
    static let observations: [String] = [
        #"{"crashed":false,"running":false,"screen":[],"storage":[]}"#,
        #"{"running":true,"crashed":false,"signedInAccount":"oid.tid","screen":[{"kind":"text","text":"Signed in as Alice Adams"},{"kind":"button","text":"Sign out"}],"storage":[{"area":"keychain","key":"k","value":"v"}]}"#,
        #"{"running":true,"crashed":true,"signedInAccount":null,"screen":[],"storage":[]}"#,
        "{ \"running\" : true ,\n \"crashed\":false, \"screen\" : [ { \"text\" : \"x\" , \"kind\" : \"alert\" } ] , \"storage\" : [ ] }\n",
        #"{"running":true,"crashed":false,"screen":[{"kind":"text","text":"quote \" slash \/ back \\ nl \n tab \t e \u00e9 smile \ud83d\ude00 raw é 😀"}],"storage":[]}"#,
        // The fast path hands these to the decoder: an unknown key, a duplicate, a kind it does not know,
        // a number for a bool, a missing key, a lone surrogate, invalid UTF-8, trailing bytes, not an object.
        #"{"running":true,"crashed":false,"screen":[],"storage":[],"future":{"nested":[1,2]}}"#,
        #"{"running":true,"running":false,"crashed":false,"screen":[],"storage":[]}"#,
        #"{"running":true,"crashed":false,"screen":[{"kind":"label","text":"Hi"}],"storage":[]}"#,
        #"{"running":1,"crashed":false,"screen":[],"storage":[]}"#,
        #"{"running":true,"screen":[],"storage":[]}"#,
        #"{"running":true,"crashed":false,"signedInAccount":"\ud83d","screen":[],"storage":[]}"#,
        "{\"running\":true,\"crashed\":false,\"signedInAccount\":\"\u{FF}\",\"screen\":[],\"storage\":[]}",
        #"{"running":true,"crashed":false,"screen":[],"storage":[]} x"#,
        #"[1,2]"#,
        #"{"running":truex,"crashed":false,"screen":[],"storage":[]}"#,
    ]

    @Test("reading an observation from its bytes gives what the decoder gives: the same value, or an error", arguments: observations)
    func sameAsDecoder(_ json: String) {
        var bytes = Array(json.utf8)
        if json.contains("\u{FF}") { bytes = bytes.map { $0 == 0xC3 ? 0xFF : $0 }.filter { $0 != 0xBF } }  // a lone 0xFF byte
        let expected = try? WireCodec.decoder.decode(Observation.self, from: Data(bytes))
        let read = try? Observation.decode(wire: bytes[...])
        #expect(read == expected, "\(json)")
    }

    @Test("the fast path reads well-formed observations itself, escapes and all")
    func fastPathTaken() {
        for json in Self.observations.prefix(5) {
            let fast = Array(json.utf8).withUnsafeBytes(Observation.read(fastPath:))
            #expect(fast != nil, "\(json)")
        }
        let text = Array(Self.observations[4].utf8).withUnsafeBytes(Observation.read(fastPath:))?.screen.first?.text
        #expect(text == "quote \" slash / back \\ nl \n tab \t e é smile 😀 raw é 😀")
    }

    @Test("a line's members are found in one pass; anything but one JSON object is not a message")
    func scan() throws {
        let line = Array(#"{"id":12,"jsonrpc":"2.0","result":{"a":[1,{"b":"}"}]},"extra":"x"}"#.utf8)
        let scan = try #require(WireScan(line))
        #expect(scan.isJSONRPC2 && !scan.isRequest)
        #expect(scan.integerId(in: line) == 12)
        #expect(String(decoding: line[scan.result!], as: UTF8.self) == #"{"a":[1,{"b":"}"}]}"#)
        let request = Array(#"{"jsonrpc":"2.0","id":"a","method":"msal.signout","params":{"accountIdentifier":"x"}}"#.utf8)
        let requestScan = try #require(WireScan(request))
        #expect(requestScan.methodName(in: request) == "msal.signout" && requestScan.integerId(in: request) == nil)
        for garbage in ["[INFO] handling event launch", "Segmentation fault", "{\"id\":1", "{\"id\":1} trailing", "", "{\"id\":1,}", "{\"a\" 1}"] {
            #expect(WireScan(Array(garbage.utf8)) == nil, "\(garbage)")
        }
        #expect(WireScan(Array(#"{"id":1,"jsonrpc":"1.0"}"#.utf8))?.isJSONRPC2 == false)
    }

    @Test("requests and answers are written byte for byte as the encoder writes them")
    func lines() throws {
        let request = WireLine.request(id: 42, method: "observe", params: WireLine.emptyObject)
        let encoded = try WireCodec.encoder.encode(WireRequest(id: 42, method: "observe", params: WireEmpty()))
        #expect(request == Array(encoded) + [0x0A])
        let observation = Observation(running: true, signedInAccount: "a", screen: [ScreenElement(.text, "t")], storage: [])
        let response = WireLine.response(id: WireLine.digits(7), result: try WireLine.encode(observation))
        #expect(response == Array(try WireCodec.encoder.encode(WireResponse(id: .number(7), result: observation))) + [0x0A])
        let failure = WireLine.failure(id: WireLine.nullId, error: WireError(code: -32700, message: "not JSON"))
        #expect(String(decoding: failure, as: UTF8.self) == #"{"error":{"code":-32700,"message":"not JSON"},"id":null,"jsonrpc":"2.0"}"# + "\n")
    }

    @Test("lines are split across chunks; an overlong line is dropped but counted; a cut-off end is kept")
    func splitter() {
        var splitter = WireLineSplitter(maximumLineLength: 8)
        func feed(_ text: String) { Array(text.utf8).withUnsafeBytes { splitter.append($0) } }
        feed("ab")
        #expect(splitter.nextLine() == nil && splitter.partialLine == Array("ab".utf8))
        feed("c\ndef\n0123456789")
        #expect(splitter.nextLine() == .text(Array("abc".utf8)))
        #expect(splitter.nextLine() == .text(Array("def".utf8)))
        #expect(splitter.nextLine() == nil && splitter.partialLine.isEmpty, "a line being dropped keeps nothing")
        feed("xyz\nrest")
        #expect(splitter.nextLine() == .overlong(13))
        #expect(splitter.nextLine() == nil)
        splitter.finish()
        #expect(splitter.nextLine() == .unterminated(Array("rest".utf8)))
        #expect(splitter.nextLine() == nil)
    }
}
