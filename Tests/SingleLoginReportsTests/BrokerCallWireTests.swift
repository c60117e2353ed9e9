import Foundation
import SingleLoginAdapter
import SingleLoginEvents
import SingleLoginSpec
import Testing

@testable import SingleLoginReports

/// A broker call travels as a value: every call and every answer reads back from the event stream
/// (version 2) as itself, whatever text its parameters hold; a stream of version 1, which held
/// calls as text, is refused with what to do.
@Suite("Broker calls: values on the wire, text rendered once")
struct BrokerCallWireTests {
    static let alice = BrokerCallResult.Account(username: "alice@contoso.example", identifier: "1a2b.3c4d")

    static let calls: [BrokerCall] = [
        .getDeviceInformation, .getCurrentAccount, .allAccounts, .accountsFromDevice,
        .accountForIdentifier("1a2b.3c4d"), .accountForUsername("Dana.Álvarez@Contoso.example"), .removeAccount(nil), .removeAccount("1a2b.3c4d"),
        .fetchRecords(accessToken: "at-alice-1-3"),
        .acquireTokenSilent(SilentTokenParameters(scopes: ["User.Read", "Tasks.Read"], accountIdentifier: "1a2b.3c4d")),
        .acquireTokenSilent(
            SilentTokenParameters(scopes: ["User.Read"], accountIdentifier: nil, forceRefresh: true, allowUsingLocalCachedRtWhenSsoExtFailed: false)),
        .acquireToken(InteractiveTokenParameters(scopes: ["User.Read"], promptType: .selectAccount)),
        // A login hint is the app's text: what looks like another parameter inside it is part of it.
        .acquireToken(
            InteractiveTokenParameters(
                scopes: ["User.Read"], extraScopesToConsent: ["Tasks.Read"], promptType: .login, loginHint: "Adams, Alice, account: 9z9z.0000",
                accountIdentifier: "1a2b.3c4d", parentInWindow: false)),
        .signout(SignoutParameters(accountIdentifier: "1a2b.3c4d", signoutFromBrowser: false)),
        .signout(
            SignoutParameters(
                accountIdentifier: nil, signoutFromBrowser: true, wipeAccount: true, wipeCacheForAllAccounts: true, hasWebviewParameters: true,
                parentInWindow: false)),
    ]

    static let answers: [BrokerCallAnswer] = [
        .result(.deviceInformation(mode: .shared)), .result(.deviceInformation(mode: .default)),
        .result(.currentAccount(alice, previous: nil)), .result(.currentAccount(nil, previous: .init(username: nil, identifier: "1a2b.3c4d"))),
        .result(.accounts([])), .result(.accounts([alice, .init(username: nil, identifier: nil)])), .result(.account(nil)), .result(.account(alice)),
        .result(.token(.init(user: "alice", session: 2, issuance: 3, scopes: ["User.Read", "Tasks.Read"]))),
        .result(.token(.init(user: "alice", session: 1, issuance: 1, scopes: ["User.Read"], idToken: false))),
        .result(.signout(.appCacheOnly)), .result(.signout(.notOnDevice)),
        .result(.signout(.signedOutOnDevice(user: "alice", broadcast: true))), .result(.signout(.signedOutOnDevice(user: "alice", broadcast: false))),
        .result(.removedFromAppCache), .result(.records(count: 3, user: "alice", session: 1)),
        .error(BrokerCallError(domain: "MSALErrorDomain", code: -50002, message: "Interaction required")),
        .error(BrokerCallError(domain: "MSALErrorDomain", code: -50000, internalCode: -42102, message: "more than one account, account: x")),
        .error(BrokerCallError(domain: "MSALErrorDomain", code: -50003, message: "declined", declinedScopes: ["Tasks.Read"])),
        .error(BrokerCallError(domain: "BackendErrorDomain", code: 401, message: "Unauthorized: unknown access token.")),
    ]

    static let id = TestCaseID(requirementID: "SL-LOGIN-1", scenarioName: "opens signed in")

    /// `record` written as a line of the stream and read back.
    static func roundTrip(_ record: BrokerCallRecord) throws -> BrokerCallRecord? {
        let event = Event(.brokerCalled(id, record), date: Date(timeIntervalSince1970: 1_740_821_400))
        let line = JSONLinesRecorder.line(for: event)
        let decoded = try JSONDecoder().decode(EncodedEvent.self, from: line)
        #expect(decoded.version == 2)
        guard case let .brokerCalled(_, call)? = Event(decoding: decoded)?.kind else { return nil }
        return call
    }

    @Test("every call reads back from the stream as itself", arguments: calls)
    func call(_ call: BrokerCall) throws {
        let record = BrokerCallRecord(sequence: 1, stepIndex: 0, call: call, answer: .result(.removedFromAppCache))
        #expect(try Self.roundTrip(record) == record, "\(record.callText)")
    }

