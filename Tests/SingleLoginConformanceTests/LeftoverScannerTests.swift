import Foundation
import SingleLoginAdapter
import SingleLoginConformance
import SingleLoginSpec
import Testing

@Suite("Leftover data is found by its markers, also when encoded")
struct LeftoverScannerTests {
    static let marker = LeftoverScanner.Marker("alice.adams@contoso.example", owner: "alice's username")

    static func base64(_ text: String, prefix: String = "") -> String { Data((prefix + text).utf8).base64EncodedString() }

    @Test("a marker is found as stored", arguments: [
        ("as is", "user=alice.adams@contoso.example"),
        ("as is", "USER=ALICE.ADAMS@CONTOSO.EXAMPLE"),
        ("percent-encoded", "login_hint=alice.adams%40contoso.example"),
        ("JSON-escaped", #"{"u":"alice.adams\u0040contoso.example"}"#),
        ("base64", "blob:" + base64("alice.adams@contoso.example")),
        ("base64", "blob:" + base64("alice.adams@contoso.example", prefix: "{\"x\":1,")),
        ("base64", "blob:" + base64("alice.adams@contoso.example", prefix: "ab")),
        ("base64", "token=" + base64("alice.adams@contoso.example") + "&x=1"),
        ("base64", "blob" + base64("alice.adams@contoso.example")),
        ("base64", "jwt." + base64("{\"preferred_username\":\"alice.adams@contoso.example\"}").replacingOccurrences(of: "=", with: "").replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_") + ".sig"),
    ])
    func finds(encoding: String, value: String) {
        let observation = Observation(running: true, signedInAccount: nil, screen: [], storage: [StoredItem(.file, "cache.bin", value)])
        let findings = LeftoverScanner().findings(of: [Self.marker], in: observation, places: [.storage])
        #expect(findings.map(\.encoding) == [encoding])
        #expect(findings.first?.description.hasPrefix("storage file cache.bin holds alice's username") == true)
    }

    @Test("unrelated data and other places are not reported")
    func ignoresOthers() {
        let observation = Observation(
            running: true, signedInAccount: nil,
            screen: [ScreenElement(.text, "alice.adams@contoso.example")],
            storage: [StoredItem(.defaults, "user", "bob.brown@contoso.example"), StoredItem(.file, "x", Self.base64("bob.brown@contoso.example"))])
        #expect(LeftoverScanner().findings(of: [Self.marker], in: observation, places: [.storage]).isEmpty)
        #expect(LeftoverScanner().findings(of: [Self.marker], in: observation, places: [.screen]).count == 1)
    }

    @Test("the signed-in account counts as stored data")
    func signedInAccount() {
        let observation = Observation(running: true, signedInAccount: "ALICE.ADAMS@contoso.example", screen: [], storage: [])
        #expect(LeftoverScanner().findings(of: [Self.marker], in: observation, places: [.storage]).first?.location == "signedInAccount")
    }
}
