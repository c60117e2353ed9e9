import Foundation

/// Writes large, valid format-v1 specs for load-time measurements.
///
/// Requirements `GEN-1`, `GEN-2`, ... each hold three scenarios shaped like the shipped spec's
/// (sign-in at launch, global sign-out while suspended, a user switch), so the loader parses
/// and checks every kind of node it meets in real specs, at any size.
package enum SpecGenerator {
    /// A spec of at least `minimumBytes` bytes (whole requirements are added until it is reached).
    package static func generate(minimumBytes: Int) -> Data {
        var text = """
            {
              "formatVersion": "1.0",
              "id": "generated-benchmark",
              "version": "1.0.0",
              "title": "Generated spec for load-time measurements",
              "accounts": {
                "alice": { "username": "alice.adams@contoso.example", "displayName": "Alice Adams" },
                "bob": { "username": "bob.brown@contoso.example", "displayName": "Bob Brown" }
              },
              "requirements": [
            """
        let closing = "\n  ]\n}\n"
        var index = 1
        repeat {
            text += (index == 1 ? "\n" : ",\n") + requirement(index)
            index += 1
        } while text.utf8.count + closing.utf8.count < minimumBytes
        text += closing
        return Data(text.utf8)
    }

    /// How many requirements ``generate(minimumBytes:)`` wrote into `data` (counts `"id": "GEN-`).
    package static func requirementCount(in data: Data) -> Int {
        String(decoding: data, as: UTF8.self).components(separatedBy: "\"id\": \"GEN-").count - 1
    }

    /// The scenarios each generated requirement holds.
    package static let scenariosPerRequirement = 3

    private static func requirement(_ index: Int) -> String {
        """
            {
              "id": "GEN-\(index)",
              "level": "\(index % 3 == 0 ? "SHOULD" : "MUST")",
              "title": "Generated requirement \(index): the app follows the broker's account on a shared device.",
              "rationale": "Microsoft requires apps in Shared Device Mode to check the current account at launch, on resume and on every broadcast, and to clear the previous user's data.",
              "references": [
                { "title": "Shared device mode for iOS devices", "url": "https://learn.microsoft.com/en-us/entra/msal/objc/shared-devices-ios" }
              ],
              "tags": ["generated", "group-\(index % 10)"],
              "scenarios": [
                {
                  "name": "opens signed in \(index)",
                  "given": { "signedIn": "alice" },
                  "steps": [
                    { "do": "launch", "expect": [
                      { "check": "calls", "method": "acquireToken", "count": 0 },
                      { "check": "calls", "method": "acquireTokenSilent", "atLeast": 1 },
                      { "check": "signedIn", "account": "alice" },
                      { "check": "hasDataOf", "account": "alice" }
                    ] }
                  ]
                },
                {
                  "name": "signed out while suspended \(index)",
                  "given": { "signedIn": "alice" },
                  "steps": [
                    { "do": "launch", "expect": [ { "check": "hasDataOf", "account": "alice" } ] },
                    { "do": "suspend" },
                    { "do": "globalSignOut" },
                    { "do": "resume", "expect": [ { "check": "calls", "method": "getCurrentAccount", "atLeast": 1 } ] }
                  ],
                  "expect": [ { "check": "signedOut" }, { "check": "noDataOf", "account": "alice" } ]
                },
                {
                  "name": "alice to bob \(index)",
                  "given": { "signedIn": "alice", "token": "valid" },
                  "steps": [
                    { "do": "answerNext", "method": "acquireTokenSilent", "answer": "networkError" },
                    { "do": "launch" },
                    { "do": "switchUser", "account": "bob", "expect": [ { "check": "signedIn", "account": "bob" } ] },
                    { "do": "broadcast", "count": 3 }
                  ],
                  "expect": [ { "check": "noDataOf", "account": "alice" }, { "check": "noElement", "matching": "sign ?up|register" } ]
                }
              ]
            }
        """
    }
}
