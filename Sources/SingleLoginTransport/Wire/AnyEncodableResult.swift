/// An encodable value of any type, so that one response type can carry every method's result.
struct AnyEncodableResult: Encodable {
    let value: any Encodable

    func encode(to encoder: any Encoder) throws { try value.encode(to: encoder) }
}
