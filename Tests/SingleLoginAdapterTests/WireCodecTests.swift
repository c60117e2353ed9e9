import Foundation
@testable import SingleLoginAdapter
import Testing

/// The line a value encodes to, as text.
func line(_ value: some Encodable) throws -> String {
    String(decoding: try WireCodec.line(value), as: UTF8.self)
}

@Suite("Wire messages encode as one compact line with sorted keys, and decode back")
struct WireMessageTests {
    @Test("a request: integer id, the method's wire name, no absent fields")
    func request() throws {
        let message = WireMessage.request(id: 3, method: BrokerMethod.getCurrentAccount.wireName)
        #expect(try line(message) == #"{"id":3,"jsonrpc":"2.0","method":"msal.getCurrentAccount"}"#)
        let withParams = WireMessage.request(id: 4, method: "event", params: .members(["event": .string("launch")]))
        #expect(try line(withParams) == #"{"id":4,"jsonrpc":"2.0","method":"event","params":{"event":"launch"}}"#)
        #expect(withParams.isRequest)
    }

    @Test("a response and a failure; a failure without an id answers with a null id")
    func responses() throws {
        #expect(try line(WireMessage.response(id: .number(7), result: .object([]))) == #"{"id":7,"jsonrpc":"2.0","result":{}}"#)
        let failure = WireMessage.failure(id: nil, error: WireError(code: WireError.parseError, message: "not a JSON-RPC message"))
        #expect(try line(failure) == #"{"error":{"code":-32700,"message":"not a JSON-RPC message"},"id":null,"jsonrpc":"2.0"}"#)
        #expect(!failure.isRequest)
    }

    @Test(
        "what was encoded decodes to the same message",
        arguments: [
            WireMessage.request(id: 1, method: "initialize", params: .members(["protocolVersion": .string("1.0")])),
            WireMessage.response(id: .number(2), result: .array([.bool(true), .null, .number(0.5), .string("a/b")])),
            WireMessage.failure(id: .string("x"), error: WireError(MSALError(code: -50002, message: "interaction required"))),
        ])
    func roundTrip(message: WireMessage) throws {
        let data = try message.encodedLine()
        #expect(!data.contains(0x0A), "one line")
        #expect(try WireCodec.decoder.decode(WireMessage.self, from: data) == message)
    }

    @Test("slashes are not escaped and keys are sorted at every depth")
    func layout() throws {
        let value = JSONValue.members(["b": .string("https://x/y"), "a": .members(["z": .number(1), "y": .number(2)])])
        #expect(try line(value) == #"{"a":{"y":2,"z":1},"b":"https://x/y"}"#)
    }

    @Test("the typed response and request encode exactly as the untyped messages do")
    func typedEncoding() throws {
        #expect(try line(WireResponse(id: .number(5), result: WireEmpty())) == (try line(WireMessage.response(id: .number(5), result: .object([])))))
        let params = SignoutParameters(accountIdentifier: "oid.tid")
        let typed = try line(WireRequest(id: 9, method: BrokerMethod.signout.wireName, params: params))
        let untyped = try line(WireMessage.request(id: 9, method: "msal.signout", params: JSONValue(encoding: params)))
        #expect(typed == untyped)
    }
}

