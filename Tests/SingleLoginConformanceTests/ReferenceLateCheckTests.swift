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
          "$schema": "./spec-format-v1.schema.json",
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
            },
            "jose": {
              "username": "Jose.Nunez@Contoso.example",
              "displayName": "Jos\u00e9 N\u00fa\u00f1ez"
            },
            "mei": {
              "username": "MEI.WANG@CONTOSO.EXAMPLE",
              "displayName": "\u738b\u7f8e\u73b2"
            },
            "dmitri": {
              "username": "d.sokolov@contoso.example",
              "displayName": "\u0414\u043c\u0438\u0442\u0440\u0438\u0439 \u0421\u043e\u043a\u043e\u043b\u043e\u0432"
            },
            "dana": {
              "username": "dana_fabrikam.example#EXT#@contoso.onmicrosoft.com",
              "displayName": "Dana Okafor"
            },
            "alex": {
              "username": "alex.kim@contoso.example",
              "displayName": "Alex Kim"
            },
            "alex2": {
              "username": "akim@contoso.example",
              "displayName": "Alex Kim"
            }
          },
          "requirements": [
            {
              "id": "X-LATECHECK-1",
              "level": "MUST",
              "title": "A late account check does not override a newer one",
              "rationale": "probe",
              "references": [
                {
                  "title": "probe",
                  "url": "https://example.com"
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
