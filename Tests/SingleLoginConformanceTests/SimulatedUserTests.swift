import SingleLoginSpec
import Testing

@testable import SingleLoginConformance

@Suite("A simulated user's name parts")
struct SimulatedUserTests {
    @Test("the name parts, kept with the display name, follow it when it changes")
    func namePartsFollowTheName() {
        var user = SimulatedUser(AccountDefinition(name: "x", username: "x@contoso.example", displayName: "Jo Anne-Marie Li Okafor"))
        #expect(user.nameParts == ["anne", "marie", "okafor"])
        user.displayName = "Bob Brown"
        #expect(user.nameParts == ["bob", "brown"])
        #expect(user.role(ofNamePart: "bob") == "given name" && user.role(ofNamePart: "brown") == "family name")
    }
}
