import Foundation

/// An Info.plist or `.entitlements` file, read in XML, binary or old-style (OpenStep) form.
public struct PropertyListFile: Hashable, Sendable {
    /// Where it was read from.
    public var path: String
    /// The top-level dictionary.
    public var root: [String: PropertyListValue]
    /// The form the file was in: `xml`, `binary` or `openStep`.
    public var format: String

    /// Creates a file from parts (for tests and explicit input).
    public init(path: String, root: [String: PropertyListValue], format: String = "xml") {
        self.path = path
        self.root = root
        self.format = format
    }

    /// Parses bytes; `kind` names the file in messages (`Info.plist`, `entitlements`).
    public static func parse(_ data: Data, path: String) -> Result<PropertyListFile, FileProblem> {
        if data.isEmpty { return .failure(.malformed(path: path, reason: "the file is empty")) }
        var format = PropertyListSerialization.PropertyListFormat.xml
        let object: Any
        do {
            object = try PropertyListSerialization.propertyList(from: data, options: [], format: &format)
        } catch {
            return .failure(.malformed(path: path, reason: FileProblem.reason(of: error)))
        }
        guard let value = PropertyListValue(foundation: object), let root = value.dictionaryValue else {
            return .failure(.malformed(path: path, reason: "the top-level value is not a dictionary"))
        }
        let name =
            switch format {
            case .binary: "binary"
            case .openStep: "openStep"
            default: "xml"
            }
        return .success(PropertyListFile(path: path, root: root, format: name))
    }

    /// Reads and parses the file at `path`.
    public static func read(at path: String, kind: String) -> Result<PropertyListFile, FileProblem> {
        FileProblem.readData(at: path, kind: kind).flatMap { parse($0, path: path) }
    }

    /// Every URL scheme registered under `CFBundleURLTypes` → `CFBundleURLSchemes`, in file order.
    public var urlSchemes: [String] {
        (root["CFBundleURLTypes"]?.arrayValue ?? []).flatMap { type in
            type["CFBundleURLSchemes"]?.strings ?? []
        }
    }
}
