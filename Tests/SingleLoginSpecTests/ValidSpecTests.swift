import SingleLoginCrypto
import Testing
import SingleLoginAdapter
@testable import SingleLoginSpec

@Suite("Valid specs")
struct ValidSpecTests {
    @Test("every valid fixture loads", arguments: FixtureFiles.names(in: "valid"))
    func loads(file: String) throws {
        let bytes = try FixtureFiles.bytes("valid", file)
        let loaded = try SpecLoader.load(bytes: bytes, file: file)
        #expect(loaded.byteCount == bytes.count)
        #expect(loaded.sha256Hex == SHA256.hexDigest(bytes))
        #expect(loaded.spec.source == SourceLocation(file: file, line: 1, column: 1))
        #expect(!loaded.spec.requirements.isEmpty)
    }

    @Test("the minimal spec decodes to the expected model, defaults filled in")
    func minimalModel() throws {
        let spec = try SpecLoader.load(bytes: FixtureFiles.bytes("valid", "minimal.json"), file: "m.json").spec
        let expected = Spec(
            formatVersion: "1.0", id: "minimal", version: "0.1.0", title: "The smallest valid spec",
            accounts: [AccountDefinition(name: "alice", username: "alice.adams@contoso.example", displayName: "Alice Adams")],
            requirements: [
                Requirement(
                    id: "EX-LAUNCH-1", level: .must, title: "The app launches", rationale: "Nothing else can be checked otherwise.",
                    references: [Reference(title: "Shared device mode for iOS devices", url: "https://learn.microsoft.com/entra/msal/objc/shared-devices")],
                    tags: [],
                    scenarios: [
                        Scenario(
                            name: "cold launch", given: Given(deviceMode: .shared, signedIn: nil, token: .valid, userAtDevice: nil),
                            steps: [Step(.app(.launch), location: SourceLocation(file: "m.json", line: 18, column: 55))],
                            expect: [.notCrashed], location: SourceLocation(file: "m.json", line: 18, column: 21))
                    ],
                    location: SourceLocation(file: "m.json", line: 11, column: 5))
            ],
            source: SourceLocation(file: "m.json", line: 1, column: 1))
        #expect(spec == expected)
    }

    @Test("every step, answer and check kind decodes to its model case")
    func everyKind() throws {
        let spec = try SpecLoader.load(bytes: FixtureFiles.bytes("valid", "every-kind.json"), file: "e.json").spec
        #expect(spec.accounts.map(\.name) == ["alice", "bob", "carol_2"])
        #expect(spec.accounts[2].displayName == "Carol \u{C7}elik \u{1F600}")
        #expect(spec.accounts[0].objectId == "00000000-0000-0000-0000-00000000a11c")
        let scenarios = spec.requirements[0].scenarios
        #expect(scenarios[0].given == Given(deviceMode: .default, signedIn: "alice", token: .interactionRequired, userAtDevice: "bob"))
        #expect(
            scenarios[0].steps.map(\.action) == [
                .app(.launch), .app(.suspend), .app(.resume), .app(.terminate), .app(.tapSignIn), .app(.tapSignOut), .app(.refresh),
                .globalSignIn(account: "bob"), .globalSignOut,
                .switchUser(account: "carol_2"), .broadcast(count: 1), .broadcast(count: 100),
                .answerNext(method: .acquireToken, answer: .complete(account: "alice")),
                .answerNext(method: .acquireToken, answer: .cancel),
                .answerNext(method: .acquireTokenSilent, answer: .interactionRequired),
                .answerNext(method: .fetchRecords, answer: .networkError),
                .answerNext(method: .acquireTokenSilent, answer: .noIdToken),
                .answerNext(method: .getDeviceInformation, answer: .brokerNotAvailable),
                .answerNext(method: .signout, answer: .complete(account: nil)),
                .answerNext(method: .signout, answer: .complete(account: nil, broadcast: false)),
                .answerNext(method: .acquireToken, answer: .blankIdToken),
                .answerNext(method: .acquireTokenSilent, answer: .declinedScopes(scopes: nil)),
                .answerNext(method: .acquireToken, answer: .declinedScopes(scopes: ["Tasks.Read"])),
                .answerNext(method: .getCurrentAccount, answer: .ssoExtensionFailure(code: .failed)),
                .answerNext(method: .acquireTokenSilent, answer: .ssoExtensionFailure(code: .notHandled)),
                .answerNext(method: .allAccounts, answer: .complete(account: nil)),
                .advanceClock(minutes: 70),
            ])
        #expect(scenarios[0].steps.last?.startingPoint == "EX-ALL-2")
        #expect(scenarios[0].steps.dropLast().allSatisfy { $0.startingPoint == nil })
        #expect(scenarios[0].steps[0].expect == [.calls(method: .getDeviceInformation, range: CountRange(atLeast: 1, atMost: nil))])
        #expect(scenarios[1].given == Given(signedIn: ["alice", "bob"]))
        // A check marked `precondition` (1.4) is one, owned by a requirement of the spec or of the shipped catalogue.
        #expect(scenarios[1].steps[0].expect.isEmpty)
        #expect(scenarios[1].steps[0].preconditions == [Precondition(.notCrashed, ownedBy: "EX-ALL-2")])
        #expect(scenarios[1].preconditions == [Precondition(.signedIn(account: "bob"), ownedBy: "SL-SWITCH-1")])
        // `holdNext` and `release` (1.5); `byRelease` (1.6) on a precondition that a release follows;
        // a hold of the calls for one account (1.7).
        #expect(
            scenarios[2].steps.map(\.action) == [
                .holdNext(method: .acquireTokenSilent), .app(.launch), .holdNext(method: .acquireTokenSilent, account: "bob"), .switchUser(account: "bob"),
                .release,
            ])
        #expect(
            scenarios[2].steps[3].preconditions == [
                Precondition(.signedIn(account: "bob"), ownedBy: "SL-SWITCH-1", byRelease: true),
                Precondition(.noDataOf(account: "alice", places: [.screen, .storage], session: nil), ownedBy: "SL-SWITCH-1"),
            ])
        #expect(spec.requirements[1].scenarios[0].given == Given())
        #expect(
            scenarios[1].expect == [
                .calls(method: .acquireToken, range: .exactly(0)),
                .calls(method: .getCurrentAccount, range: CountRange(atLeast: 0, atMost: 3)),
                .calls(method: .acquireTokenSilent, range: CountRange(atLeast: 1, atMost: 1)),
                .signedIn(account: "alice"), .signedOut,
                .noDataOf(account: "bob", places: [.screen, .storage], session: nil),
                .noDataOf(account: "bob", places: [.storage], session: 2),
                .hasDataOf(account: "alice", places: [.screen, .storage]),
                .noErrorShown, .notCrashed,
                .noElement(kind: nil, match: .pattern("sign ?up")),
                .noElement(kind: .button, match: .pattern("add (another )?account")),
                .scopesCovered,
                .calls(method: .acquireTokenSilent, range: .exactly(0), filter: CallFilter(answered: .error, during: .broadcasts)),
                .noElement(kind: .button, match: .words(["sign up", "switch account"], except: ["sign up for"])),
                .deviceSignedOut, .errorShown, .brokerEnabled,
            ])
    }

    @Test("the same bytes load the same from data and from a path")
    func pathAndDataAgree() throws {
        let url = FixtureFiles.root.appendingPathComponent("valid/minimal.json")
        let fromPath = try SpecLoader.load(path: url.path)
        let fromData = try SpecLoader.load(data: try Data(contentsOf: url), file: url.path)
        #expect(fromPath == fromData)
    }
}

import Foundation
