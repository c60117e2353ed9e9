import Foundation
import SingleLoginAdapter
@testable import SingleLoginConformance
import SingleLoginSpec
import Testing

@Suite("Leftover data is found by its markers, also when encoded")
struct LeftoverScannerTests {
    static let marker = LeftoverScanner.Marker("alice.adams@contoso.example", owner: "alice's username")

    static func base64(_ text: String, prefix: String = "") -> String { Data((prefix + text).utf8).base64EncodedString() }
    static func hex(_ text: String, uppercase: Bool = false) -> String { text.utf8.map { String(format: uppercase ? "%02X" : "%02x", $0) }.joined() }
    /// The username hex-encoded: after a key, in capitals inside a longer text, after a digit that is not part of it.
    static let hexValues: [String] = [
        "crumb=" + hex("alice.adams@contoso.example"),
        hex("user: alice.adams@contoso.example", uppercase: true),
        "v2" + hex("alice.adams@contoso.example"),
    ]

    /// A username stored in every encoding the scanner undoes, with the encoding it reports.
    static let encodedUsernames: [(String, String)] =
        [
            ("as is", "user=alice.adams@contoso.example"),
            ("as is", "USER=ALICE.ADAMS@CONTOSO.EXAMPLE"),
            ("percent-encoded", "login_hint=alice.adams%40contoso.example"),
            ("JSON-escaped", #"{"u":"alice.adams\u0040contoso.example"}"#),
            ("base64", "blob:" + base64("alice.adams@contoso.example")),
            ("base64", "blob:" + base64("alice.adams@contoso.example", prefix: "{\"x\":1,")),
            ("base64", "blob:" + base64("alice.adams@contoso.example", prefix: "ab")),
            ("base64", "token=" + base64("alice.adams@contoso.example") + "&x=1"),
            ("base64", "blob" + base64("alice.adams@contoso.example")),
            (
                "base64",
                "jwt."
                    + base64("{\"preferred_username\":\"alice.adams@contoso.example\"}").replacingOccurrences(of: "=", with: "").replacingOccurrences(
                        of: "+", with: "-"
                    ).replacingOccurrences(of: "/", with: "_") + ".sig"
            ),
        ] + hexValues.map { ("hex", $0) }

    @Test("a marker is found as stored", arguments: encodedUsernames)
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

    static let given = LeftoverScanner.Marker("alice", owner: "alice's given name", wholeWord: true)
    static let family = LeftoverScanner.Marker("adams", owner: "alice's family name", wholeWord: true)

    /// A given name in a text, as is and encoded, with the encoding the scanner reports.
    static let encodedNames: [(String, String)] = [
        ("as is", "See you next shift, Alice!"),
        ("as is", "Adams, Alice"),
        ("as is", "ALICE's shifts"),
        ("as is", "greeting=alice"),
        ("percent-encoded", "name=%41lice%20Smith"),
        ("JSON-escaped", #"{"first":"\u0041lice"}"#),
        ("base64", "crumb=" + base64("Bye Alice, see you")),
        ("hex", "crumb:" + hex("Bye Alice")),
    ]

    @Test("a name part is found as a whole word, ignoring case, also encoded", arguments: encodedNames)
    func findsNamePart(encoding: String, value: String) {
        let observation = Observation(running: true, signedInAccount: nil, screen: [], storage: [StoredItem(.defaults, "k", value)])
        #expect(LeftoverScanner().findings(of: [Self.given], in: observation, places: [.storage]).map(\.encoding) == [encoding])
    }

    @Test(
        "a name part inside another word, or in base64 that only decodes as Latin-1, is no finding",
        arguments: [
            "Malice in the warehouse", "alicea", "Calicem", "bobbin", "adamsite", "alice2",
        ])
    func namePartNeedsWholeWord(value: String) {
        let observation = Observation(running: true, signedInAccount: nil, screen: [ScreenElement(.text, value)], storage: [])
        #expect(
            LeftoverScanner().findings(
                of: [Self.given, Self.family, LeftoverScanner.Marker("bob", owner: "bob's given name", wholeWord: true)], in: observation, places: [.screen]
            ).isEmpty)
        // Random bytes that happen to hold " alice " decode only as Latin-1: not scanned for names.
        let noise = Data([0xFF, 0xFE, 0x20] + Array("alice".utf8) + [0x20, 0xC3, 0x28, 0xA0, 0xA1, 0x80, 0x81, 0xF5, 0xF6, 0xF7, 0xF8]).base64EncodedString()
        let stored = Observation(running: true, signedInAccount: nil, screen: [], storage: [StoredItem(.file, "blob", noise)])
        #expect(LeftoverScanner().findings(of: [Self.given], in: stored, places: [.storage]).isEmpty)
        #expect(LeftoverScanner().findings(of: [LeftoverScanner.Marker("alice", owner: "x")], in: stored, places: [.storage]).count == 1)
        // Hex that decodes to no UTF-8 (a hash, a key) is not scanned at all, not even for whole markers.
        let hashLike = (Data([0xFF, 0xFE]) + Data("alice.adams@contoso.example".utf8) + Data([0xC3, 0x28])).map { String(format: "%02x", $0) }.joined()
        let hashed = Observation(running: true, signedInAccount: nil, screen: [], storage: [StoredItem(.file, "digest", hashLike)])
        #expect(LeftoverScanner().findings(of: [Self.marker, Self.given], in: hashed, places: [.storage]).isEmpty)
    }

    @Test("a name found within a longer marker at the same place is reported once")
    func nameInsideDisplayName() {
        let observation = Observation(running: true, signedInAccount: nil, screen: [ScreenElement(.text, "Goodbye, Alice Adams")], storage: [])
        let findings = LeftoverScanner().findings(
            of: [LeftoverScanner.Marker("Alice Adams", owner: "alice's display name"), Self.given, Self.family], in: observation, places: [.screen])
        #expect(findings.map(\.marker.owner) == ["alice's display name"])
    }

    @Test("a display name's parts of three letters or more are its name markers, given name first")
    func nameParts() {
        let user = SimulatedUser(AccountDefinition(name: "x", username: "x@contoso.example", displayName: "Jo Anne-Marie Li Okafor"))
        #expect(user.nameParts == ["anne", "marie", "okafor"])
        #expect(user.role(ofNamePart: "anne") == "given name" && user.role(ofNamePart: "okafor") == "family name" && user.role(ofNamePart: "marie") == "name")
        #expect(SimulatedUser(AccountDefinition(name: "a", username: "a@b.c", displayName: "Alice Adams")).nameParts == ["alice", "adams"])
    }

    @Test("a screen shows the user by the first name as a word, also in the possessive, as the leftover scan finds it")
    func showsFirstName() {
        let user = SimulatedUser(AccountDefinition(name: "alice", username: "alice.adams@contoso.example", displayName: "Alice Adams"))
        for text in ["Hi, Alice", "Alice\u{2019}s picks", "Alice's picks", "ALICE'S PICKS", "Picks for Alice"] {
            #expect(ExpectationEvaluator.shows(user, text), "\(text)")
            let observation = Observation(running: true, signedInAccount: nil, screen: [ScreenElement(.text, text)], storage: [])
            #expect(!LeftoverScanner().findings(of: [Self.given], in: observation, places: [.screen]).isEmpty, "\(text)")
        }
        for text in ["Alicea's picks", "Malice's picks", "Alice'd", "A. A."] { #expect(!ExpectationEvaluator.shows(user, text), "\(text)") }
    }

    @Test("the signed-in account counts as stored data")
    func signedInAccount() {
        let observation = Observation(running: true, signedInAccount: "ALICE.ADAMS@contoso.example", screen: [], storage: [])
        #expect(LeftoverScanner().findings(of: [Self.marker], in: observation, places: [.storage]).first?.location == "signedInAccount")
    }

    /// A small fixed-seed generator, so that every run scans the same texts.
    struct Generator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    @Test("a marker base64- or base64url-encoded among other bytes is found at any offset, and random base64 holds none")
    func base64AtEveryOffset() {
        var random = Generator(state: 7)
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")
        let scanner = LeftoverScanner()
        for _ in 0..<300 {
            let before = String((0..<Int.random(in: 0...5, using: &random)).map { _ in alphabet.randomElement(using: &random)! })
            let after = String((0..<Int.random(in: 0...5, using: &random)).map { _ in alphabet.randomElement(using: &random)! })
            let inner = String((0..<Int.random(in: 0...3, using: &random)).map { _ in Character(UnicodeScalar(UInt8.random(in: 0x20...0x7E, using: &random))) })
            var encoded = Data((inner + "alice.adams@contoso.example" + inner).utf8).base64EncodedString()
            if Bool.random(using: &random) {
                encoded = encoded.replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
            }
            let stored = before + encoded + (Bool.random(using: &random) ? "&" : "") + after
            let found = scanner.findings(
                of: [Self.marker], in: Observation(running: true, signedInAccount: nil, screen: [], storage: [StoredItem(.file, "blob", stored)]),
                places: [.storage])
            #expect(found.map(\.encoding) == ["base64"], "\(stored)")

            let noise = Data((0..<Int.random(in: 12...60, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }).base64EncodedString()
            let none = scanner.findings(
                of: [Self.marker], in: Observation(running: true, signedInAccount: nil, screen: [], storage: [StoredItem(.file, "blob", noise)]),
                places: [.storage])
            #expect(none.isEmpty, "\(noise)")
        }
    }

    // MARK: Identities as Entra issues them

    static let jose = SimulatedUser(AccountDefinition(name: "jose", username: "Jose.Nunez@Contoso.example", displayName: "José Núñez"))
    static let dmitri = SimulatedUser(AccountDefinition(name: "dmitri", username: "d.sokolov@contoso.example", displayName: "Дмитрий Соколов"))
    static let mei = SimulatedUser(AccountDefinition(name: "mei", username: "MEI.WANG@CONTOSO.EXAMPLE", displayName: "王美玲"))
    static let dana = SimulatedUser(AccountDefinition(name: "dana", username: "dana_fabrikam.example#EXT#@contoso.onmicrosoft.com", displayName: "Dana Okafor"))

    /// The markers the conformance checks look for: the identity markers, then the name parts as whole words.
    static func markers(of user: SimulatedUser) -> [LeftoverScanner.Marker] {
        user.labelledIdentityMarkers.map { LeftoverScanner.Marker($0.text, owner: "\(user.name)'s \($0.label)") }
            + user.nameParts.map { LeftoverScanner.Marker($0, owner: "\(user.name)'s \(user.role(ofNamePart: $0))", wholeWord: true) }
    }

    /// What an app stored of a user, in the form it stored it, and the marker (by owner) the scanner must report first.
    static let identityForms: [(user: String, stored: String, owner: String)] = [
        // A username in the case the administrator typed, stored lower-cased or upper-cased.
        ("jose", "lastUser=jose.nunez@contoso.example", "jose's username"),
        ("jose", "LASTUSER=JOSE.NUNEZ@CONTOSO.EXAMPLE", "jose's username"),
        ("jose", "blob:" + base64("jose.nunez@contoso.example"), "jose's username"),
        ("mei", "user=mei.wang@contoso.example", "mei's username"),
        // A display name with accents, composed (NFC), decomposed (NFD), upper-cased, escaped or encoded decomposed.
        ("jose", "Signed in as Jos\u{E9} N\u{FA}\u{F1}ez", "jose's display name"),
        ("jose", "Signed in as Jose\u{301} Nu\u{301}n\u{303}ez", "jose's display name"),
        ("jose", "SIGNED IN AS JOSÉ NÚÑEZ", "jose's display name"),
        ("jose", #"{"name":"Jose\u0301 Nu\u0301n\u0303ez"}"#, "jose's display name"),
        ("jose", "name=Jose%CC%81%20Nu%CC%81n%CC%83ez", "jose's display name"),
        ("jose", "crumb=" + base64("Jose\u{301} Nu\u{301}n\u{303}ez"), "jose's display name"),
        ("jose", "Hasta luego, Jose\u{301}!", "jose's given name"),
        ("jose", "Núñez, J.", "jose's family name"),
        // A name in another script, as is, upper-cased, between non-Latin punctuation, encoded.
        ("dmitri", "Вы вошли как Дмитрий Соколов", "dmitri's display name"),
        ("dmitri", "ДМИТРИЙ СОКОЛОВ", "dmitri's display name"),
        ("dmitri", "«Дмитрий»", "dmitri's given name"),
        ("dmitri", "До свидания, Соколов!", "dmitri's family name"),
        ("dmitri", "crumb=" + base64("Пока, Дмитрий"), "dmitri's given name"),
        ("dmitri", "name=" + hex("Соколов Д."), "dmitri's family name"),
        ("mei", "欢迎，王美玲", "mei's display name"),
        ("mei", #"{"n":"\u738b\u7f8e\u73b2"}"#, "mei's display name"),
        // A guest: the #EXT# name as is, in another case or percent-encoded, and the address it was made from.
        ("dana", "upn=dana_fabrikam.example#EXT#@contoso.onmicrosoft.com", "dana's username"),
        ("dana", "DANA_FABRIKAM.EXAMPLE#EXT#@CONTOSO.ONMICROSOFT.COM", "dana's username"),
        ("dana", "login_hint=dana_fabrikam.example%23EXT%23%40contoso.onmicrosoft.com", "dana's username"),
        ("dana", "email=Dana@Fabrikam.example", "dana's guest address"),
        ("dana", "blob:" + base64("{\"preferred_username\":\"dana@fabrikam.example\"}"), "dana's guest address"),
    ]

    @Test("a user's identity is found in the form the app stored it: case, Unicode normalisation, script, guest name", arguments: identityForms)
    func findsIdentityForms(user name: String, stored: String, owner: String) {
        let user = [Self.jose, Self.dmitri, Self.mei, Self.dana].first { $0.name == name }!
        let observation = Observation(running: true, signedInAccount: nil, screen: [], storage: [StoredItem(.defaults, "k", stored)])
        let findings = LeftoverScanner().findings(of: Self.markers(of: user), in: observation, places: [.storage])
        #expect(findings.first?.marker.owner == owner, "\(findings)")
    }

    @Test(
        "a name in another script or with accents counts only as a whole word",
        arguments: [
            ("dmitri", "Дмитриевич"), ("dmitri", "Соколова"), ("jose", "Josée"), ("jose", "Jose\u{301}e"), ("jose", "Joseph"), ("jose", "Nunez"),
        ])
    func identityNeedsWholeWord(user name: String, text: String) {
        let user = [Self.jose, Self.dmitri].first { $0.name == name }!
        let observation = Observation(running: true, signedInAccount: nil, screen: [ScreenElement(.text, text)], storage: [])
        #expect(LeftoverScanner().findings(of: Self.markers(of: user), in: observation, places: [.screen]).isEmpty)
    }

    @Test("case folds beyond ASCII: ß and SS, final sigma and Σ")
    func caseFolding() {
        let observation = Observation(
            running: true, signedInAccount: nil, screen: [ScreenElement(.text, "HEINZ STRASSE"), ScreenElement(.text, "ΟΔΥΣΣΕΑΣ")], storage: [])
        let markers = [
            LeftoverScanner.Marker("Heinz Straße", owner: "heinz's display name"),
            LeftoverScanner.Marker("Οδυσσέας", owner: "odysseas's given name", wholeWord: true),
        ]
        let found = LeftoverScanner().findings(of: markers, in: observation, places: [.screen]).map(\.marker.owner)
        #expect(found == ["heinz's display name"])
        let accented = Observation(running: true, signedInAccount: nil, screen: [ScreenElement(.text, "Γεια σου, ΟΔΥΣΣΈΑΣ")], storage: [])
        #expect(LeftoverScanner().findings(of: [markers[1]], in: accented, places: [.screen]).count == 1)
    }

    @Test("a guest's address is derived from the #EXT# name; a member has none")
    func guestAddress() {
        #expect(Self.dana.guestEmail == "dana@fabrikam.example")
        #expect(Self.dana.idTokenUsername == "dana@fabrikam.example")
        #expect(Self.dana.claims["preferred_username"] == "dana@fabrikam.example")
        #expect(Self.dana.account.username == "dana_fabrikam.example#EXT#@contoso.onmicrosoft.com")
        let underscored = SimulatedUser(AccountDefinition(name: "x", username: "first_last_fabrikam.example#ext#@contoso.onmicrosoft.com", displayName: "X Y"))
        #expect(underscored.guestEmail == "first_last@fabrikam.example")
        #expect(Self.jose.guestEmail == nil && Self.jose.idTokenUsername == "Jose.Nunez@Contoso.example")
        #expect(Self.jose.labelledIdentityMarkers.map(\.label) == ["username", "display name", "object id"])
        #expect(Self.dana.labelledIdentityMarkers.map(\.label) == ["username", "display name", "object id", "guest address"])
        #expect(Self.dmitri.nameParts == ["дмитрий", "соколов"])
    }
}
