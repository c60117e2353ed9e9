import SingleLoginEvents
import SingleLoginSpec

/// A waiver file (`--waivers FILE`, format `specs/waivers-v1.schema.json`): the known failures a
/// team keeps on record.
public struct WaiverFile: Hashable, Sendable {
    /// The format version this harness reads.
    public static let formatVersion = "1.0"
    /// The entries, in file order.
    public var waivers: [Waiver]

    /// Creates a file's model.
    public init(waivers: [Waiver]) {
        self.waivers = waivers
    }

    /// Reads `bytes` with the strict reader every spec uses: every problem with its file, line and column.
    public static func load(bytes: [UInt8], file: String) throws(SpecLoadingFailure) -> WaiverFile {
        var reader = WaiverFileReader(file: file)
        return try reader.read(bytes) { $0.file($1) }
    }

    /// The waiver that covers test case `id`: one naming the test case over one naming its requirement.
    public func waiver(for id: TestCaseID) -> Waiver? {
        waivers.first { $0.subject == .testCase(id) } ?? waivers.first { $0.covers(id) }
    }
}

/// Decodes a waiver file, collecting every problem (see ``StrictJSONReader``).
extension WaiverFile {
    /// The waivers that name a requirement or test case `spec` does not have, each with what it
    /// names: a waiver that can never apply, which would keep nothing on record.
    public func unknownSubjects(in spec: Spec) -> [Waiver] {
        let requirements = Set(spec.requirements.map(\.id))
        let testCases = Set(spec.testCaseIDs())
        return waivers.filter { waiver in
            switch waiver.subject {
            case let .requirement(id): !requirements.contains(id)
            case let .testCase(id): !testCases.contains(id)
            }
        }
    }
}

struct WaiverFileReader: StrictJSONReader {
    let file: String
    var diagnostics: [SpecDiagnostic] = []

    init(file: String) { self.file = file }

    mutating func file(_ root: JSONNode) -> WaiverFile? {
        let path = JSONPath.root
        guard let members = members(root, path, what: "a waiver file") else { return nil }
        checkKeys(members, of: root, path, allowed: ["$schema", "formatVersion", "waivers"], required: ["formatVersion", "waivers"])
        if let node = member(members, "formatVersion")?.value,
            let version = string(node, JSONPath.appending(key: "formatVersion", to: path), name: "formatVersion"), version != WaiverFile.formatVersion
        {
            report(
                node.position, JSONPath.appending(key: "formatVersion", to: path),
                "format version '\(version)' is not supported; this harness reads waiver files of format \(WaiverFile.formatVersion)",
                fix: "set \"formatVersion\": \"\(WaiverFile.formatVersion)\", or use a newer sl-conformance")
        }
        guard let nodes = array(members, "waivers", path) else { return nil }
        let listPath = JSONPath.appending(key: "waivers", to: path)
        var waivers: [Waiver] = []
        var seen: [Waiver.Subject: Int] = [:]
        for (index, node) in nodes.enumerated() {
            let entryPath = JSONPath.appending(index: index, to: listPath)
            guard let waiver = waiver(node, entryPath) else { continue }
            if let first = seen[waiver.subject] {
                report(
                    node.position, entryPath, "a second waiver for '\(waiver.subject)' (the first is entry \(first))",
                    fix: "keep one waiver per test case or requirement")
            }
            seen[waiver.subject] = seen[waiver.subject] ?? index
            waivers.append(waiver)
        }
        return WaiverFile(waivers: waivers)
    }

    private mutating func waiver(_ node: JSONNode, _ path: String) -> Waiver? {
        guard let members = members(node, path, what: "a waiver") else { return nil }
        let keys = ["testCase", "requirement", "reason", "link", "expires", "appVersions"]
        checkKeys(members, of: node, path, allowed: keys, required: ["reason", "link", "expires"])
        var subject: Waiver.Subject?
        switch (member(members, "testCase"), member(members, "requirement")) {
        case let (testCase?, nil):
            if let text = string(testCase.value, JSONPath.appending(key: "testCase", to: path), name: "testCase") {
                let parts = text.components(separatedBy: " / ")
                if parts.count >= 2, !parts[0].isEmpty {
                    subject = .testCase(TestCaseID(requirementID: parts[0], scenarioName: parts.dropFirst().joined(separator: " / ")))
                } else {
                    report(
                        testCase.value.position, JSONPath.appending(key: "testCase", to: path),
                        "expected a test case ID 'REQUIREMENT-ID / scenario name', found '\(text)'",
                        fix: "copy the ID the console or junit.xml prints, e.g. \"SL-LOGOUT-1 / signed out while running\"")
                }
            }
        case let (nil, requirement?):
            if let id = string(requirement.value, JSONPath.appending(key: "requirement", to: path), name: "requirement") { subject = .requirement(id) }
        case (_?, _?):
            report(node.position, path, "a waiver names either 'testCase' or 'requirement', not both", fix: "keep one of the two")
        case (nil, nil):
            report(
                node.position, path, "missing 'testCase' or 'requirement'",
                fix: "add \"testCase\": \"REQUIREMENT-ID / scenario name\" or \"requirement\": \"REQUIREMENT-ID\"")
        }
        let reason = string(members, "reason", path)
        let link = url(members, "link", path)
        var expires: String?
        if let node = member(members, "expires")?.value, let text = string(node, JSONPath.appending(key: "expires", to: path), name: "expires") {
            if Self.isDate(text) {
                expires = text
            } else {
                report(
                    node.position, JSONPath.appending(key: "expires", to: path),
                    Self.isDate(text, shapeOnly: true) ? "'\(text)' is no day of the calendar" : "expected a date 'YYYY-MM-DD', found '\(text)'",
                    fix: "write the last day the waiver holds, e.g. \"2026-03-31\"")
            }
        }
        var range: AppVersionRange?
        if let node = member(members, "appVersions")?.value {
            let rangePath = JSONPath.appending(key: "appVersions", to: path)
            if let rangeMembers = self.members(node, rangePath, what: "app versions") {
                checkKeys(rangeMembers, of: node, rangePath, allowed: ["from", "through"], required: [])
                let from = string(rangeMembers, "from", rangePath), through = string(rangeMembers, "through", rangePath)
                if from == nil, through == nil {
                    report(
                        node.position, rangePath, "'appVersions' names neither 'from' nor 'through'",
                        fix: "add \"from\", \"through\" or both, or remove 'appVersions' to cover every version")
                } else if let from, let through, AppVersionRange.compare(from, through) > 0 {
                    report(
                        node.position, rangePath, "'appVersions' runs from \(from) through \(through), which covers no version",
                        fix: "put the earlier version in 'from': \"from\": \"\(through)\", \"through\": \"\(from)\"")
                } else {
                    range = AppVersionRange(from: from, through: through)
                }
            }
        }
        guard let subject, let reason, let link, let expires else { return nil }
        return Waiver(subject: subject, reason: reason, link: link, expires: expires, appVersions: range, location: location(of: node))
    }

    /// Whether `text` is a real calendar date written `YYYY-MM-DD` (with `shapeOnly`, whether it is
    /// written so, whatever its month and day).
    static func isDate(_ text: String, shapeOnly: Bool = false) -> Bool {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard text.count == 10, parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2])
        else { return false }
        if shapeOnly { return true }
        guard (1...12).contains(month) else { return false }
        let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
        let days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
        return (1...days).contains(day)
    }
}
