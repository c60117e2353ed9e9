import Foundation
import SingleLoginSpec
import Testing

/// Rules the shipped catalogue keeps beyond what the loader checks.
@Suite("The shipped catalogue")
struct CatalogueTests {
    /// The check's kind, as the spec names it.
    static func kind(_ expectation: SingleLoginSpec.Expectation) -> String {
        switch expectation {
        case .calls: return "calls"
        case .signedIn: return "signedIn"
        case .signedOut: return "signedOut"
        case .noDataOf: return "noDataOf"
        case .hasDataOf: return "hasDataOf"
        case .noErrorShown: return "noErrorShown"
        case .notCrashed: return "notCrashed"
        case .noElement: return "noElement"
        case .scopesCovered: return "scopesCovered"
        case .deviceSignedOut: return "deviceSignedOut"
        case .errorShown: return "errorShown"
        case .brokerEnabled: return "brokerEnabled"
        }
    }

    @Test("a starting point checks only what the requirement it names checks, so that requirement fails for the same defect")
    func startingPointsAreCovered() throws {
        let spec = try TestSupport.shippedSpec().spec
        let byID = Dictionary(uniqueKeysWithValues: spec.requirements.map { ($0.id, $0) })
        var marked = 0
        for requirement in spec.requirements {
            for scenario in requirement.scenarios {
                for step in scenario.steps {
                    guard let covering = step.startingPoint else { continue }
                    marked += 1
                    let covered = Set(try #require(byID[covering]).scenarios.flatMap { $0.steps.flatMap(\.expect) + $0.expect }.map(Self.kind))
                    let checked = Set(step.expect.map(Self.kind))
                    #expect(
                        checked.isSubset(of: covered),
                        "\(requirement.id) / \(scenario.name): \(checked.subtracting(covered).sorted()) not checked by \(covering)")
                    #expect(!step.expect.isEmpty, "\(requirement.id) / \(scenario.name): a starting point with no checks")
                }
            }
        }
        #expect(marked > 20)
    }

    @Test("spec 2.4.0 in format 1.3; IDs are unique and every family is numbered from 1 without gaps")
    func versionsAndIDs() throws {
        let spec = try TestSupport.shippedSpec().spec
        #expect(spec.version == "2.4.0" && spec.formatVersion == "1.3")
        let ids = spec.requirements.map(\.id)
        #expect(Set(ids).count == ids.count)
        let families = Dictionary(grouping: ids) { $0.split(separator: "-").dropLast().joined(separator: "-") }
        for (family, members) in families {
            let numbers = members.compactMap { Int($0.split(separator: "-").last!) }.sorted()
            #expect(numbers == Array(1...numbers.count), "\(family): \(numbers)")
        }
    }
}
