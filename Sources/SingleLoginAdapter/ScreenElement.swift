/// One visible element.
public struct ScreenElement: Hashable, Codable, Sendable {
    /// What kind of element it is.
    public var kind: Kind
    /// Its text (label, title, message).
    public var text: String

    /// Creates an element.
    public init(_ kind: Kind, _ text: String) {
        self.kind = kind
        self.text = text
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
