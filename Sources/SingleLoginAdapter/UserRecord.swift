/// One record of a user's data as the app's backend hands it out.
public struct UserRecord: Hashable, Codable, Sendable {
    /// A stable id.
    public var id: String
    /// Content the app typically shows and caches.
    public var title: String
    /// More content, stored by the app.
    public var detail: String

    /// Creates a record.
    public init(id: String, title: String, detail: String) {
        self.id = id
        self.title = title
        self.detail = detail
    }
}