    @Test("every answer reads back from the stream as itself, with notes and phase", arguments: answers)
    func answer(_ answer: BrokerCallAnswer) throws {
        let record = BrokerCallRecord(
            sequence: 4, stepIndex: nil, call: .getCurrentAccount, answer: answer, notes: ["no broadcast", "a note, with: commas"], phase: .broadcasts)
        #expect(try Self.roundTrip(record) == record, "\(record.answerText)")
        #expect(record.failed == (record.error != nil))
    }

    @Test("a held call and a late call read back from the stream as themselves, and their text says so")
    func heldAndLate() throws {
        let held = BrokerCallRecord(
            sequence: 6, stepIndex: 2, call: .fetchRecords(accessToken: "t"), answer: .result(.records(count: 3, user: "alice", session: 1)), held: true)
        #expect(try Self.roundTrip(held) == held)
        #expect(held.line == "#6 fetchRecords(accessToken: t) -> 3 records of alice session 1 (held until the release)")
        let late = BrokerCallRecord(
            sequence: 7, stepIndex: 2, call: .fetchRecords(accessToken: "t"), answer: .result(.records(count: 3, user: "alice", session: 1)),
            answeredLater: CallMoment(stepIndex: 5, phase: .step))
        let read = try #require(try Self.roundTrip(late))
        #expect(read == late && !read.held)
        #expect(String(decoding: JSONLinesRecorder.line(for: Event(.brokerCalled(Self.id, late))), as: UTF8.self).contains("\"held\"") == false)
    }

    @Test("a login hint holding ', account: ' survives the stream, and its text shows it as the app passed it")
    func loginHint() throws {
        let hint = "Adams, account: 9z9z.0000, prompt: none"
        let record = BrokerCallRecord(
            sequence: 1, stepIndex: 0, call: .acquireToken(InteractiveTokenParameters(scopes: ["User.Read"], loginHint: hint)),
            answer: .error(BrokerCallError(domain: "MSALErrorDomain", code: -50005, message: "canceled")))
        let read = try #require(try Self.roundTrip(record))
        guard case .acquireToken(let parameters) = read.call else { Issue.record("not acquireToken: \(read.call)"); return }
        #expect(parameters.loginHint == hint && parameters.accountIdentifier == nil && parameters.promptType == .promptIfNecessary)
        #expect(read.callText == "acquireToken(scopes: User.Read, prompt: promptIfNecessary, loginHint: \(hint))")
    }

    @Test("the text of a call is rendered from its value as the reports have always shown it")
    func text() {
        let silent = BrokerCallRecord(
            sequence: 3, stepIndex: 1,
            call: .acquireTokenSilent(SilentTokenParameters(scopes: ["User.Read"], accountIdentifier: "1a2b.3c4d", forceRefresh: true)),
            answer: .result(.token(.init(user: "alice", session: 1, issuance: 2, scopes: ["User.Read"]))), notes: ["answered from the app's own cache"])
        #expect(
            silent.line
                == "#3 acquireTokenSilent(scopes: User.Read, account: 1a2b.3c4d, forceRefresh) -> ok: alice session 1, token 2, scopes: User.Read [answered from the app's own cache]"
        )
        let failed = BrokerCallRecord(
            sequence: 1, stepIndex: 0, call: .getCurrentAccount,
            answer: .error(BrokerCallError(domain: "MSALErrorDomain", code: -50000, internalCode: -42102, message: "ambiguous")), phase: .broadcasts)
        #expect(failed.line == "#1 getCurrentAccount() -> MSALErrorDomain -50000 (internalError) internal -42102 (ambiguousAccount): ambiguous (broadcast)")
    }

    @Test("a version 1 stream is refused with the version and what to do")
    func versionOne() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sl-events-v1-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("events.jsonl")
        let golden = try String(contentsOf: Golden.directory.appendingPathComponent("failures.events.jsonl"), encoding: .utf8)
        // The stream as version 1 wrote it: calls as text.
        let old =
            golden.replacingOccurrences(of: #""version":2"#, with: #""version":1"#)
            + #"{"call":{"answer":"deviceMode: shared","failed":false,"method":"getDeviceInformation","parameters":"","sequence":1,"stepIndex":0},"date":"2025-03-01T09:30:02.500Z","kind":"brokerCalled","testCase":{"requirementID":"SL-LOGOUT-1","scenario":"global sign-out clears"},"version":1}"#
            + "\n"
        try Data(old.utf8).write(to: url)
        let error = #expect(throws: EventStreamReader.ReadError.self) { try EventStreamReader.events(at: url) }
        let message = error?.description ?? ""
        #expect(message.hasPrefix("\(url.path):1: event stream version 1 "), "\(message)")
        #expect(message.contains("reads version 2") && message.contains("use the sl-conformance release that wrote it, or run the tests again"), "\(message)")
        #expect(EncodedEvent.unreadable(version: 3).contains("newer than this sl-conformance reads (version 2): update sl-conformance"))
    }
}
