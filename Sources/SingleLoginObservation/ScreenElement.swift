/// One visible element.
public struct ScreenElement: Hashable, Codable, Sendable {
    /// What kind of element it is.
    public var kind: Kind
    /// Its text (label, title, message).
    public var text: String
    /// Whether the element displays a backend record (a list row of the user's tasks) rather than
    /// the app's own words about the session (protocol 1.6's `record`, sent only when true). The
    /// `signedIn` check looks for the user's name in the elements that are not records: a record
    /// that carries the name does not show who is signed in. False for adapters that do not mark.
    /// A device trace keeps the marks of the elements the app's own observation returns.
    public var isRecord: Bool

    /// Creates an element; `isRecord` marks one that displays a backend record.
    public init(_ kind: Kind, _ text: String, isRecord: Bool = false) {
        self.kind = kind
        self.text = text
        self.isRecord = isRecord
    }

    /// A `text` element that displays a backend record: a row of the user's data.
    public static func record(_ text: String) -> ScreenElement {
        ScreenElement(.text, text, isRecord: true)
    }

    private enum CodingKeys: String, CodingKey {
        case kind, text
        case isRecord = "record"
    }

    /// Reads `{"kind", "text", "record"?}`; `record` absent is false.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        kind = try container.decode(Kind.self, forKey: .kind)
        text = try container.decode(String.self, forKey: .text)
        isRecord = try container.decodeIfPresent(Bool.self, forKey: .isRecord) ?? false
    }

    /// Writes `{"kind", "text"}`, with `"record": true` only for a record.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(kind, forKey: .kind)
        try container.encode(text, forKey: .text)
        if isRecord { try container.encode(true, forKey: .isRecord) }
    }

    /// The kinds of element the harness distinguishes.
    public enum Kind: String, Codable, Sendable, CaseIterable {
        /// Decodes a kind by its name; an unknown name is an error that lists them.
        public init(from decoder: any Decoder) throws { self = try Self.decodeCase(from: decoder, what: "kind") }

        /// Static text, labels, list rows.
        case text
        /// A button or other tappable affordance.
        case button
        /// A modal alert.
        case alert
        /// An error message shown to the user (banner, inline error, error alert).
        case error
        /// Microsoft's sign-in sheet, while presented.
        case signInSheet
    }
}
