/// A cited document.
public struct Reference: Hashable, Sendable {
    /// The article's title.
    public var title: String
    /// Its address.
    public var url: String

    /// Creates a reference.
    public init(title: String, url: String) {
        self.title = title
        self.url = url
    }
}
