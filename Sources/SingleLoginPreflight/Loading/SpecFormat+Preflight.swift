import SingleLoginSpec

extension SpecFormat {
    /// The preflight spec (format v1, `specs/preflight-format-v1.schema.json`): its items are `checks`.
    public static let preflight = SpecFormat(name: "preflight spec", itemsKey: "checks") {
        (bytes: [UInt8], file: String) throws(SpecLoadingFailure) -> String in
        let count = try PreflightSpecLoader.load(bytes: bytes, file: file).checks.count
        return "\(count) check\(count == 1 ? "" : "s")"
    }
}
