import Testing
@testable import SingleLoginSpec

@Suite("Strict JSON parser")
struct JSONParserTests {
    private func syntaxError(_ text: String) -> JSONSyntaxError? {
        do {
            _ = try JSONParser().parse(Array(text.utf8))
            return nil
        } catch {
            return error
        }
    }

    @Test(
        "rejects what Foundation lets through, at the right column",
        arguments: [
            (#"{"a":1,}"#, 1, 7, "trailing comma before '}'"),
            ("[1,\n 2,\n]", 2, 3, "trailing comma before ']'"),
            (#"{"a":1,"a":2}"#, 1, 8, "duplicate key 'a' (first at line 1, column 2)"),
            ("[01]", 1, 2, "leading zeros are not allowed in numbers"),
            ("[NaN]", 1, 2, "'NaN' is not a JSON value; numbers must be finite"),
            ("[-Infinity]", 1, 2, "'-Infinity' is not a JSON value; numbers must be finite"),
            ("[1] // x", 1, 5, "unexpected '/' after the top-level value"),
            ("/* x */ 1", 1, 1, "comments are not allowed in JSON"),
            (#"["\x"]"#, 1, 3, "invalid escape '\\x' in string"),
            (#"["\ud800x"]"#, 1, 3, "lone surrogate \\uD800 (a high surrogate must be followed by a low one)"),
            (#"["\udc00"]"#, 1, 3, "lone surrogate \\uDC00 (a low surrogate without a high one)"),
            (#"["\u12"]"#, 1, 3, "invalid \\u escape: expected four hexadecimal digits"),
            ("[\"a\nb\"]", 1, 4, "control character U+000A in string"),
            ("[1e999]", 1, 2, "number 1e999 is out of range"),
            ("[1.]", 1, 4, "expected a digit after the decimal point"),
            ("[True]", 1, 2, "unexpected 'True'; expected a value"),
            ("[nulls]", 1, 2, "unexpected 'nulls'; expected a value"),
            ("", 1, 1, "empty document; expected a JSON value"),
            ("[1 2]", 1, 4, "unexpected '2'; expected ',' or ']'"),
            (#"{"é": "ü", x}"#, 1, 12, "unexpected 'x'; expected a key in double quotes"),
            ("\u{FEFF}{}", 1, 1, "byte order mark at the start of the file"),
        ])
    func rejects(text: String, line: Int, column: Int, message: String) {
        let error = syntaxError(text)
        #expect(error?.message == message)
        #expect(error?.position.line == line)
        #expect(error?.position.column == column)
    }

    @Test(
        "accepts valid JSON",
        arguments: [
            "0", "-0", "-1.5e+3", "1E-2", #""""#, #""\u00e9\uD83D\uDE00\/\b\f\n\r\t""#, "[]", "{}", " [ true , false , null ] ",
            #"{"a":{"b":[1,{"c":"d"}]}}"#, "\"\u{1F600}\"", "123456789012345678901234567890",
        ])
    func accepts(text: String) {
        #expect(syntaxError(text) == nil)
    }

    @Test("keeps the position of every key and value; columns count characters, not bytes")
    func positions() throws {
        let root = try JSONParser().parse(Array("{\n  \"é\": [true,\n    \"😀\", 7]\n}".utf8))
        guard case .object(let members) = root.value, case .array(let elements) = members[0].value.value else {
            Issue.record("unexpected shape")
            return
        }
        #expect(root.position == JSONPosition(line: 1, column: 1, offset: 0))
        #expect(members[0].keyPosition.line == 2 && members[0].keyPosition.column == 3)
        #expect(members[0].value.position.column == 8)
        #expect(elements[1].position.line == 3 && elements[1].position.column == 5)
        #expect(elements[2].position.line == 3 && elements[2].position.column == 10)
        #expect(elements[2].value == .number(JSONNumber(text: "7")))
        #expect(elements[1].value == .string("😀"))
    }

    @Test("accepts nesting up to the limit and rejects one level more without overflowing the stack")
    func depthLimit() {
        let limit = JSONParser.defaultMaximumDepth
        let atLimit = String(repeating: "[", count: limit) + String(repeating: "]", count: limit)
        #expect(syntaxError(atLimit) == nil)
        let beyond = String(repeating: "[", count: limit + 1) + String(repeating: "]", count: limit + 1)
        #expect(syntaxError(beyond)?.message == "nesting deeper than \(limit) levels")
        let huge = String(repeating: "{\"a\":", count: 200_000)
        #expect(syntaxError(huge)?.message == "nesting deeper than \(limit) levels")
    }

    @Test("reports invalid UTF-8 inside a string")
    func invalidUTF8() {
        var bytes = Array("[\"ab\"]".utf8)
        bytes.insert(0xFF, at: 3)
        #expect(throws: JSONSyntaxError.self) { try JSONParser().parse(bytes) }
    }

    @Test("numbers keep their text and integer value")
    func numbers() {
        #expect(JSONNumber(text: "42").integerValue == 42)
        #expect(JSONNumber(text: "4.0").integerValue == nil)
        #expect(JSONNumber(text: "1e2").doubleValue == 100)
        #expect(JSONNumber(text: "99999999999999999999").integerValue == nil)
    }
}
