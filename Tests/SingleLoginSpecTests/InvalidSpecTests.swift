import Testing
@testable import SingleLoginSpec

/// What one diagnostic of an invalid fixture must say.
struct ExpectedDiagnostic: Sendable, CustomStringConvertible {
    var line: Int
    var column: Int
    var path: String
    var message: String

    init(_ line: Int, _ column: Int, _ path: String, _ message: String) {
        self.line = line
        self.column = column
        self.path = path
        self.message = message
    }

    var description: String { "\(line):\(column) \(message) (at \(path))" }
}

@Suite("Invalid specs")
struct InvalidSpecTests {
    /// Every fixture under Fixtures/invalid with the exact diagnostics it must produce, in order.
    static let table: [(file: String, diagnostics: [ExpectedDiagnostic])] = [
        ("account-missing-username.json", [.init(9, 12, "$.accounts.bob", "missing required key 'username'")]),
        ("account-with-cancel.json", [.init(24, 80, "$.requirements[0].scenarios[0].steps[0]", "'account' is allowed only with answer 'complete'")]),
        ("argument-on-plain-step.json", [.init(24, 30, "$.requirements[0].scenarios[0].steps[0]", "unknown key 'account'")]),
        (
            "bad-account-name.json",
            [.init(9, 5, "$.accounts", "account name 'Bob' must start with a lowercase letter and hold only letters, digits, '_' and '-'")]
        ),
        ("bad-escape.json", [.init(15, 19, "$.requirements[0].title", "invalid escape '\\q' in string")]),
        ("bad-level.json", [.init(14, 16, "$.requirements[0].level", "unknown level 'MAY'")]),
        ("bad-requirement-id.json", [.init(13, 13, "$.requirements[0].id", "requirement ID 'sl-test-1' is not uppercase words joined by '-'")]),
        ("bad-semver.json", [.init(5, 14, "$.version", "version '1.0' is not a semantic version")]),
        ("bad-spec-id.json", [.init(4, 9, "$.id", "spec id 'Fixture' is not lowercase letters, digits, '.' and '-'")]),
        ("bad-url.json", [.init(17, 46, "$.requirements[0].references[0].url", "url 'ftp://learn.microsoft.com/x' is not an http or https address")]),
        (
            "broadcast-count-not-integer.json",
            [.init(24, 42, "$.requirements[0].scenarios[0].steps[0].count", "expected 'count' to be an integer, found a string")]
        ),
        ("broadcast-count-too-large.json", [.init(24, 42, "$.requirements[0].scenarios[0].steps[0].count", "'count' must be between 1 and 100, found 101")]),
        (
            "broker-not-available-on-fetch.json",
            [.init(24, 70, "$.requirements[0].scenarios[0].steps[0].answer", "answer 'brokerNotAvailable' is not possible for method 'fetchRecords'")]
        ),
        ("byte-order-mark.json", [.init(1, 1, "$", "byte order mark at the start of the file")]),
        ("calls-bounds-reversed.json", [.init(26, 91, "$.requirements[0].scenarios[0].expect[0].atMost", "'atMost' (1) is less than 'atLeast' (3)")]),
        ("calls-count-and-range.json", [.init(26, 79, "$.requirements[0].scenarios[0].expect[0]", "'count' and 'atLeast' cannot be used together")]),
        (
            "calls-count-beyond-integers.json",
            [.init(26, 76, "$.requirements[0].scenarios[0].expect[0].count", "'count' must be at least 0, found 99999999999999999999999")]
        ),
        ("calls-negative-count.json", [.init(26, 76, "$.requirements[0].scenarios[0].expect[0].count", "'count' must be at least 0, found -1")]),
        ("calls-without-count.json", [.init(26, 22, "$.requirements[0].scenarios[0].expect[0]", "'calls' needs 'count', or 'atLeast' and/or 'atMost'")]),
        (
            "cancel-on-silent.json",
            [.init(24, 76, "$.requirements[0].scenarios[0].steps[0].answer", "answer 'cancel' is not possible for method 'acquireTokenSilent'")]
        ),
        ("comment.json", [.init(2, 3, "$", "comments are not allowed in JSON")]),
        ("control-character.json", [.init(15, 18, "$.requirements[0].title", "control character U+0009 in string")]),
        ("deep-nesting.json", [.init(18, 524, "$.requirements[0].tags[0][0][0][0][0][0][0][0][0][0][0][0][0][…]", "nesting deeper than 512 levels")]),
        ("duplicate-key.json", [.init(7, 3, "$", "duplicate key 'title' (first at line 6, column 3)")]),
        ("duplicate-requirement-id.json", [.init(31, 13, "$.requirements[1].id", "duplicate requirement ID 'SL-TEST-1' (first at line 13, column 13)")]),
        (
            "duplicate-scenario-name.json",
            [.init(28, 18, "$.requirements[0].scenarios[1].name", "duplicate scenario name 'one' in this requirement (first at line 21, column 19)")]
        ),
        (
            "empty-accounts.json",
            [
                .init(7, 15, "$.accounts", "'accounts' needs at least 1 account"),
                .init(19, 33, "$.requirements[0].scenarios[0].given.signedIn", "undefined account 'alice'"),
                .init(23, 55, "$.requirements[0].scenarios[0].expect[0].account", "undefined account 'alice'"),
            ]
        ),
        ("empty-requirements.json", [.init(11, 19, "$.requirements", "'requirements' needs at least 1 element")]),
        ("empty-steps.json", [.init(23, 20, "$.requirements[0].scenarios[0].steps", "'steps' needs at least 1 element")]),
        ("empty-title.json", [.init(15, 16, "$.requirements[0].title", "'title' must not be empty")]),
        (
            "interaction-required-on-interactive.json",
            [.init(24, 70, "$.requirements[0].scenarios[0].steps[0].answer", "answer 'interactionRequired' is not possible for method 'acquireToken'")]
        ),
        ("leading-zero.json", [.init(24, 42, "$.requirements[0].scenarios[0].steps[0].count", "leading zeros are not allowed in numbers")]),
        ("lone-surrogate.json", [.init(15, 19, "$.requirements[0].title", "lone surrogate \\uD800 (a high surrogate must be followed by a low one)")]),
        ("malformed-format-version.json", [.init(3, 20, "$.formatVersion", "format version '1' is not MAJOR.MINOR")]),
        (
            "many-problems.json",
            [
                .init(14, 16, "$.requirements[0].level", "unknown level 'MUTS'; did you mean 'MUST'?"),
                .init(15, 16, "$.requirements[0].title", "expected 'title' to be a string, found an integer"),
                .init(16, 7, "$.requirements[0]", "unknown key 'colour'"),
            ]
        ),
        ("missing-comma.json", [.init(15, 7, "$.requirements[0]", "missing ',' between object members")]),
        ("missing-do.json", [.init(24, 13, "$.requirements[0].scenarios[0].steps[0]", "missing required key 'do'")]),
        ("missing-rationale.json", [.init(12, 5, "$.requirements[0]", "missing required key 'rationale'")]),
        ("nan.json", [.init(18, 16, "$.requirements[0].tags[0]", "'NaN' is not a JSON value; numbers must be finite")]),
        ("newer-major-version.json", [.init(3, 20, "$.formatVersion", "format version 2.0 is newer than this harness supports (1.7)")]),
        ("no-data-in-empty.json", [.init(26, 68, "$.requirements[0].scenarios[0].expect[0].in", "'in' needs at least 1 element")]),
        ("no-data-in-repeated.json", [.init(26, 79, "$.requirements[0].scenarios[0].expect[0].in[1]", "place 'screen' is listed twice")]),
        ("no-data-session-zero.json", [.init(26, 73, "$.requirements[0].scenarios[0].expect[0].session", "'session' must be at least 1, found 0")]),
        (
            "no-element-bad-regex.json",
            [.init(26, 57, "$.requirements[0].scenarios[0].expect[0].matching", "'matching' is not a valid regular expression: 'sign (up'")]
        ),
        (
            "no-element-unknown-kind.json",
            [.init(26, 53, "$.requirements[0].scenarios[0].expect[0].kind", "unknown element kind 'buton'; did you mean 'button'?")]
        ),
        ("no-references.json", [.init(17, 21, "$.requirements[0].references", "'references' needs at least 1 element")]),
        ("root-not-object.json", [.init(1, 1, "$", "expected a spec (an object), found an array")]),
        ("session-on-has-data.json", [.init(26, 63, "$.requirements[0].scenarios[0].expect[0]", "unknown key 'session'")]),
        ("signed-out-with-argument.json", [.init(26, 45, "$.requirements[0].scenarios[0].expect[0]", "unknown key 'account'")]),
        ("single-quotes.json", [.init(15, 7, "$.requirements[0]", "keys must use double quotes")]),
        ("step-not-object.json", [.init(24, 13, "$.requirements[0].scenarios[0].steps[0]", "expected a step (an object), found a string")]),
        ("switch-user-without-account.json", [.init(24, 13, "$.requirements[0].scenarios[0].steps[0]", "missing required key 'account'")]),
        ("trailing-comma-array.json", [.init(24, 29, "$.requirements[0].scenarios[0].steps", "trailing comma before ']'")]),
        ("trailing-comma-object.json", [.init(9, 68, "$.accounts.bob", "trailing comma before '}'")]),
        ("trailing-content.json", [.init(32, 1, "$", "unexpected '}' after the top-level value")]),
        ("truncated.json", [.init(23, 1, "$.requirements[0].scenarios[0]", "unexpected end of file; expected a key or '}'")]),
        ("undefined-account-typo.json", [.init(22, 33, "$.requirements[0].scenarios[0].given.signedIn", "undefined account 'alcie'; did you mean 'alice'?")]),
        ("undefined-account.json", [.init(26, 55, "$.requirements[0].scenarios[0].expect[0].account", "undefined account 'carol'")]),
        ("unknown-answer.json", [.init(24, 70, "$.requirements[0].scenarios[0].steps[0].answer", "unknown answer 'complet'; did you mean 'complete'?")]),
        (
            "unknown-check-kind.json",
            [.init(26, 32, "$.requirements[0].scenarios[0].expect[0].check", "unknown check kind 'signedin'; did you mean 'signedIn'?")]
        ),
        ("unknown-device-mode.json", [.init(22, 35, "$.requirements[0].scenarios[0].given.deviceMode", "unknown device mode 'shard'; did you mean 'shared'?")]),
        ("unknown-given-key.json", [.init(22, 42, "$.requirements[0].scenarios[0].given", "unknown key 'signedin'; did you mean 'signedIn'?")]),
        (
            "unknown-method.json",
            [
                .init(
                    24, 44, "$.requirements[0].scenarios[0].steps[0].method", "unknown broker method 'acquireTokenSilently'; did you mean 'acquireTokenSilent'?"
                )
            ]
        ),
        // A misspelt required key is reported once, as the misspelling, not also as missing.
        ("misspelt-required-key.json", [.init(24, 36, "$.requirements[0].scenarios[0].steps[0]", "unknown key 'acount'; did you mean 'account'?")]),
        ("unknown-step-key.json", [.init(24, 54, "$.requirements[0].scenarios[0].steps[0]", "unknown key 'acount'; did you mean 'account'?")]),
        ("unknown-step-kind.json", [.init(24, 20, "$.requirements[0].scenarios[0].steps[0].do", "unknown step kind 'lanch'; did you mean 'launch'?")]),
        ("unknown-top-level-key.json", [.init(7, 3, "$", "unknown key 'acounts'; did you mean 'accounts'?")]),
        ("wrong-type-title.json", [.init(15, 16, "$.requirements[0].title", "expected 'title' to be a string, found an integer")]),
        // Format 1.1.
        (
            "signed-in-number.json",
            [
                .init(
                    22, 33, "$.requirements[0].scenarios[0].given.signedIn",
                    "expected 'signedIn' to be an account's name, a list of them, or null, found an integer")
            ]
        ),
        (
            "advance-clock-too-far.json",
            [.init(24, 47, "$.requirements[0].scenarios[0].steps[0].minutes", "'minutes' must be between 1 and 10080, found 20000")]
        ),
        (
            "broadcast-on-silent.json",
            [.init(24, 88, "$.requirements[0].scenarios[0].steps[0]", "'broadcast' is allowed only with method 'acquireToken' or 'signout'")]
        ),
        (
            "broker-not-available-on-silent.json",
            [.init(24, 76, "$.requirements[0].scenarios[0].steps[0].answer", "answer 'brokerNotAvailable' is not possible for method 'acquireTokenSilent'")]
        ),
        (
            "calls-unknown-phase.json",
            [.init(26, 89, "$.requirements[0].scenarios[0].expect[0].during", "unknown phase 'broadcast'; did you mean 'broadcasts'?")]
        ),
        (
            "network-error-on-local-cache.json",
            [.init(24, 69, "$.requirements[0].scenarios[0].steps[0].answer", "answer 'networkError' is not possible for method 'allAccounts'")]
        ),
        (
            "no-element-except-without-words.json",
            [
                .init(
                    26, 69, "$.requirements[0].scenarios[0].expect[0]",
                    "'except' goes with 'words': it names phrases that are not matches although they begin with one")
            ]
        ),
        (
            "no-element-except-also-in-words.json",
            [.init(26, 105, "$.requirements[0].scenarios[0].expect[0].except[1]", "'Sign-Up' is in 'except' and, as words, in 'words' ('sign up')")]
        ),
        (
            "no-element-words-and-matching.json",
            [.init(26, 22, "$.requirements[0].scenarios[0].expect[0]", "'noElement' takes 'matching' or 'words', not both")]
        ),
        (
            "scopes-without-declined-scopes.json",
            [.init(24, 99, "$.requirements[0].scenarios[0].steps[0]", "'scopes' is allowed only with answer 'declinedScopes'")]
        ),
        ("signed-in-listed-twice.json", [.init(22, 43, "$.requirements[0].scenarios[0].given.signedIn[1]", "account 'alice' is listed twice in 'signedIn'")]),
        (
            "sso-failure-code-cancel.json",
            [
                .init(
                    24, 106, "$.requirements[0].scenarios[0].steps[0].code",
                    "'code' must be 1000, 1003 or 1004 (ASAuthorizationError unknown, notHandled, failed)")
            ]
        ),
        (
            "starting-point-self.json",
            [.init(24, 47, "$.requirements[0].scenarios[0].steps[0].startingPoint", "'startingPoint' names the requirement it is in ('SL-TEST-1')")]
        ),
        (
            "starting-point-undefined.json",
            [
                .init(
                    24, 47, "$.requirements[0].scenarios[0].steps[0].startingPoint",
                    "'startingPoint' names requirement 'SL-TEST-2', which neither this spec nor the shipped catalogue defines; did you mean 'SL-TEST-1'?")
            ]
        ),
        (
            "precondition-undefined.json",
            [
                .init(
                    24, 99, "$.requirements[0].scenarios[0].steps[0].expect[0].precondition",
                    "'precondition' names requirement 'SL-SWICH-3', which neither this spec nor the shipped catalogue defines; did you mean 'SL-SWITCH-3'?")
            ]
        ),
        (
            "precondition-self.json",
            [.init(24, 99, "$.requirements[0].scenarios[0].steps[0].expect[0].precondition", "'precondition' names the requirement it is in ('SL-TEST-1')")]
        ),
        (
            "precondition-not-id.json",
            [.init(24, 99, "$.requirements[0].scenarios[0].steps[0].expect[0].precondition", "'precondition' 'switch' is not a requirement ID")]
        ),
        (
            "precondition-in-starting-point.json",
            [
                .init(
                    24, 114, "$.requirements[0].scenarios[0].steps[0].expect[0].precondition",
                    "'precondition' on a check of a step marked 'startingPoint': each of its checks is a precondition already, owned by 'SL-LOGIN-1'")
            ]
        ),
        (
            "by-release-on-calls.json",
            [
                .init(
                    25, 136, "$.requirements[0].scenarios[0].steps[1].expect[0].byRelease",
                    "'byRelease' on a 'calls' check: it counts its own step's calls, which the release cannot add to")
            ]
        ),
        (
            "hold-account-other-method.json",
            [.init(24, 58, "$.requirements[0].scenarios[0].steps[0]", "'account' is allowed only with method 'acquireTokenSilent'")]
        ),
        (
            "by-release-without-precondition.json",
            [
                .init(
                    25, 83, "$.requirements[0].scenarios[0].steps[1].expect[0].byRelease",
                    "'byRelease' on a check with no 'precondition': the requirement's own checks are made at their step")
            ]
        ),
        (
            "by-release-in-starting-point.json",
            [
                .init(
                    25, 114, "$.requirements[0].scenarios[0].steps[1].expect[0].byRelease",
                    "'byRelease' on a check of a step marked 'startingPoint': a starting point is reached at its step, or not at all")
            ]
        ),
        (
            "by-release-without-release.json",
            [
                .init(
                    27, 134, "$.requirements[0].scenarios[0].steps[3].expect[0].byRelease",
                    "'byRelease' on a check that no 'release' step follows: the check could only be met at its own step")
            ]
        ),
    ]

