import SingleLoginAdapter

extension Scenario {
    /// The device surfaces this scenario is about: when every check it judges (its own checks and
    /// its steps', not its preconditions nor a starting point's) looks for data only in device
    /// surfaces, those surfaces; empty when it judges anything else, or nothing.
    ///
    /// A test case about surfaces that the app declares it has not does not apply to it.
    public var deviceSurfaces: Set<StoredItem.Area> {
        let judged = expect + steps.filter { $0.startingPoint == nil }.flatMap(\.expect)
        var surfaces: Set<StoredItem.Area> = []
        for check in judged {
            let places: Set<Expectation.Place>
            switch check {
            case .noDataOf(_, let checked, _), .hasDataOf(_, let checked): places = checked
            default: return []
            }
            for place in places {
                guard case .surface(let area) = place else { return [] }
                surfaces.insert(area)
            }
        }
        return surfaces
    }
}

extension Requirement {
    /// The device surfaces this requirement is about, in the areas' order: those of its scenarios
    /// when every scenario is about device surfaces only (``Scenario/deviceSurfaces``), else none.
    public var deviceSurfaces: [StoredItem.Area] {
        let each = scenarios.map(\.deviceSurfaces)
        guard !each.isEmpty, !each.contains(where: \.isEmpty) else { return [] }
        let all = each.reduce(into: Set<StoredItem.Area>()) { $0.formUnion($1) }
        return StoredItem.Area.deviceSurfaces.filter(all.contains)
    }
}
