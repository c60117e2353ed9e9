import ShiftBoard
import SingleLoginAdapter

extension DeviceSurfaces {
    /// The surfaces as the observation reports them: in the harness's order of areas, then the
    /// switcher's snapshot. Here, in the adapter, so that the app's own target links the MSAL seam only.
    var storedItems: [StoredItem] {
        var result: [StoredItem] = []
        for area in StoredItem.Area.allCases {
            guard let surface = Surface(rawValue: area.rawValue) else { continue }
            result += (items[surface] ?? [:]).sorted { $0.key < $1.key }.map { StoredItem(area, $0.key, $0.value) }
        }
        if let snapshot { result.append(StoredItem(.snapshot, "switcher", snapshot)) }
        return result
    }
}
