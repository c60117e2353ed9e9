import Foundation
import SingleLoginEvents

/// Gives each test case a unique, non-empty (classname, name).
struct CaseNamer {
    let specID: String
    /// The names used so far, by classname; the current requirement's set is held apart.
    private var names: [String: Set<String>] = [:]
    private var current: (requirementID: String, classname: String, names: Set<String>)?

    init(specID: String) {
        self.specID = JUnitNames.normalize(specID, fallback: "spec")
    }

    /// `(<spec-id>.<REQUIREMENT-ID>, <scenario name>)`, with ` [2]`, ` [3]`... on a collision.
    ///
    /// A requirement's test cases come one after another, so its classname is made once and its
    /// names are checked in a set of their own (a large report hashes each name once, no more).
    mutating func unique(for id: TestCaseID) -> (String, String) {
        if current?.requirementID != id.requirementID {
            // Jenkins splits classname at the last dot: dots inside the requirement ID would split it wrongly.
            let normalized = JUnitNames.normalize(id.requirementID, fallback: "requirement")
            let requirement = normalized.contains(".") ? String(normalized.map { $0 == "." ? "_" : $0 }) : normalized
            let classname = specID + "." + requirement
            if let current { names[current.classname] = current.names }
            current = (id.requirementID, classname, names.removeValue(forKey: classname) ?? [])
        }
        let classname = current!.classname
        let base = JUnitNames.normalize(id.scenarioName, fallback: "(unnamed scenario)")
        var name = base
        var counter = 1
        while !current!.names.insert(name).inserted {
            counter += 1
            name = "\(base) [\(counter)]"
        }
        return (classname, name)
    }
}
