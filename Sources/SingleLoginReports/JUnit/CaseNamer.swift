import Foundation
import SingleLoginEvents

/// Gives each test case a unique, non-empty (classname, name).
struct CaseNamer {
    let specID: String
    private var used = Set<String>()

    init(specID: String) {
        self.specID = JUnitNames.normalize(specID, fallback: "spec")
    }

    /// `(<spec-id>.<REQUIREMENT-ID>, <scenario name>)`, with ` [2]`, ` [3]`... on a collision.
    mutating func unique(for id: TestCaseID) -> (String, String) {
        // Jenkins splits classname at the last dot: dots inside the requirement ID would split it wrongly.
        let requirement = JUnitNames.normalize(id.requirementID, fallback: "requirement").replacingOccurrences(of: ".", with: "_")
        let classname = specID + "." + requirement
        let base = JUnitNames.normalize(id.scenarioName, fallback: "(unnamed scenario)")
        var name = base
        var counter = 1
        while !used.insert(classname + "\u{0}" + name).inserted {
            counter += 1
            name = "\(base) [\(counter)]"
        }
        return (classname, name)
    }
}
