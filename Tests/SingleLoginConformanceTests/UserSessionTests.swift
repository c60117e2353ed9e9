import Foundation
import SingleLoginSpec
import Testing

@testable import SingleLoginConformance

@Suite("A session's id token")
struct UserSessionTests {
    /// Names and usernames with every character JSON treats apart: quotes, backslashes, slashes,
    /// control characters, non-ASCII letters and an emoji, and a guest's `#EXT#` username.
    static let users = [
        AccountDefinition(name: "alice", username: "alice@contoso.example", displayName: "Alice Adams"),
        AccountDefinition(name: "q", username: "q/\"uoted\"@contoso.example", displayName: "O'Brien \"Bo\" \\ back/slash"),
        AccountDefinition(name: "c", username: "tab\tline\nfeed\u{1}\u{8}\u{c}\r@contoso.example", displayName: "José Müller 李 🚀"),
        AccountDefinition(name: "g", username: "dana_fabrikam.example#EXT#@contoso.onmicrosoft.com", displayName: "Dana / Fabrikam"),
    ]

    @Test("its claims are the bytes JSONSerialization writes with sorted keys, for every kind of character", arguments: users)
    func claimsAsJSONSerialization(definition: AccountDefinition) throws {
        let session = UserSession(user: SimulatedUser(definition), number: 2, scenarioKey: "SL-LOGIN-1|opens signed in")
        let claims: [String: String] = [
            "oid": session.user.objectId, "tid": session.user.tenantId, "name": session.user.displayName,
            "preferred_username": session.user.idTokenUsername ?? "", "sid": session.marker,
        ]
        let expected = try JSONSerialization.data(withJSONObject: claims, options: [.sortedKeys])
        #expect(String(decoding: session.claimsJSON, as: UTF8.self) == String(decoding: expected, as: UTF8.self))
        // And the token carries them, base64url without padding, between its header and its signature.
        let parts = session.idToken.split(separator: ".")
        #expect(parts.count == 3)
        var body = String(parts[1]).replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        body += String(repeating: "=", count: (4 - body.count % 4) % 4)
        #expect(Data(base64Encoded: body) == expected)
    }
}
