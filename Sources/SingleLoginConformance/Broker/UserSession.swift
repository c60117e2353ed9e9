import Foundation
import SingleLoginAdapter
import SingleLoginJSON

/// One sign-in of one user: the tokens and records the harness hands out in it.
///
/// Every value carries the session's marker, so that "nothing of Alice's first session
/// remains" can be checked by scanning for that marker alone.
public struct UserSession: Hashable, Sendable {
    /// The user.
    public var user: SimulatedUser
    /// The session's number for that user, from 1, counting every kind.
    public var number: Int
    /// A distinctive string in every token and record of this session.
    public var marker: String
    /// How the session came about.
    public var kind: Kind

    /// How a session came about, which decides when it ends.
    public enum Kind: String, Hashable, Sendable {
        /// The device's account (Jamf Setup, a user change, or a sign-in through the broker): it ends
        /// when that account leaves the device.
        case device
        /// A sign-in MSAL made without the broker (the app disabled it): it ends when the app signs
        /// it out or removes it.
        case local
        /// A result handed to the app without an id token: the sign-in on the device did not change,
        /// and the session ends with the next change of the device's account.
        case resultOnly
    }

    /// Creates session `number` of `user`; `scenarioKey` keeps markers distinct across test cases.
    init(user: SimulatedUser, number: Int, kind: Kind = .device, scenarioKey: String) {
        self.user = user
        self.number = number
        self.kind = kind
        marker = Self.marker(scenarioKey: scenarioKey, user: user.name, number: number)
    }

    /// The marker of session `number` of the user named `user` in the test case keyed `scenarioKey`.
    static func marker(scenarioKey: String, user: String, number: Int) -> String {
        "M" + StableHash.hex("\(scenarioKey)|\(user)|\(number)", length: 12).uppercased()
    }

    /// Access token number `issuance` of this session, JWT-shaped, carrying the marker.
    public func accessToken(issuance: Int) -> String { "eyJ0eXAiOiJKV1QifQ.at-\(marker)-\(issuance).sig" }

    /// The id token of this session: a JWT whose claims carry the user's identity.
    public var idToken: String {
        "eyJhbGciOiJSUzI1NiIsImtpZCI6InNsIn0." + Self.base64URL(Data(claimsJSON)) + ".sig-\(marker)"
    }

    /// The id token's claims (the account's, ``SimulatedUser/claims``, and the session's marker as
    /// `sid`), as `JSONSerialization` writes them with sorted keys, written by hand: the same bytes on
    /// every platform, and `JSONSerialization` took a tenth of the harness's time in a run over stdio.
    var claimsJSON: [UInt8] {
        var json: [UInt8] = [UInt8(ascii: "{")]
        for (index, (key, value)) in user.claims.merging(["sid": marker], uniquingKeysWith: { $1 }).sorted(by: { $0.key < $1.key }).enumerated() {
            if index > 0 { json.append(UInt8(ascii: ",")) }
            JSONStringEscaper.append(key, to: &json)
            json.append(UInt8(ascii: ":"))
            JSONStringEscaper.append(value, to: &json)
        }
        json.append(UInt8(ascii: "}"))
        // JSONSerialization writes a slash as `\/`; the escaper, as JSONEncoder does here, leaves it.
        var slashesEscaped: [UInt8] = []
        slashesEscaped.reserveCapacity(json.count + 4)
        for byte in json {
            if byte == UInt8(ascii: "/") { slashesEscaped.append(UInt8(ascii: "\\")) }
            slashesEscaped.append(byte)
        }
        return slashesEscaped
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
