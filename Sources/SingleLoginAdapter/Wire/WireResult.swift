/// The `result` of a response, typed.
public struct WireResult<Result: Decodable>: Decodable {
    /// The result.
    public var result: Result
}
