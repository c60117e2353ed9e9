import SingleLoginAdapter
import SingleLoginConformance
import SingleLoginEvents
import SingleLoginSpec
import SingleLoginTransport
import ReferenceApp
import Testing

/// The reference app's account checks, when one is answered late: only the latest one it began decides.
@Suite("The reference app and a late account check")
struct ReferenceLateCheckTests {
    /// Alice's session, the app suspended; bob takes the device; the resume's check (bob) is held;
    /// alice takes the device back and the broadcast's check answers alice; then the held check arrives.
    static let spec = #"""
        {
          "formatVersion": "1.5",
          "id": "late-check",
          "version": "0.0.1",
          "title": "late account check",
          "accounts": {
            "alice": {
              "username": "alice.adams@contoso.example",
              "displayName": "Alice Adams"
            },
            "bob": {
              "username": "bob.brown@contoso.example",
              "displayName": "Bob Brown"
            }
          },
          "requirements": [
            {
              "id": "X-LATECHECK-1",
              "level": "MUST",
              "title": "A late account check does not override a newer one",
              "rationale": "A check answered after a newer one began says who was on the device before the newer one asked.",
              "references": [
                {
                  "title": "docs/adapter-contract.md, Late answers",
                  "url": "https://github.com/sl-conformance/sl-conformance/blob/main/docs/adapter-contract.md"
                }
              ],
              "scenarios": [
                {
                  "name": "an account check under way across a user change and back",
                  "given": {
                    "signedIn": "alice"
                  },
                  "steps": [
                    {
                      "do": "launch"
                    },
                    {
                      "do": "suspend"
                    },
                    {
                      "do": "switchUser",
                      "account": "bob"
                    },
                    {
                      "do": "holdNext",
                      "method": "getCurrentAccount"
                    },
                    {
                      "do": "resume"
                    },
                    {
                      "do": "switchUser",
                      "account": "alice"
                    },
                    {
                      "do": "release",
                      "expect": [
                        {
                          "check": "signedIn",
                          "account": "alice"
                        },
                        {
                          "check": "noDataOf",
                          "account": "bob",
                          "in": [
                            "screen",
                            "storage"
                          ]
                        }
                      ]
                    }
                  ],
                  "expect": []
                }
              ],
              "tags": [
                "inflight"
              ]
            }
          ]
        }
        """#

    @Test("a check held across a user change and back, answered after the newer check, changes nothing: alice stays signed in, with no prompt")
    func lateCheckAfterNewer() async throws {
        let loaded = try SpecLoader.load(bytes: Array(Self.spec.utf8), file: "late-check.json")
        let run = await TestSupport.run(loaded) { InProcessAdapterProvider { ReferenceAppAdapter() } }
        let result = try #require(run.results.first)
        #expect(result.outcome == .passed, "\(TestSupport.unpassed(run.results))")
        #expect(result.transcript.filter(\.held).map(\.method) == [.getCurrentAccount])
        #expect(!result.transcript.contains { $0.method == .acquireToken }, "no prompt")
    }
}
