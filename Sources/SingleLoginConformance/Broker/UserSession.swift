import Foundation
import SingleLoginAdapter

/// One sign-in of one user on the device: the tokens and records the harness handed out in it.
///
/// Every value carries the session's marker, so that "nothing of Alice's first session
/// remains" can be checked by scanning for that marker alone.
public struct UserSession: Hashable, Sendable {
    /// The user.
    public var user: SimulatedUser
    /// The session's number for that user, from 1.
    public var number: Int
    /// A distinctive string in every token and record of this session.
    public var marker: String

    /// Creates session `number` of `user`; `scenarioKey` keeps markers distinct across test cases.
    init(user: SimulatedUser, number: Int, scenarioKey: String) {
        self.user = user
        self.number = number
        marker = "M" + StableHash.hex("\(scenarioKey)|\(user.name)|\(number)", length: 12).uppercased()
    }

    /// The access token of this session, JWT-shaped.
    public var accessToken: String { "eyJ0eXAiOiJKV1QifQ.at-\(marker).sig" }

    /// The id token of this session: a JWT whose claims carry the user's identity.
    public var idToken: String {
        let claims: [String: String] = [
            "oid": user.account.objectId, "tid": user.account.tenantId, "name": user.displayName,
            "preferred_username": user.account.username ?? "", "sid": marker,
        ]
        let body = (try? JSONSerialization.data(withJSONObject: claims, options: [.sortedKeys])) ?? Data()
        return "eyJhbGciOiJSUzI1NiIsImtpZCI6InNsIn0." + Self.base64URL(body) + ".sig-\(marker)"
    }

    /// The user's records in this session, as the app's backend returns them.
    public var records: [UserRecord] {
        (1...3).map { index in
            UserRecord(id: "rec-\(marker)-\(index)", title: "Shift task \(index) \(marker)", detail: "Assigned to \(user.displayName) (\(marker)-\(index))")
        }
    }

    /// The markers that identify this session's data.
    public var markers: [String] { [marker] }

    private static func base64URL(_ data: Data) -> String {
        data.base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
    }
}
