import Foundation
import SingleLoginConformance
import SingleLoginSpec
import Testing

/// Rules the shipped catalogue keeps beyond what the loader checks.
@Suite("The shipped catalogue")
struct CatalogueTests {
    /// The check's kind, as the spec names it.
    static func kind(_ expectation: SingleLoginSpec.Expectation) -> String { expectation.kind.rawValue }

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
                    let checked = Set(step.expect.map(Self.kind))
                    let covered = try Self.checkKinds(of: covering, in: byID)
                    #expect(
                        checked.isSubset(of: covered),
                        "\(requirement.id) / \(scenario.name): \(checked.subtracting(covered).sorted()) not checked by \(covering)")
                    #expect(!step.expect.isEmpty, "\(requirement.id) / \(scenario.name): a starting point with no checks")
                }
            }
        }
        #expect(marked > 20)
    }

    @Test("a check marked precondition is one its owner makes itself, so the owner fails for the defect that blocks the case")
    func preconditionsAreOwned() throws {
        let spec = try TestSupport.shippedSpec().spec
        let byID = Dictionary(uniqueKeysWithValues: spec.requirements.map { ($0.id, $0) })
        var marked: [String: Int] = [:]
        for requirement in spec.requirements {
            for scenario in requirement.scenarios {
                for precondition in scenario.steps.flatMap(\.preconditions) + scenario.preconditions {
                    marked[requirement.id, default: 0] += 1
                    let owned = try Self.checkKinds(of: precondition.requirementID, in: byID)
                    #expect(
                        owned.contains(Self.kind(precondition.check)),
                        "\(requirement.id) / \(scenario.name): \(Self.kind(precondition.check)) is not checked by \(precondition.requirementID)")
                }
            }
        }
        // The surfaces' user changes presume SL-LOGOUT-4 (the sign-out whose broker signout fails), SL-SWITCH-1 (while running; the offline ones,
        // that the change cleared the app itself) and SL-SWITCH-3 (while suspended); A, B, A again
        // presumes SL-SWITCH-1 each time. A late answer presumes that the call was made (SL-TOKEN-3, SL-LOGIN-5), a silent one before the backend refused the expired
        // token (SL-TOKEN-3), and that the sign-out or user change it outlives
        // worked (SL-LOGOUT-1, -3, SL-SWITCH-1, -3, SL-LOGIN-7), cleared the surfaces (SL-NOTIFY-1 ... SL-SNAPSHOT-1)
        // and, when the same user returns, shows nothing of their first session (SL-SWITCH-2). A second
        // account from the app's sheet presumes that the sheet completed (SL-LOGIN-4). An account
        // check held across a user change and back presumes that the resume asked (SL-SWITCH-3) and
        // that the user's return signed them in without a prompt (SL-SWITCH-1). A sheet held across
        // a Jamf Reset or a user change presumes that the tap asked for it (SL-LOGIN-3; answered, where
        // the user's next session must not be the sheet's) and that the change ended the session the
        // app's own sign-in began (SL-INTERACTIVE-1, -2). The launch's account check held across a
        // Jamf Reset or a user change presumes that the launch asked (SL-LOGIN-1) with the broker
        // enabled (SL-DETECT-5), and across a Jamf Reset that the broadcast signed the app out
        // (SL-LOGOUT-1). A failed getDeviceInformation followed by a Jamf Reset presumes the same
        // sign-out (SL-LOGOUT-1). A silent sign-in begun by a Jamf Setup presumes that its broadcast began
        // it (SL-LOGIN-7), then that the Jamf Reset signed the app out (SL-LOGOUT-1) or the user change
        // signed the new user in (SL-SWITCH-1). One begun by a user change presumes that the change
        // asked a silent token, with no prompt and no refused download (SL-SWITCH-1). A sheet for the
        // device's own user held across a Jamf Reset presumes that the refused silent token led to a
        // sheet (SL-LOGIN-4); a renewal sheet, that the refresh asked silently, prompted at most once
        // and sent no expired token (SL-INTERACTIVE-4, SL-TOKEN-3); both, that the Jamf Reset ended the
        // session the app's sheet began (SL-INTERACTIVE-1, SL-LOGOUT-1, the surfaces' owners).
        #expect(
            marked == [
                "SL-NOTIFY-1": 4, "SL-SPOTLIGHT-1": 4, "SL-PASTEBOARD-1": 4, "SL-WIDGET-1": 4, "SL-ACTIVITY-1": 4, "SL-SWITCH-2": 3,
                "SL-INFLIGHT-1": 226, "SL-ACCOUNT-1": 1, "SL-DETECT-4": 1,
            ])
    }

    /// The kinds of check requirement `id` makes itself: its own subject, not its preconditions.
    static func checkKinds(of id: String, in byID: [String: Requirement]) throws -> Set<String> {
        Set(try #require(byID[id]).scenarios.flatMap { $0.steps.flatMap(\.subjectChecks) + $0.expect }.map(kind))
    }

    @Test("the accounts are as Entra issues them, and scenarios use each form: a UPN not in lower case, a guest, accents, other scripts, namesakes")
    func identityForms() throws {
        let spec = try TestSupport.shippedSpec().spec
        let users = spec.accounts.map(SimulatedUser.init)
        // Every account a scenario names: `account`, `signedIn` and `userAtDevice` values anywhere under requirements.
        var used: Set<String> = []
        func collect(_ node: Any, key: String?) {
            if let text = node as? String, ["account", "signedIn", "userAtDevice"].contains(key) { used.insert(text) }
            if let list = node as? [Any] { list.forEach { collect($0, key: key) } }
            if let object = node as? [String: Any] { object.forEach { collect($0.value, key: $0.key) } }
        }
        let file = TestSupport.repositoryRoot.appendingPathComponent("specs/single-login.json")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
        collect(json["requirements"] ?? [], key: nil)
        func uses(_ form: String, _ test: (SimulatedUser) -> Bool) {
            #expect(users.contains { test($0) && used.contains($0.name) }, "no scenario uses an account with \(form)")
        }
        uses("a username not in lower case") { ($0.username ?? "") != ($0.username ?? "").lowercased() }
        uses("a guest's #EXT# username") { $0.guestEmail != nil }
        uses("an accented display name") { $0.displayName.unicodeScalars.contains { $0.value >= 0xC0 && $0.value < 0x250 } }
        uses("a display name in another script") { $0.displayName.unicodeScalars.contains { $0.value >= 0x400 } }
        let namesakes = Dictionary(grouping: users, by: \.displayName).values.filter { $0.count > 1 }.flatMap { $0 }
        #expect(namesakes.count >= 2 && namesakes.allSatisfy { used.contains($0.name) }, "two accounts with one display name, both used")
    }

    @Test("spec 14.0.0 in format 1.7; IDs are unique and every family is numbered from 1 without gaps")
    func versionsAndIDs() throws {
        let spec = try TestSupport.shippedSpec().spec
        #expect(spec.version == "14.0.0" && spec.formatVersion == "1.7")
        let ids = spec.requirements.map(\.id)
        #expect(Set(ids).count == ids.count)
        let families = Dictionary(grouping: ids) { $0.split(separator: "-").dropLast().joined(separator: "-") }
        for (family, members) in families {
            let numbers = members.compactMap { Int($0.split(separator: "-").last!) }.sorted()
            #expect(numbers == Array(1...numbers.count), "\(family): \(numbers)")
        }
    }
}
