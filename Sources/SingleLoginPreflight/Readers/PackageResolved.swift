import Foundation

/// A SwiftPM `Package.resolved` file, formats v1 (`object.pins[].package/repositoryURL`), v2 and v3
/// (`pins[].identity/location`).
public struct PackageResolved: Hashable, Sendable {
    /// Where it was read from.
    public var path: String
    /// The format version the file declares.
    public var formatVersion: Int
    /// Its pins, in file order.
    public var pins: [ResolvedDependency]

    /// Parses the file's bytes.
    public static func parse(_ data: Data, path: String) -> Result<PackageResolved, FileProblem> {
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: data)
        } catch {
            return .failure(.malformed(path: path, reason: "not JSON: \(FileProblem.reason(of: error))"))
        }
        guard let root = object as? [String: Any] else {
            return .failure(.malformed(path: path, reason: "the top-level value is not an object"))
        }
        let version = (root["version"] as? NSNumber)?.intValue ?? (root["version"] as? Int) ?? 0
        let rawPins: [Any]
        switch version {
        case 1:
            guard let pins = (root["object"] as? [String: Any])?["pins"] as? [Any] else {
                return .failure(.malformed(path: path, reason: "format v1 without \"object.pins\""))
            }
            rawPins = pins
        case 2, 3:
            guard let pins = root["pins"] as? [Any] else {
                return .failure(.malformed(path: path, reason: "format v\(version) without \"pins\""))
            }
            rawPins = pins
        default:
            // Unknown future formats: read whichever layout is present rather than give up.
            if let pins = root["pins"] as? [Any] {
                rawPins = pins
            } else if let pins = (root["object"] as? [String: Any])?["pins"] as? [Any] {
                rawPins = pins
            } else {
                return .failure(.malformed(path: path, reason: "unknown format version \(version) and no pins"))
            }
        }
        let pins = rawPins.compactMap { raw -> ResolvedDependency? in
            guard let pin = raw as? [String: Any] else { return nil }
            let name = (pin["identity"] as? String) ?? (pin["package"] as? String)
            let location = (pin["location"] as? String) ?? (pin["repositoryURL"] as? String)
            guard let name = name ?? location else { return nil }
            let state = pin["state"] as? [String: Any] ?? [:]
            return ResolvedDependency(
                manager: "swiftpm", name: name, location: location,
                version: state["version"] as? String,
                revisionOrBranch: (state["branch"] as? String) ?? (state["revision"] as? String),
                path: path)
        }
        return .success(PackageResolved(path: path, formatVersion: version, pins: pins))
    }

    /// Reads and parses the file at `path`.
    public static func read(at path: String) -> Result<PackageResolved, FileProblem> {
        FileProblem.readData(at: path, kind: "Package.resolved").flatMap { parse($0, path: path) }
    }
}