    @Test("each invalid fixture gives exactly the expected diagnostics", arguments: table)
    func exactDiagnostics(file: String, expected: [ExpectedDiagnostic]) throws {
        let bytes = try FixtureFiles.bytes("invalid", file)
        let displayName = "invalid/" + file
        do {
            _ = try SpecLoader.load(bytes: bytes, file: displayName)
            Issue.record("\(file) was accepted")
        } catch {
            let observed = error.diagnostics.map { ExpectedDiagnostic($0.location.line, $0.location.column, $0.path, $0.message) }
            #expect(observed.map(\.description) == expected.map(\.description))
            #expect(error.diagnostics.allSatisfy { $0.location.file == displayName && $0.severity == .error })
        }
    }

    @Test("every fixture in the invalid folder is in the table, and there are at least 30")
    func tableCoversFolder() {
        let names = FixtureFiles.names(in: "invalid")
        #expect(names == Self.table.map(\.file).sorted())
        #expect(names.count >= 30)
    }

    @Test("a typo in a key prints like a compiler, with the fix on an indented line")
    func printedForm() throws {
        let bytes = try FixtureFiles.bytes("invalid", "unknown-step-key.json")
        #expect(throws: SpecLoadingFailure.self) { try SpecLoader.load(bytes: bytes, file: "specs/x.json") }
        do {
            _ = try SpecLoader.load(bytes: bytes, file: "specs/x.json")
        } catch {
            #expect(
                error.description == """
                    specs/x.json:24:54: error: unknown key 'acount'; did you mean 'account'? (at $.requirements[0].scenarios[0].steps[0])
                      fix: rename 'acount' to 'account'
                    """)
        }
    }

    @Test("a newer major format version is reported alone, naming the supported version")
    func newerMajorVersionAlone() throws {
        let text = #"{"formatVersion": "3.1", "unknown": 1, "requirements": "many"}"#
        do {
            _ = try SpecLoader.load(bytes: Array(text.utf8), file: "new.json")
            Issue.record("accepted")
        } catch {
            #expect(error.diagnostics.count == 1)
            #expect(error.diagnostics.first?.message.contains("(1.7)") == true)
            #expect(error.diagnostics.first?.fix?.contains("upgrade sl-conformance") == true)
        }
    }

    @Test("a missing file is one diagnostic, not a crash")
    func missingFile() {
        #expect(
            throws: SpecLoadingFailure(diagnostics: [
                SpecDiagnostic(location: SourceLocation(file: "/nonexistent/spec.json", line: 1, column: 1), path: "$", message: "no such file")
            ])
        ) {
            try SpecLoader.load(path: "/nonexistent/spec.json")
        }
    }
}
