extension EmbeddedSpec {
    /// The IDs of the requirements this spec defines (empty for a schema), read from its text
    /// with the JSON parser alone, not the spec decoder: the decoder asks for the catalogue's IDs
    /// while it checks `startingPoint`, so reading them must not decode a spec.
    public var requirementIDs: Set<String> {
        guard let root = try? JSONParser().parse(bytes), case let .object(members) = root.value,
            case let .array(requirements)? = members.first(where: { $0.key == "requirements" })?.value.value
        else { return [] }
        return Set(
            requirements.compactMap { requirement in
                guard case let .object(fields) = requirement.value, case let .string(id)? = fields.first(where: { $0.key == "id" })?.value.value else {
                    return nil
                }
                return id
            })
    }

    /// The shipped catalogue's requirement IDs, which a vendor's own spec may name as a `startingPoint`.
    static let catalogueRequirementIDs: Set<String> = EmbeddedSpec.singleLogin.requirementIDs
}