@Suite("The envelope routes a line without decoding its payload; the payload decodes typed")
struct WireEnvelopeTests {
    @Test("a request is told from a response, and its id read as an integer")
    func routing() throws {
        let request = try WireCodec.decoder.decode(
            WireEnvelope.self, from: Data(#"{"jsonrpc":"2.0","id":12,"method":"msal.acquireToken","params":{"scopes":["User.Read"]}}"#.utf8))
        #expect(request.isRequest && request.method == "msal.acquireToken" && request.integerId == 12 && request.error == nil)
        let response = try WireCodec.decoder.decode(WireEnvelope.self, from: Data(#"{"jsonrpc":"2.0","id":"a","result":{}}"#.utf8))
        #expect(!response.isRequest && response.integerId == nil && response.id == .string("a"))
        let fractional = try WireCodec.decoder.decode(WireEnvelope.self, from: Data(#"{"jsonrpc":"2.0","id":1.5,"result":{}}"#.utf8))
        #expect(fractional.integerId == nil)
    }

    @Test("params and results decode into their types from the same line")
    func typedPayloads() throws {
        let line = Data(
            #"{"jsonrpc":"2.0","id":3,"method":"msal.acquireTokenSilent","params":{"scopes":["User.Read"],"accountIdentifier":"oid.tid","forceRefresh":true}}"#
                .utf8)
        let params = try WireCodec.decoder.decode(WireParams<SilentTokenParameters>.self, from: line).params
        #expect(params == SilentTokenParameters(scopes: ["User.Read"], accountIdentifier: "oid.tid", forceRefresh: true))
        let answer = Data(#"{"jsonrpc":"2.0","id":3,"result":{"deviceMode":"shared","hasAADSSOExtension":true,"extraDeviceInformation":{}}}"#.utf8)
        let information = try WireCodec.decoder.decode(WireResult<DeviceInformation>.self, from: answer).result
        #expect(information == DeviceInformation(deviceMode: .shared, hasAADSSOExtension: true))
    }

    @Test("a response missing its typed result is an error, not a default")
    func missingResult() {
        #expect(throws: DecodingError.self) {
            try WireCodec.decoder.decode(WireResult<DeviceInformation>.self, from: Data(#"{"jsonrpc":"2.0","id":3,"result":{"deviceMode":"shared"}}"#.utf8))
        }
    }
}

@Suite("MSAL errors cross the wire with their domain, code and internal code")
struct WireErrorTests {
    @Test(
        "an MSAL error becomes a JSON-RPC error with its code and data, and comes back the same",
        arguments: [
            MSALError(code: -50005, message: "the user cancelled"),
            MSALError(code: -50000, internalCode: -42714, message: "the broker is not available"),
            MSALError(domain: MSALError.urlDomain, code: -1009, message: "offline"),
        ])
    func roundTrip(error: MSALError) throws {
        let wire = WireError(error)
        #expect(wire.code == error.code)
        #expect(wire.data?["domain"]?.stringValue == error.domain)
        let decoded = try WireCodec.decoder.decode(WireError.self, from: WireCodec.line(wire))
        #expect(decoded.msalError == error)
    }

    @Test("the internal code is written only when there is one")
    func layout() throws {
        #expect(
            try line(WireError(MSALError(code: -50000, internalCode: -42714, message: "m")))
                == #"{"code":-50000,"data":{"domain":"MSALErrorDomain","internalCode":-42714},"message":"m"}"#)
        #expect(try line(WireError(MSALError(code: -50002, message: "m"))) == #"{"code":-50002,"data":{"domain":"MSALErrorDomain"},"message":"m"}"#)
    }

    @Test("a protocol error carries no MSAL error")
    func protocolError() {
        #expect(WireError(code: WireError.methodNotFound, message: "no method 'x'").msalError == nil)
        let codes: [Int] = [WireError.parseError, WireError.invalidRequest, WireError.methodNotFound, WireError.invalidParams, WireError.internalError]
        #expect(codes == [-32700, -32600, -32601, -32602, -32603])
    }
}

@Suite("JSONValue holds any JSON and keeps its kind")
struct JSONValueTests {
    @Test(
        "each kind decodes as itself: true is a boolean, \"1\" a string, 1 a number",
        arguments: [
            ("null", JSONValue.null), ("true", .bool(true)), ("1", .number(1)), (#""1""#, .string("1")), ("-0.25", .number(-0.25)),
            ("[1,[]]", .array([.number(1), .array([])])), (#"{"a":{"b":null}}"#, .members(["a": .members(["b": .null])])),
        ])
    func kinds(text: String, expected: JSONValue) throws {
        #expect(try WireCodec.decoder.decode(JSONValue.self, from: Data(text.utf8)) == expected)
    }

    @Test(
        "whole numbers encode without a fraction, others as doubles",
        arguments: [
            (JSONValue.number(3), "3"), (.number(-42714), "-42714"), (.number(0.5), "0.5"),
        ])
    func numbers(value: JSONValue, expected: String) throws {
        #expect(try line(value) == expected)
    }

    @Test("numbers beyond a 64-bit integer's exact range are written as doubles and read back the same", arguments: [1e15, 2.5e20, -1e300])
    func largeNumbers(value: Double) throws {
        #expect(try WireCodec.decoder.decode(JSONValue.self, from: WireCodec.line(JSONValue.number(value))) == .number(value))
    }

    @Test("its own compact text is the encoder's, byte for byte, when its members are in key order; pretty text indents by two")
    func text() throws {
        let value = JSONValue.members([
            "a": .array([1, .number(0.5), true, .null]), "b": "quote \" back \\ slash / \u{08}\u{0C}\n\r\t\u{01}\u{1F} é 😀",
            "c": .members([:]), "d": .array([]),
        ])
        #expect(value.compact == (try line(value)))
        #expect(JSONValue.members(["k": .array([1]), "e": .members([:])]).pretty == "{\n  \"k\": [\n    1\n  ],\n  \"e\": {}\n}")
    }

    @Test("any Codable value converts to JSONValue and back, dates as ISO 8601")
    func conversion() throws {
        let account = MSALAccount(username: "alice@contoso.example", objectId: "oid", tenantId: "tid")
        let result = MSALResult(
            accessToken: "at", idToken: nil, expiresOn: Date(timeIntervalSince1970: 1_740_821_400), scopes: ["User.Read"], account: account, tenantId: "tid",
            correlationId: "c", authority: "https://login.microsoftonline.com/tid")
        let value = try JSONValue(encoding: result)
        #expect(value["expiresOn"]?.stringValue == "2025-03-01T09:30:00Z")
        #expect(value["accessToken"]?.stringValue == "at")
        #expect(value["missing"] == nil && JSONValue.string("x")["a"] == nil)
        #expect(try value.decode(MSALResult.self) == result)
        let observation = Observation(
            running: true, signedInAccount: "oid.tid", screen: [ScreenElement(.button, "Sign out")], storage: [StoredItem(.keychain, "k", "v")])
        #expect(try JSONValue(encoding: observation).decode(Observation.self) == observation)
    }
}

@Suite("Broker methods are one list; their wire names derive from it")
struct BrokerMethodTests {
    @Test("MSAL calls are msal.<name>, the backend call backend.fetchRecords, and each name maps back")
    func wireNames() {
        #expect(
            BrokerMethod.allCases.map(\.wireName) == [
                "msal.getDeviceInformation", "msal.getCurrentAccount", "msal.acquireTokenSilent", "msal.acquireToken", "msal.signout",
                "msal.allAccounts", "msal.accountForIdentifier", "msal.accountForUsername", "msal.removeAccount", "msal.accountsFromDevice",
                "backend.fetchRecords",
            ])
        for method in BrokerMethod.allCases { #expect(BrokerMethod(wireName: method.wireName) == method) }
        #expect(BrokerMethod(wireName: "getCurrentAccount") == nil)
        #expect(BrokerMethod(wireName: "msal.fetchRecords") == nil)
    }
}

@Suite("Protocol 1.1 serves 1.0 adapters as they are")
struct WireCompatibilityTests {
    @Test("a 1.0 handshake (no msalConfiguration) means MSAL's default: the broker may be used")
    func handshakeWithoutConfiguration() throws {
        let line = Data(
            #"{"jsonrpc":"2.0","id":1,"result":{"protocolVersion":"1.0","adapter":{"name":"a","version":"1"},"app":{"name":"A","version":"1","bundleId":"com.a"},"msalVersion":"1.6.2","capabilities":[]}}"#
                .utf8)
        let handshake = try WireCodec.decoder.decode(WireResult<WireProtocol.Handshake>.self, from: line).result
        #expect(handshake.identity.msalConfiguration == MSALConfiguration(brokerAvailability: .auto))
        let none = Data(
            #"{"jsonrpc":"2.0","id":1,"result":{"protocolVersion":"1.1","adapter":{"name":"a","version":"1"},"app":{"name":"A","version":"1","bundleId":"com.a"},"msalVersion":"2.13.0","capabilities":[],"msalConfiguration":{"brokerAvailability":"none"}}}"#
                .utf8)
        #expect(try WireCodec.decoder.decode(WireResult<WireProtocol.Handshake>.self, from: none).result.identity.msalConfiguration.brokerAvailability == .none)
    }

    @Test("1.3's dataContainer travels in the handshake; a 1.2 handshake names none; an identity without one sends none")
    func handshakeDataContainer() throws {
        let named = Data(
            #"{"jsonrpc":"2.0","id":1,"result":{"protocolVersion":"1.3","adapter":{"name":"a","version":"1"},"app":{"name":"A","version":"1","bundleId":"com.a"},"msalVersion":"2.13.0","capabilities":[],"dataContainer":"/tmp/app"}}"#
                .utf8)
        #expect(try WireCodec.decoder.decode(WireResult<WireProtocol.Handshake>.self, from: named).result.identity.dataContainer == "/tmp/app")
        let old = Data(
            #"{"jsonrpc":"2.0","id":1,"result":{"protocolVersion":"1.2","adapter":{"name":"a","version":"1"},"app":{"name":"A","version":"1","bundleId":"com.a"},"msalVersion":"2.13.0","capabilities":[]}}"#
                .utf8)
        #expect(try WireCodec.decoder.decode(WireResult<WireProtocol.Handshake>.self, from: old).result.identity.dataContainer == nil)
        let identity = AdapterIdentity(adapterName: "a", adapterVersion: "1", appName: "A", appVersion: "1", bundleId: "com.a", msalVersion: "2.13.0")
        let encoded = String(decoding: try WireCodec.encoder.encode(WireProtocol.Handshake(identity)), as: UTF8.self)
        #expect(!encoded.contains("dataContainer") && encoded.contains(#""protocolVersion":"\#(WireProtocol.version)""#))
        var named2 = identity
        named2.dataContainer = "/tmp/app"
        let encodedNamed = String(decoding: try WireCodec.encoder.encode(WireProtocol.Handshake(named2)), as: UTF8.self)
        #expect(encodedNamed.contains(#""dataContainer":"/tmp/app""#), "\(encodedNamed)")
    }

    @Test("1.0 params decode with MSAL's defaults for what 1.1 added")
    func oldParams() throws {
        let silent = try WireCodec.decoder.decode(
            SilentTokenParameters.self, from: Data(#"{"scopes":["User.Read"],"accountIdentifier":"o.t","forceRefresh":false}"#.utf8))
        #expect(silent.allowUsingLocalCachedRtWhenSsoExtFailed)
        let signout = try WireCodec.decoder.decode(
            SignoutParameters.self, from: Data(#"{"accountIdentifier":"o.t","signoutFromBrowser":false,"wipeAccount":false}"#.utf8))
        #expect(!signout.wipeCacheForAllAccounts && !signout.hasWebviewParameters)
        let interactive = try WireCodec.decoder.decode(
            InteractiveTokenParameters.self, from: Data(#"{"scopes":["User.Read"],"extraScopesToConsent":[],"promptType":"login"}"#.utf8))
        #expect(interactive.promptType == .login && interactive.accountIdentifier == nil)
    }

    @Test("an account without username or identifier decodes, as MSAL allows; equality is MSAL's")
    func optionalAccountFields() throws {
        let account = try WireCodec.decoder.decode(MSALAccount.self, from: Data(#"{"environment":"login.microsoftonline.com"}"#.utf8))
        #expect(account.username == nil && account.identifier == nil && account.accountClaims == nil && !account.isSSOAccount)
        let full = try WireCodec.decoder.decode(
            MSALAccount.self, from: Data(#"{"username":"A@x","identifier":"o.t","objectId":"o","tenantId":"t","environment":"e","isSSOAccount":true}"#.utf8))
        #expect(full.homeAccountId == MSALAccountId(identifier: "o.t", objectId: "o", tenantId: "t") && full.isSSOAccount)
        #expect(try WireCodec.decoder.decode(MSALAccount.self, from: WireCodec.encoder.encode(full)).isIdentical(to: full))
    }

    @Test("an MSAL error's userInfo fields travel in data and come back")
    func errorData() throws {
        let account = MSALAccount(username: "a@x", objectId: "o", tenantId: "t")
        let partial = MSALResult(
            accessToken: "at", idToken: "id", expiresOn: nil, scopes: ["User.Read"], account: account, tenantId: "t", correlationId: "c",
            authority: "https://login.microsoftonline.com/common")
        let error = MSALError(
            code: -50003, message: "declined", grantedScopes: ["User.Read"], declinedScopes: ["Tasks.Read"], invalidResult: partial,
            deviceInformation: DeviceInformation(deviceMode: .default, hasAADSSOExtension: true), oauthError: "invalid_scope", correlationId: "c")
        let wire = try WireCodec.decoder.decode(WireError.self, from: WireCodec.encoder.encode(WireError(error)))
        #expect(wire.msalError == error)
        // A 1.0 error (domain and internal code only) still decodes.
        let old = WireError(code: -50000, message: "m", data: .members(["domain": .string("MSALErrorDomain"), "internalCode": .number(-42102)]))
        #expect(old.msalError?.isInternal(.ambiguousAccount) == true)
    }
}

@Suite("The device surfaces on the wire (protocol 1.4)")
struct DeviceSurfaceWireTests {
    @Test("an observation with every device surface reads the same on the fast path and through the decoder")
    func surfacesRoundTrip() throws {
        let items = StoredItem.Area.allCases.filter(\.isDeviceSurface).map { StoredItem($0, "key-\($0.rawValue)", "value") }
        let observation = Observation(running: false, crashed: false, signedInAccount: nil, screen: [], storage: items)
        let bytes = observation.wireEncoded()
        #expect(try Observation.decode(wire: bytes[...]) == observation)
        #expect(try WireCodec.decoder.decode(Observation.self, from: Data(bytes)) == observation)
        #expect(WireServer.readsDeviceSurfaces(WireProtocol.version))
    }
}

@Suite("A sheet's parent outside a window on the wire (protocol 1.5)")
struct ParentInWindowWireTests {
    @Test("parentInWindow is sent only when false, and an adapter that leaves it out is taken as presenting from a window")
    func parentInWindow() throws {
        let presentable = String(decoding: try WireCodec.encoder.encode(InteractiveTokenParameters(scopes: ["User.Read"])), as: UTF8.self)
        #expect(!presentable.contains("parentInWindow"))
        let early = InteractiveTokenParameters(scopes: ["User.Read"], parentInWindow: false)
        let encoded = try WireCodec.encoder.encode(early)
        #expect(String(decoding: encoded, as: UTF8.self).contains(#""parentInWindow":false"#))
        #expect(try WireCodec.decoder.decode(InteractiveTokenParameters.self, from: encoded) == early)
        #expect(try WireCodec.decoder.decode(InteractiveTokenParameters.self, from: Data(#"{"scopes":["User.Read"]}"#.utf8)).parentInWindow)
        let signout = SignoutParameters(accountIdentifier: "a", hasWebviewParameters: true, parentInWindow: false)
        #expect(try WireCodec.decoder.decode(SignoutParameters.self, from: try WireCodec.encoder.encode(signout)) == signout)
        #expect(try WireCodec.decoder.decode(SignoutParameters.self, from: Data(#"{"accountIdentifier":"a"}"#.utf8)).parentInWindow)
    }
}
