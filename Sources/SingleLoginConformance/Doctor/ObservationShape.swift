import SingleLoginAdapter

/// Checks an observation as it came over the wire, naming every problem with its path.
enum ObservationShape {
    /// What to fix when an observation has the wrong shape.
    static let hint =
        #"Answer events with {"running": Bool, "crashed": Bool, "signedInAccount": String or null, "screen": [{"kind": "#
        + ScreenElement.Kind.allCases.map(\.rawValue).joined(separator: "|") + #", "text"}], "storage": [{"area": "#
        + StoredItem.Area.allCases.map(\.rawValue).joined(separator: "|") + #", "key", "value"}]}."#

    /// The problems found in `value`, empty when it is a valid observation.
    static func problems(in value: JSONValue) -> [String] {
        guard case .object = value else { return ["the answer is not an object"] }
        var problems: [String] = []
        for key in ["running", "crashed"] {
            guard case .bool? = value[key] else { problems.append("'\(key)' must be true or false"); continue }
        }
        switch value["signedInAccount"] {
        case nil, .null?, .string?: break
        default: problems.append("'signedInAccount' must be a string or null")
        }
        problems += elements(value["screen"], name: "screen", kindKey: "kind", kinds: ScreenElement.Kind.allCases.map(\.rawValue), textKeys: ["text"])
        problems += elements(value["storage"], name: "storage", kindKey: "area", kinds: StoredItem.Area.allCases.map(\.rawValue), textKeys: ["key", "value"])
        return problems
    }

    private static func elements(_ value: JSONValue?, name: String, kindKey: String, kinds: [String], textKeys: [String]) -> [String] {
        guard case .array(let items)? = value else { return ["'\(name)' must be an array"] }
        var problems: [String] = []
        for (index, item) in items.enumerated() {
            let kind = item[kindKey]?.stringValue
            if kind.map(kinds.contains) != true {
                problems.append("'\(name)[\(index)].\(kindKey)' is \(kind.map { "'\($0)'" } ?? "missing"); expected one of \(kinds.joined(separator: ", "))")
            }
            for key in textKeys where item[key]?.stringValue == nil {
                problems.append("'\(name)[\(index)].\(key)' must be a string")
            }
        }
        return problems
    }
}
