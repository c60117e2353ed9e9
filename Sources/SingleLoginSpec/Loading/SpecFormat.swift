import DidYouMean

/// A kind of spec file the harness reads (the behavioural spec, the preflight spec, ...), as
/// `sl-conformance validate` recognises and checks it.
///
/// Recognition rule: every kind is a JSON object with the same header (`formatVersion`, `id`,
/// `version`, `title`) and one top-level key that holds its items and names the kind:
/// `requirements` for a behavioural spec, `checks` for a preflight spec. A file with exactly one
/// of these keys is of that kind; with none, a top-level key that is a likely misspelling of
/// exactly one of them decides (so that its loader reports the misspelling); anything else is
/// refused with a diagnostic that names the keys.
public struct SpecFormat: Sendable {
    /// What people call it, e.g. `behavioural spec`.
    public var name: String
    /// The top-level key that holds its items and tells it apart, e.g. `requirements`.
    public var itemsKey: String
    /// Loads and checks a file of this kind, returning a summary such as `19 requirements, 24 scenarios`.
    public var check: @Sendable (_ bytes: [UInt8], _ file: String) throws(SpecLoadingFailure) -> String

    /// Creates a format.
    public init(name: String, itemsKey: String, check: @escaping @Sendable (_ bytes: [UInt8], _ file: String) throws(SpecLoadingFailure) -> String) {
        self.name = name
        self.itemsKey = itemsKey
        self.check = check
    }

    /// The behavioural spec (format v1, `specs/spec-format-v1.schema.json`).
    public static let behavioural = SpecFormat(name: "behavioural spec", itemsKey: "requirements") {
        (bytes: [UInt8], file: String) throws(SpecLoadingFailure) -> String in
        let spec = try SpecLoader.decode(bytes: bytes, file: file)
        let requirements = spec.requirements.count
        let scenarios = spec.requirements.reduce(0) { $0 + $1.scenarios.count }
        return "\(requirements) requirement\(requirements == 1 ? "" : "s"), \(scenarios) scenario\(scenarios == 1 ? "" : "s")"
    }

    /// Which of `formats` the file is, by the recognition rule; a syntax error or an unrecognisable file is thrown.
    public static func recognise(_ bytes: [UInt8], file: String, among formats: [SpecFormat]) throws(SpecLoadingFailure) -> SpecFormat {
        let root: JSONNode
        do {
            root = try JSONParser().parseDocument(bytes).root
        } catch {
            throw SpecLoadingFailure(diagnostics: [
                SpecDiagnostic(
                    location: SourceLocation(file: file, line: error.position.line, column: error.position.column), path: error.path, message: error.message,
                    fix: error.fix)
            ])
        }
        let location = SourceLocation(file: file, line: root.position.line, column: root.position.column)
        guard case .object(let members) = root.value else {
            throw SpecLoadingFailure(diagnostics: [
                SpecDiagnostic(location: location, path: JSONPath.root, message: "expected a spec (an object), found \(root.kindDescription)")
            ])
        }
        let keys = members.map(\.key)
        let present = formats.filter { keys.contains($0.itemsKey) }
        if present.count == 1 { return present[0] }
        let list = formats.map { "'\($0.itemsKey)' (a \($0.name))" }
        if present.count > 1 {
            throw SpecLoadingFailure(diagnostics: [
                SpecDiagnostic(
                    location: location, path: JSONPath.root,
                    message:
                        "cannot tell which kind of spec this is: its top level has \(present.map { "'\($0.itemsKey)'" }.joined(separator: " and ")), and a file is one kind",
                    fix: "keep one of \(list.joined(separator: ", ")) and move the rest to a file of its own")
            ])
        }
        let guessed = Set(keys.compactMap { Suggestion.closest(to: $0, among: formats.map(\.itemsKey)) })
        if guessed.count == 1, let format = formats.first(where: { guessed.contains($0.itemsKey) }) { return format }
        throw SpecLoadingFailure(diagnostics: [
            SpecDiagnostic(
                location: location, path: JSONPath.root,
                message: "cannot tell which kind of spec this is: its top level has none of \(formats.map { "'\($0.itemsKey)'" }.joined(separator: ", "))",
                fix: "a spec's top level holds its items under one of \(list.joined(separator: ", "))")
        ])
    }
}
