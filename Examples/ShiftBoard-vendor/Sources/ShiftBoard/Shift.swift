/// One shift of the signed-in worker, as ShiftBoard's backend hands it out.
public struct Shift: Hashable, Codable, Sendable {
    /// A stable id.
    public var id: String
    /// What the list shows, e.g. "Tue 07:00–15:00 Front desk".
    public var title: String
    /// More about it.
    public var detail: String

    /// Creates a shift.
    public init(id: String, title: String, detail: String) {
        self.id = id
        self.title = title
        self.detail = detail
    }
}
