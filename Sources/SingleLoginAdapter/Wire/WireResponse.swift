/// A successful response with a typed result, encoded in one pass.
public struct WireResponse<Result: Encodable>: Encodable {
    /// Always `"2.0"`.
    public var jsonrpc = "2.0"
    /// The id of the request answered.
    public var id: JSONValue
    /// The result.
    public var result: Result

    /// Creates a response.
    public init(id: JSONValue, result: Result) {
        self.id = id
        self.result = result
    }
}
