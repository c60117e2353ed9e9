import Foundation

/// Build settings from an `.xcconfig` file, with its `#include`s, as Xcode reads them.
///
/// `KEY = value` lines; `//` comments; `#include "other.xcconfig"` (and `#include?`, which may be
/// missing) relative to the including file, later lines winning. Conditional settings
/// (`KEY[sdk=iphoneos*] = ...`) are left out: preflight reads one configuration, not one SDK.
public enum XcconfigFile {
    /// The settings of the file at `path`; nil when it cannot be read. `readText` is how files are read.
    public static func settings(at path: String, readText: (String) -> String? = Self.readText) -> [String: String]? {
        var visited: Set<String> = []
        return settings(at: path, readText: readText, visited: &visited)
    }

    /// The file's text, or nil.
    public static func readText(_ path: String) -> String? {
        FileManager.default.contents(atPath: path).flatMap { String(data: $0, encoding: .utf8) }
    }

    private static func settings(at path: String, readText: (String) -> String?, visited: inout Set<String>) -> [String: String]? {
        // An include cycle reads each file once: a file already read adds nothing.
        guard visited.insert(path).inserted else { return [:] }
        guard let text = readText(path) else { return nil }
        var settings: [String: String] = [:]
        let directory = URL(fileURLWithPath: path).deletingLastPathComponent()
        for rawLine in text.split(whereSeparator: \.isNewline) {
            var line = String(rawLine)
            if let comment = line.range(of: "//") { line = String(line[..<comment.lowerBound]) }
            line = line.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("#include") {
                guard let open = line.firstIndex(of: "\""), let close = line.lastIndex(of: "\""), open < close else { continue }
                let included = String(line[line.index(after: open)..<close])
                let includedPath = included.hasPrefix("/") ? included : directory.appendingPathComponent(included).path
                if let more = Self.settings(at: includedPath, readText: readText, visited: &visited) {
                    settings.merge(more) { _, later in later }
                }
                continue
            }
            guard let equals = line.firstIndex(of: "=") else { continue }
            let key = line[..<equals].trimmingCharacters(in: .whitespaces)
            guard !key.isEmpty, !key.contains("[") else { continue }
            var value = line[line.index(after: equals)...].trimmingCharacters(in: .whitespaces)
            if value.hasSuffix(";") { value.removeLast() }
            settings[key] = value
        }
        return settings
    }

    /// `lower` overlaid by `upper`, with `$(inherited)` in an upper value replaced by the lower value, as Xcode does.
    public static func layer(_ upper: [String: String], over lower: [String: String]) -> [String: String] {
        var merged = lower
        for (key, value) in upper {
            let inherited = lower[key] ?? ""
            let expanded = value.replacingOccurrences(of: "$(inherited)", with: inherited).replacingOccurrences(of: "${inherited}", with: inherited)
            merged[key] = expanded.trimmingCharacters(in: .whitespaces)
        }
        return merged
    }
}
