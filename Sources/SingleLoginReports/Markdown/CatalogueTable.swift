import SingleLoginSpec

/// A spec's requirements as a Markdown table (`sl-conformance list --format markdown`): the table
/// the README shows, made from the spec so that it cannot drift from it.
public enum CatalogueTable {
    /// `| ID | Level | Behaviour |` and one row per requirement, in file order, each line ending in a newline.
    public static func markdown(_ spec: Spec) -> String {
        var lines = ["| ID | Level | Behaviour |", "|---|---|---|"]
        for requirement in spec.requirements {
            lines.append("| \(requirement.id) | \(requirement.level.rawValue) | \(escaped(requirement.title)) |")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Pipes would end a cell; newlines would end the row.
    static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\n", with: " ")
    }
}
