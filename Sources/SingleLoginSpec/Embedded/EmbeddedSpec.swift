/// A spec or schema file shipped inside the binary, byte for byte as it is in `specs/`.
///
/// `sl-conformance` reads these when no file is named, so it works from any directory with no
/// checkout around; `sl-conformance spec export` writes them out for a vendor to extend. The
/// copies are generated Swift source (`Sources/SingleLoginSpec/Embedded/Generated/`), checked in
/// and regenerated with `swift run sl-embed-specs`; a test fails when a copy differs from its file.
public struct EmbeddedSpec: Hashable, Sendable, CustomStringConvertible {
    /// The file's name in `specs/`, e.g. `single-login.json`.
    public let fileName: String
    /// The file's exact text (UTF-8).
    public let text: String

    /// The name commands take: the file name without `.json`, e.g. `single-login`, `spec-format-v1.schema`.
    public var name: String {
        fileName.hasSuffix(".json") ? String(fileName.dropLast(5)) : fileName
    }

    /// Whether this is a JSON Schema (`*.schema.json`) rather than a spec.
    public var isSchema: Bool { fileName.hasSuffix(".schema.json") }

    /// The file's bytes.
    public var bytes: [UInt8] { Array(text.utf8) }

    /// How diagnostics and spec locations name it: `embedded:single-login.json`.
    public var displayPath: String { "embedded:" + fileName }

    /// The file name.
    public var description: String { fileName }

    /// The embedded copy whose ``name`` or ``fileName`` is `name`, if any.
    public static func named(_ name: String) -> EmbeddedSpec? {
        all.first { $0.name == name || $0.fileName == name }
    }

    /// The file the spec's `"$schema"` names beside it (`./spec-format-v1.schema.json`), if it is embedded too.
    public var schema: EmbeddedSpec? {
        guard !isSchema, let root = try? JSONParser().parse(bytes), case let .object(members) = root.value,
            let member = members.first(where: { $0.key == "$schema" }), case let .string(reference) = member.value.value
        else { return nil }
        let fileName = reference.hasPrefix("./") ? String(reference.dropFirst(2)) : reference
        return Self.all.first { $0.fileName == fileName }
    }

    /// The spec's `"id"` and `"version"`, when it has both (schemas have neither).
    public var identity: (id: String, version: String)? {
        guard let root = try? JSONParser().parse(bytes), case let .object(members) = root.value,
            case let .string(id)? = members.first(where: { $0.key == "id" })?.value.value,
            case let .string(version)? = members.first(where: { $0.key == "version" })?.value.value
        else { return nil }
        return (id, version)
    }
}
