import Foundation
import SingleLoginSpec

extension BundleVerifier {
    /// A bundled spec that is no catalogue this binary carries, and how it differs from the
    /// catalogue of the same id when this binary carries one: every verdict rests on the bundled
    /// spec, so a check loosened in a copy of the catalogue passes test cases the catalogue fails.
    package struct CustomSpec: Sendable, Hashable {
        /// The embedded catalogue whose id the bundled spec has, if any.
        package var catalogue: EmbeddedSpec?
        /// What differs from ``catalogue``, in the catalogue's order, added requirements last.
        package var differences: [Difference]

        /// One way the bundled spec differs from the catalogue of its id.
        package enum Difference: Sendable, Hashable, CustomStringConvertible {
            /// A top-level member other than the requirements (`accounts`, `title`...) differs.
            case member(String)
            /// The catalogue's requirement is not in the bundled spec.
            case requirementRemoved(String)
            /// The bundled spec's requirement is not in the catalogue.
            case requirementAdded(String)
            /// The requirement is in both, with these members (`level`, `title`...) and scenarios differing.
            case requirementChanged(String, members: [String], scenarios: [ScenarioChange])

            package var description: String {
                switch self {
                case let .member(name): "its \(name) differ"
                case let .requirementRemoved(id): "\(id) removed"
                case let .requirementAdded(id): "\(id) added"
                case let .requirementChanged(id, members, scenarios):
                    "\(id) changed: " + (members.map { "its \($0)" } + scenarios.map(\.description)).joined(separator: ", ")
                }
            }
        }

        /// How one scenario of a requirement in both differs.
        package enum ScenarioChange: Sendable, Hashable, CustomStringConvertible {
            /// Its steps, starting state or checks differ.
            case changed(String)
            /// The catalogue's scenario is not in the bundled spec.
            case removed(String)
            /// The bundled spec's scenario is not in the catalogue.
            case added(String)

            package var description: String {
                switch self {
                case let .changed(name): "scenario '\(name)' changed"
                case let .removed(name): "scenario '\(name)' removed"
                case let .added(name): "scenario '\(name)' added"
                }
            }
        }

        /// The bundled spec `bytes`, whose id is `id`, against the embedded catalogue of that id.
        /// Values are compared, not bytes: key order and white space do not differ, and neither do
        /// source locations.
        package static func compare(_ bytes: Data, id: String) -> CustomSpec {
            guard let catalogue = EmbeddedSpec.all.first(where: { !$0.isSchema && $0.identity?.id == id }) else {
                return CustomSpec(catalogue: nil, differences: [])
            }
            guard let custom = try? JSONSerialization.jsonObject(with: bytes) as? [String: Any],
                let shipped = try? JSONSerialization.jsonObject(with: Data(catalogue.bytes)) as? [String: Any]
            else { return CustomSpec(catalogue: catalogue, differences: []) }
            var differences: [Difference] = []
            // The version is on the spec line already; the rest of the header and the accounts may matter.
            for name in Set(custom.keys).union(shipped.keys).sorted() where !["requirements", "version", "$schema"].contains(name) {
                if canonical(custom[name]) != canonical(shipped[name]) { differences.append(.member(name)) }
            }
            let ours = keyed(custom["requirements"], by: "id")
            let theirs = keyed(shipped["requirements"], by: "id")
            for (requirementID, requirement) in theirs {
                guard let edited = ours.first(where: { $0.key == requirementID })?.value else {
                    differences.append(.requirementRemoved(requirementID))
                    continue
                }
                let members = Set(requirement.keys).union(edited.keys).sorted().filter {
                    $0 != "scenarios" && canonical(requirement[$0]) != canonical(edited[$0])
                }
                let scenarios = compareScenarios(edited["scenarios"], with: requirement["scenarios"])
                if !members.isEmpty || !scenarios.isEmpty { differences.append(.requirementChanged(requirementID, members: members, scenarios: scenarios)) }
            }
            let theirIDs = Set(theirs.map(\.key))
            for (requirementID, _) in ours where !theirIDs.contains(requirementID) { differences.append(.requirementAdded(requirementID)) }
            return CustomSpec(catalogue: catalogue, differences: differences)
        }

        private static func compareScenarios(_ custom: Any?, with shipped: Any?) -> [ScenarioChange] {
            let ours = keyed(custom, by: "name")
            let theirs = keyed(shipped, by: "name")
            var changes: [ScenarioChange] = []
            for (name, scenario) in theirs {
                guard let edited = ours.first(where: { $0.key == name })?.value else {
                    changes.append(.removed(name))
                    continue
                }
                if canonical(scenario) != canonical(edited) { changes.append(.changed(name)) }
            }
            let names = Set(theirs.map(\.key))
            for (name, _) in ours where !names.contains(name) { changes.append(.added(name)) }
            return changes
        }

        /// The objects of a JSON array, in order, by their string member `key`.
        private static func keyed(_ value: Any?, by key: String) -> [(key: String, value: [String: Any])] {
            ((value as? [Any]) ?? []).compactMap { item in
                guard let object = item as? [String: Any], let name = object[key] as? String else { return nil }
                return (name, object)
            }
        }

        /// A JSON value written with sorted keys: two values are the same exactly when these are.
        private static func canonical(_ value: Any?) -> Data? {
            value.flatMap { try? JSONSerialization.data(withJSONObject: $0, options: [.sortedKeys, .fragmentsAllowed]) }
        }
    }
}
