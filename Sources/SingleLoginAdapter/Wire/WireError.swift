/// A JSON-RPC error object.
///
/// MSAL errors travel with their own code (outside JSON-RPC's reserved range -32768...-32000)
/// and `data` holding `domain` and, where MSAL has one, `internalCode`.
public struct WireError: Error, Hashable, Codable, Sendable {
    /// The code: a JSON-RPC code, or the MSAL or system error code.
    public var code: Int
    /// A short description.
    public var message: String
    /// Structured details.
    public var data: JSONValue?

    /// Creates an error.
    public init(code: Int, message: String, data: JSONValue? = nil) {
        self.code = code
        self.message = message
        self.data = data
    }

    /// JSON-RPC: the line is not JSON.
    public static let parseError = -32700
    /// JSON-RPC: the message is not a valid request.
    public static let invalidRequest = -32600
    /// JSON-RPC: no such method.
    public static let methodNotFound = -32601
    /// JSON-RPC: bad parameters.
    public static let invalidParams = -32602
    /// JSON-RPC: the other side failed.
    public static let internalError = -32603

    /// Wraps an MSAL error for the wire: `data` holds `domain`, and `internalCode` and MSAL's other
    /// userInfo fields (`grantedScopes`, `declinedScopes`, `invalidResult`, `deviceInformation`,
    /// `oauthError`, `correlationId`) where present.
    public init(_ error: MSALError) {
        var data: [String: JSONValue] = ["domain": .string(error.domain)]
        if let internalCode = error.internalCode { data["internalCode"] = .number(Double(internalCode)) }
        if let scopes = error.grantedScopes { data["grantedScopes"] = .array(scopes.map(JSONValue.string)) }
        if let scopes = error.declinedScopes { data["declinedScopes"] = .array(scopes.map(JSONValue.string)) }
        if let result = error.invalidResult, let value = try? JSONValue(encoding: result) { data["invalidResult"] = value }
        if let information = error.deviceInformation, let value = try? JSONValue(encoding: information) { data["deviceInformation"] = value }
        if let oauthError = error.oauthError { data["oauthError"] = .string(oauthError) }
        if let correlationId = error.correlationId { data["correlationId"] = .string(correlationId) }
        self.init(code: error.code, message: error.message, data: .object(data))
    }

    /// The MSAL error this carries, if it carries one (its `data` has a `domain`).
    public var msalError: MSALError? {
        guard let domain = data?["domain"]?.stringValue else { return nil }
        var internalCode: Int?
        if case .number(let value)? = data?["internalCode"] { internalCode = Int(value) }
        func strings(_ key: String) -> [String]? {
            guard case .array(let values)? = data?[key] else { return nil }
            return values.compactMap(\.stringValue)
        }
        return MSALError(
            domain: domain, code: code, internalCode: internalCode, message: message,
            grantedScopes: strings("grantedScopes"), declinedScopes: strings("declinedScopes"),
            invalidResult: try? data?["invalidResult"]?.decode(MSALResult.self),
            deviceInformation: try? data?["deviceInformation"]?.decode(DeviceInformation.self),
            oauthError: data?["oauthError"]?.stringValue, correlationId: data?["correlationId"]?.stringValue)
    }
}
