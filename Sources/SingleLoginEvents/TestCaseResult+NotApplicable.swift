import SingleLoginAdapter

extension TestCaseResult.Outcome {
    /// What a test case about the device surfaces `surfaces` ends as when the app declares, in its
    /// handshake, that it has none of them: does not apply, `not applicable: the app declares no
    /// spotlight (its handshake's surfaces)`. Nil when the case applies: it is about no surface, or
    /// about one the app has or does not declare.
    public static func notApplicable(about surfaces: some Collection<StoredItem.Area>, declared: DeclaredSurfaces?) -> Self? {
        guard let declared, !surfaces.isEmpty, surfaces.allSatisfy({ declared.has($0) == false }) else { return nil }
        let names = StoredItem.Area.deviceSurfaces.filter(surfaces.contains).map(\.rawValue)
        return .doesNotApply(reason: "\(notApplicablePrefix)the app declares no \(names.joined(separator: " and ")) (its handshake's surfaces)")
    }

    /// What the reason of a case that does not apply to the app's declared surfaces starts with.
    public static let notApplicablePrefix = "not applicable: "
}
