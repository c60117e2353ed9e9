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
        let data = JSONValue.members(["domain": .string(error.domain)])
            .setting("internalCode", error.internalCode.map { .number(Double($0)) })
            .setting("grantedScopes", error.grantedScopes.map { .array($0.map(JSONValue.string)) })
            .setting("declinedScopes", error.declinedScopes.map { .array($0.map(JSONValue.string)) })
            .setting("invalidResult", error.invalidResult.flatMap { try? JSONValue(encoding: $0) })
            .setting("deviceInformation", error.deviceInformation.flatMap { try? JSONValue(encoding: $0) })
            .setting("oauthError", error.oauthError.map(JSONValue.string))
            .setting("correlationId", error.correlationId.map(JSONValue.string))
        self.init(code: error.code, message: error.message, data: data)
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
