import SingleLoginSpec

extension SpecFormat {
    /// The backend profile's spec (format v1, `specs/backend-spec-v1.schema.json`): its items are `cases`.
    public static let backend = SpecFormat(name: "backend spec", itemsKey: "cases") { (bytes: [UInt8], file: String) throws(SpecLoadingFailure) -> String in
        let count = try BackendSpecLoader.load(bytes: bytes, file: file).cases.count
        return "\(count) case\(count == 1 ? "" : "s")"
    }
}
