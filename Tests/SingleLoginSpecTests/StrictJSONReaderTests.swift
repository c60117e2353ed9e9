@testable import SingleLoginSpec
import Testing

/// A new spec kind in a few lines: what a format's decoder writes on top of the one reader.
struct ToyDecoder: StrictJSONReader {
    let file: String
    var diagnostics: [SpecDiagnostic] = []

    struct Toy: Equatable {
        var header: SpecHeader
        var names: [String]
        var homepage: String
    }

    mutating func decode(_ root: JSONNode) -> Toy? {
        guard let members = members(root, JSONPath.root, what: "a toy spec") else { return nil }
        let (header, proceed) = header(members, supported: "1.0")
        guard proceed else { return nil }
        checkKeys(
            members, of: root, JSONPath.root, allowed: ["formatVersion", "id", "version", "title", "toys", "homepage"],
            required: ["formatVersion", "id", "version", "title", "toys", "homepage"])
        let names = strings(members, "toys", JSONPath.root, element: "toy", minimum: 1)
        let homepage = url(members, "homepage", JSONPath.root)
        guard let header, let names, let homepage else { return nil }
        return Toy(header: header, names: names, homepage: homepage)
    }

    static func load(_ text: String) throws(SpecLoadingFailure) -> Toy {
        var decoder = ToyDecoder(file: "toy.json")
        let root = try decoder.parse(Array(text.utf8))
        let toy = decoder.decode(root)
        return try decoder.finish(toy)
    }
}

@Suite("One strict reader: any format gets the same rules and diagnostics")
struct StrictJSONReaderTests {
    static let header = #""formatVersion": "1.0", "id": "toys", "version": "1.0.0", "title": "Toys""#

    @Test("a valid file decodes")
    func valid() throws {
        let toy = try ToyDecoder.load("{\(Self.header), \"toys\": [\"ball\"], \"homepage\": \"http://toys.example\"}")
        #expect(
            toy
                == .init(
                    header: SpecHeader(formatVersion: "1.0", id: "toys", version: "1.0.0", title: "Toys"), names: ["ball"], homepage: "http://toys.example"))
    }

    @Test("every problem at once, sorted by position, each with its fix")
    func problems() {
        let text =
            "{\"formatVersion\": \"1.0\", \"id\": \"Toys!\", \"version\": \"1\", \"title\": \"\", \"toys\": [\"\", 3], \"toys\": [], \"homepage\": \"ftp://x\", \"colour\": 1}"
        do {
            _ = try ToyDecoder.load(text)
            Issue.record("the file should not load")
        } catch {
            #expect(
                error.diagnostics.map(\.message) == [
                    "spec id 'Toys!' is not lowercase letters, digits, '.' and '-'",
                    "version '1' is not a semantic version",
                    "'title' must not be empty",
                    "'toy' must not be empty",
                    "expected 'toy' to be a string, found an integer",
                    "duplicate key 'toys' (first at line 1, column 70)",
                    "homepage 'ftp://x' is not an http or https address",
                    "unknown key 'colour'",
                ])
            #expect(error.diagnostics.map(\.location.column) == error.diagnostics.map(\.location.column).sorted())
            #expect(error.diagnostics.last?.fix == "remove it; allowed keys here: formatVersion, id, version, title, toys, homepage")
        }
    }

    @Test("a wrong type, an empty list, an empty file and an unquoted key each come with a fix a person can act on")
    func fixes() {
        func fixes(_ text: String) -> [String?] {
            do {
                _ = try ToyDecoder.load(text)
                return []
            } catch { return error.diagnostics.map(\.fix) }
        }
        #expect(
            fixes(#"{"formatVersion": 1.0, "id": "toys", "version": "1.0.0", "title": "Toys", "toys": ["a"], "homepage": "http://x"}"#) == [
                #"write it in double quotes: "1.0""#
            ])
        #expect(
            fixes("{\(Self.header), \"toys\": [], \"homepage\": \"http://x\"}") == ["add one between its brackets (spec-format.md lists what 'toys' holds)"])
        #expect(fixes("{\(Self.header), \"toys\": \"ball\", \"homepage\": \"http://x\"}") == ["put its elements in square brackets: [ ... ]"])
        #expect(fixes("  \n") == ["the file holds nothing but white space: write the JSON object, from { to }"])
        #expect(fixes("{toys: []}") == [#"write each key in double quotes, as "key": value (JSON has no unquoted keys)"#])
    }

    @Test("a newer format version is reported alone")
    func newerFormat() {
        #expect(throws: SpecLoadingFailure.self) { try ToyDecoder.load(#"{"formatVersion": "2.0", "bogus": 1}"#) }
        do { _ = try ToyDecoder.load(#"{"formatVersion": "2.0", "bogus": 1}"#) } catch {
            #expect(error.diagnostics.map(\.message) == ["format version 2.0 is newer than this harness supports (1.0)"])
        }
    }
}

@Suite("A spec file's kind is recognised by the top-level key that holds its items")
struct SpecFormatTests {
    static let toys = SpecFormat(name: "toy spec", itemsKey: "toys") { (bytes: [UInt8], file: String) throws(SpecLoadingFailure) -> String in
        "\(try ToyDecoder.load(String(decoding: bytes, as: UTF8.self)).names.count) toys"
    }
    static let formats = [SpecFormat.behavioural, toys]

    static func recognise(_ text: String) -> Result<String, SpecLoadingFailure> {
        do { return .success(try SpecFormat.recognise(Array(text.utf8), file: "f.json", among: formats).name) } catch { return .failure(error) }
    }

    @Test(
        "the items key decides; a likely misspelling of exactly one decides too",
        arguments: [
            (#"{"requirements": []}"#, "behavioural spec"), (#"{"toys": []}"#, "toy spec"), (#"{"requirments": []}"#, "behavioural spec"),
        ])
    func recognised(text: String, name: String) {
        #expect((try? Self.recognise(text).get()) == name)
    }

    @Test(
        "neither, both, or not an object: one diagnostic that names the keys",
        arguments: [
            (#"{"formatVersion": "1.0"}"#, "cannot tell which kind of spec this is: its top level has none of 'requirements', 'toys'"),
            (
                #"{"requirements": [], "toys": []}"#,
                "cannot tell which kind of spec this is: its top level has 'requirements' and 'toys', and a file is one kind"
            ),
            ("[]", "expected a spec (an object), found an array"),
            ("{", "unexpected end of file"),
        ])
    func refused(text: String, message: String) {
        guard case .failure(let failure) = Self.recognise(text) else { Issue.record("recognised \(text)"); return }
        #expect(failure.diagnostics.count == 1)
        #expect(failure.diagnostics.first?.message.hasPrefix(message) == true, "\(failure.diagnostics)")
    }
}
