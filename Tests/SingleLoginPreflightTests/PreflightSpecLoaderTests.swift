import Foundation
import SingleLoginSpec
@testable import SingleLoginPreflight
import Testing

@Suite("Loading preflight specs")
struct PreflightSpecLoaderTests {
    @Test("the committed spec loads with its seven checks and their rules")
    func committedSpec() throws {
        let spec = try PreflightSpecLoader.load(path: FixtureProject.specPath)
        #expect(
            spec.checks.map(\.id) == [
                "PF-REDIRECT", "PF-QUERY-SCHEMES", "PF-KEYCHAIN", "PF-MSAL-VERSION", "PF-HANDLE-RESPONSE", "PF-BROKER-AVAILABILITY", "PF-KNOWN-AUTHORITIES",
            ])
        #expect(spec.checks.map(\.level) == [.must, .must, .must, .must, .should, .must, .should])
        #expect(spec.checks.allSatisfy { !$0.references.isEmpty && $0.references.allSatisfy { $0.url.hasPrefix("https://") } })
        #expect(spec.checks[0].rule == .urlSchemeRegistered(template: "msauth.$(PRODUCT_BUNDLE_IDENTIFIER)"))
        #expect(spec.sha256Hex.count == 64)
        #expect(spec.checks[0].location?.line == 9)
    }

    static func load(_ text: String) -> [SpecDiagnostic] {
        do {
            _ = try PreflightSpecLoader.load(bytes: Array(text.utf8), file: "p.json")
            return []
        } catch {
            return error.diagnostics
        }
    }

    static func spec(rule: String, extra: String = "") -> String {
        """
        {"formatVersion": "1.0", "id": "t", "version": "1.0.0", "title": "T", "checks": [
          {"id": "PF-X", "level": "MUST", "title": "t", "rationale": "r", "references": [{"title": "a", "url": "https://x"}],\(extra)
           "rule": \(rule)}
        ]}
        """
    }

    @Test(
        "a valid rule of each kind loads",
        arguments: [
            #"{"kind": "urlSchemeRegistered", "template": "msauth.$(PRODUCT_BUNDLE_IDENTIFIER)"}"#,
            #"{"kind": "arrayContainsAll", "file": "infoPlist", "key": "K", "values": ["a"]}"#,
            #"{"kind": "entitlementContainsOneOf", "key": "K", "valuesByPlatform": {"iOS": ["a"]}}"#,
            #"{"kind": "minimumDependencyVersion", "minimum": "1.1.0", "packages": {"cocoapods": ["MSAL"]}}"#,
            #"{"kind": "sourceContains", "pattern": "\\bx\\b", "extensions": [".swift"]}"#,
        ])
    func validRules(rule: String) {
        #expect(Self.load(Self.spec(rule: rule)).isEmpty)
    }

    @Test(
        "mistakes are reported like a compiler, with line, column, path and a suggestion",
        arguments: [
            (
                spec(rule: #"{"kind": "urlSchemeRegistered", "templat": "x"}"#),
                "p.json:3:44: error: unknown key 'templat'; did you mean 'template'? (at $.checks[0].rule)"
            ),
            (
                spec(rule: #"{"kind": "urlSchemeRegistred", "template": "x"}"#),
                "p.json:3:21: error: unknown rule kind 'urlSchemeRegistred'; did you mean 'urlSchemeRegistered'? (at $.checks[0].rule.kind)"
            ),
            (
                spec(rule: #"{"kind": "arrayContainsAll", "file": "infoPlist", "key": "K", "values": "a"}"#),
                "p.json:3:84: error: expected 'values' to be an array, found a string (at $.checks[0].rule.values)"
            ),
            (
                spec(rule: #"{"kind": "sourceContains", "pattern": "(", "extensions": ["m"]}"#),
                "p.json:3:50: error: 'pattern' is not a valid regular expression: '(' (at $.checks[0].rule.pattern)"
            ),
            (
                spec(rule: #"{"kind": "minimumDependencyVersion", "minimum": "one", "packages": {"pip": ["x"]}}"#),
                "p.json:3:60: error: minimum 'one' is not a version (at $.checks[0].rule.minimum)"
            ),
            (
                spec(rule: #"{"kind": "urlSchemeRegistered", "template": "x"}"#, extra: #" "tag": [],"#),
                "p.json:2:119: error: unknown key 'tag'; did you mean 'tags'? (at $.checks[0])"
            ),
            (
                "{\"formatVersion\": \"2.0\", \"id\": \"t\", \"version\": \"1.0.0\", \"title\": \"T\", \"checks\": []}",
                "p.json:1:19: error: format version 2.0 is newer than this harness supports (1.0) (at $.formatVersion)"
            ),
            ("{\"id\": 1,}", "p.json:1:9: error: trailing comma before '}'"),
        ])
    func diagnostics(text: String, expected: String) {
        let diagnostics = Self.load(text)
        #expect(diagnostics.contains { $0.headline.hasPrefix(expected) }, "\(diagnostics.map(\.headline))")
    }

    @Test("a misspelt required key is reported once, as unknown with a suggestion, not also as missing")
    func misspeltKeyReportedOnce() {
        let diagnostics = Self.load(Self.spec(rule: #"{"kind": "urlSchemeRegistered", "templat": "x"}"#))
        #expect(diagnostics.map(\.message) == ["unknown key 'templat'; did you mean 'template'?"])
        #expect(diagnostics.first?.fix == "rename 'templat' to 'template'")
    }

    @Test("every duplicate key is reported, as the behavioural spec's loader does, sorted by position")
    func duplicateKeys() {
        let text =
            #"{"formatVersion": "1.0", "id": "t", "id": "u", "version": "1.0.0", "title": "T", "title": "U", "checks": [{"id": "PF-X", "id": "PF-Y", "level": "MUST", "title": "t", "rationale": "r", "references": [{"title": "a", "url": "https://x"}], "rule": {"kind": "urlSchemeRegistered", "template": "x"}}]}"#
        let diagnostics = Self.load(text)
        #expect(
            diagnostics.map(\.message) == [
                "duplicate key 'id' (first at line 1, column 26)", "duplicate key 'title' (first at line 1, column 68)",
                "duplicate key 'id' (first at line 1, column 108)",
            ])
        #expect(diagnostics.allSatisfy { $0.fix?.hasPrefix("remove one of the two") == true })
        #expect(diagnostics.map(\.location.column) == diagnostics.map(\.location.column).sorted())
    }

    @Test("the same rules as the behavioural spec: http or https addresses, empty strings only where allowed, an unknown key's fix")
    func sameRules() {
        #expect(
            Self.load(Self.spec(rule: #"{"kind": "urlSchemeRegistered", "template": "x"}"#).replacingOccurrences(of: "https://x", with: "http://x")).isEmpty)
        let ftp = Self.load(Self.spec(rule: #"{"kind": "urlSchemeRegistered", "template": "x"}"#).replacingOccurrences(of: "https://x", with: "ftp://x"))
        #expect(ftp.map(\.message) == ["url 'ftp://x' is not an http or https address"])
        #expect(Self.load(Self.spec(rule: #"{"kind": "urlSchemeRegistered", "template": " "}"#)).isEmpty, "a string of spaces is not empty")
        #expect(Self.load(Self.spec(rule: #"{"kind": "urlSchemeRegistered", "template": ""}"#)).map(\.message) == ["'template' must not be empty"])
        let unknown = Self.load(Self.spec(rule: #"{"kind": "urlSchemeRegistered", "template": "x", "zzz": 1}"#))
        #expect(unknown.map(\.fix) == ["remove it; allowed keys here: kind, template"])
    }

    @Test("duplicate check IDs and bad levels are both reported at once")
    func severalProblems() {
        let check =
            #"{"id": "PF-X", "level": "MAY", "title": "t", "rationale": "r", "references": [{"title": "a", "url": "https://x"}], "rule": {"kind": "urlSchemeRegistered", "template": "x"}}"#
        let text = #"{"formatVersion": "1.0", "id": "t", "version": "1.0.0", "title": "T", "checks": ["# + check + ", " + check + "]}"
        let messages = Self.load(text).map(\.message)
        #expect(messages.filter { $0.hasPrefix("unknown level 'MAY'") }.count == 2)
        #expect(messages.filter { $0.hasPrefix("duplicate check ID 'PF-X'") }.count == 1)
    }
}
