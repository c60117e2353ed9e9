import Foundation
import Testing

/// Byte-for-byte comparison with files in Golden/; `SL_UPDATE_GOLDEN=1` rewrites them instead.
enum Golden {
    /// The Golden/ folder beside this source file.
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")

    /// Whether this run regenerates golden files.
    static var updating: Bool { ProcessInfo.processInfo.environment["SL_UPDATE_GOLDEN"] == "1" }

    /// Checks `data` against `Golden/name`, or writes it there when updating.
    static func check(_ data: Data, named name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let url = directory.appendingPathComponent(name)
        if updating {
            try data.write(to: url)
            return
        }
        guard let expected = try? Data(contentsOf: url) else {
            Issue.record("missing golden file Golden/\(name); run the tests with SL_UPDATE_GOLDEN=1 to create it", sourceLocation: sourceLocation)
            return
        }
        if expected != data {
            let firstDifference = zip(expected, data).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(expected.count, data.count)
            let context = String(decoding: data[max(0, firstDifference - 80)..<min(data.count, firstDifference + 80)], as: UTF8.self)
            Issue.record(
                "Golden/\(name) differs at byte \(firstDifference) (expected \(expected.count) bytes, got \(data.count)); near: \(context)\nIf the change is intended, run the tests with SL_UPDATE_GOLDEN=1 and review the diff.",
                sourceLocation: sourceLocation)
        }
    }
}
