import Foundation
import SingleLoginEvents

/// Why a project file could not be used: reported with its path and the reason, never a crash.
public enum FileProblem: Error, Hashable, Sendable, CustomStringConvertible {
    /// No such file was found (`searched` says where, e.g. `under /src/App` or the explicit path).
    case notFound(kind: String, searched: String)
    /// The file exists but could not be read (permissions, I/O).
    case unreadable(path: String, reason: String)
    /// The file was read but is not in the expected format.
    case malformed(path: String, reason: String)

    /// `Info.plist not found under /src/App`, `App/Info.plist is malformed: ...`.
    public var description: String {
        switch self {
        case let .notFound(kind, searched): "\(kind) not found \(searched)"
        case let .unreadable(path, reason): "\(path) could not be read: \(reason)"
        case let .malformed(path, reason): "\(path) is malformed: \(reason)"
        }
    }

    /// The issue's kind: `preflight.fileMissing`, `preflight.fileUnreadable` or `preflight.fileMalformed`.
    public var issueKind: Issue.Kind {
        switch self {
        case .notFound: .preflight(.fileMissing)
        case .unreadable: .preflight(.fileUnreadable)
        case .malformed: .preflight(.fileMalformed)
        }
    }

    /// The path concerned, when there is one file.
    public var path: String? {
        switch self {
        case .notFound: nil
        case let .unreadable(path, _), let .malformed(path, _): path
        }
    }

    /// Reads a file's bytes, turning I/O errors into problems.
    static func readData(at path: String, kind: String) -> Result<Data, FileProblem> {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            return .failure(.notFound(kind: kind, searched: "at \(path)"))
        }
        if isDirectory.boolValue { return .failure(.unreadable(path: path, reason: "it is a directory")) }
        do {
            return .success(try Data(contentsOf: URL(fileURLWithPath: path)))
        } catch {
            return .failure(.unreadable(path: path, reason: FileProblem.reason(of: error)))
        }
    }

    /// Reads a file as text (UTF-8, falling back to Latin-1 so that odd bytes never stop a check).
    static func readText(at path: String, kind: String) -> Result<String, FileProblem> {
        readData(at: path, kind: kind).map { data in
            String(data: data, encoding: .utf8) ?? String(decoding: data, as: UTF8.self)
        }
    }

    /// The most specific reason Foundation gives for an error.
    static func reason(of error: any Error) -> String {
        let nsError = error as NSError
        if let debug = nsError.userInfo["NSDebugDescription"] as? String, !debug.isEmpty { return debug }
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError { return underlying.localizedDescription }
        return nsError.localizedDescription
    }
}
