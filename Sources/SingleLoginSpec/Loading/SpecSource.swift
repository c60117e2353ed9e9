import Foundation

/// Where a spec comes from: a copy embedded in the binary (the default everywhere) or a file the user named.
public enum SpecSource: Hashable, Sendable, CustomStringConvertible {
    /// A copy shipped inside the binary.
    case embedded(EmbeddedSpec)
    /// A file, by the path as given.
    case file(String)

    /// A file when `path` is given, else the embedded `fallback`.
    public init(path: String?, default fallback: EmbeddedSpec) {
        self = path.map(SpecSource.file) ?? .embedded(fallback)
    }

    /// How diagnostics and spec locations name it: the path, or `embedded:single-login.json`.
    public var displayPath: String {
        switch self {
        case let .embedded(spec): spec.displayPath
        case let .file(path): path
        }
    }

    /// Whether it is the embedded copy.
    public var isEmbedded: Bool {
        if case .embedded = self { true } else { false }
    }

    /// What reports say about the spec's origin: `embedded` or the path.
    public var origin: String {
        switch self {
        case .embedded: Self.embeddedOrigin
        case let .file(path): path
        }
    }

    /// The origin reports give an embedded copy, whichever build of the harness carried it.
    public static let embeddedOrigin = "embedded"

    /// The display path.
    public var description: String { displayPath }

    /// The bytes, or why they cannot be had: no such file, a directory, or unreadable.
    public func read() throws(SpecFileError) -> [UInt8] {
        switch self {
        case let .embedded(spec):
            return spec.bytes
        case let .file(path):
            return try SpecFileError.readFile(path)
        }
    }
}
