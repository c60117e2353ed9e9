/// Turns an option's or argument's text into a typed value, or says what was expected.
///
/// A value that does not parse is a usage error: `The value 'x' is invalid for '--jobs <n>'`,
/// followed by ``expectation``.
package struct ValueParser<Value: Sendable>: Sendable {
    /// The only words accepted, when the set is closed (help lists them; the parser checks them).
    package var choices: [String]?
    /// Whether ``choices`` match in any case (`MUST` for `must`).
    package var choicesIgnoreCase = false
    /// What a valid value looks like, as a sentence, e.g. `Please give a whole number of at least 1.`
    package var expectation: String?
    /// The value `text` stands for, or nil when it is not valid.
    package var parse: @Sendable (String) -> Value?

    /// Creates a parser.
    package init(choices: [String]? = nil, expectation: String? = nil, parse: @escaping @Sendable (String) -> Value?) {
        self.choices = choices
        self.expectation = expectation
        self.parse = parse
    }

    /// A parser of the same text into another type; `transform` returning nil makes the text invalid.
    package func map<Other: Sendable>(expectation: String? = nil, _ transform: @escaping @Sendable (Value) -> Other?) -> ValueParser<Other> {
        let parse = self.parse
        return ValueParser<Other>(choices: choices, expectation: expectation ?? self.expectation) { text in parse(text).flatMap(transform) }
    }
}

extension ValueParser where Value == String {
    /// Any text.
    package static var string: ValueParser<String> { ValueParser { $0 } }
}

extension ValueParser where Value == Int {
    /// A whole number of at least 1.
    package static var positiveInteger: ValueParser<Int> {
        ValueParser(expectation: "Please give a whole number of at least 1.") { text in Int(text).flatMap { $0 >= 1 ? $0 : nil } }
    }
}

extension ValueParser where Value == UInt64 {
    /// A whole number from 0.
    package static var unsignedInteger: ValueParser<UInt64> {
        ValueParser(expectation: "Please give a whole number of at least 0.") { UInt64($0) }
    }
}

extension ValueParser where Value == Double {
    /// A number from 0 to 1.
    package static var fraction: ValueParser<Double> {
        ValueParser(expectation: "Please give a number from 0 to 1.") { text in Double(text).flatMap { (0...1).contains($0) ? $0 : nil } }
    }
}

extension ValueParser where Value == Duration {
    /// A positive, finite number of seconds, e.g. `2.5`, as a duration (to the millisecond).
    package static var positiveSeconds: ValueParser<Duration> {
        ValueParser(expectation: "Please give a positive number of seconds, e.g. 2.5.") { text in
            guard let value = Double(text), value > 0, value.isFinite else { return nil }
            return .milliseconds(Int64(value * 1000))
        }
    }
}

extension ValueParser {
    /// One of a closed set of words, each standing for a value, in the order help lists them.
    package static func choice(_ words: KeyValuePairs<String, Value>) -> ValueParser<Value> {
        let table = Array(words)
        return ValueParser(choices: table.map(\.key)) { text in table.first { $0.key == text }?.value }
    }

    /// One of a closed set of words, as ``choice(_:)``, matched in any case: for words that
    /// documents write in capitals, such as the levels `MUST` and `SHOULD`.
    package static func caseInsensitiveChoice(_ words: KeyValuePairs<String, Value>) -> ValueParser<Value> {
        let table = Array(words)
        var parser = ValueParser(choices: table.map(\.key)) { text in table.first { $0.key.lowercased() == text.lowercased() }?.value }
        parser.choicesIgnoreCase = true
        return parser
    }
}

extension ValueParser where Value: RawRepresentable & CaseIterable, Value.RawValue == String {
    /// One of an enumeration's cases, by raw value.
    package static var cases: ValueParser<Value> {
        ValueParser(choices: Value.allCases.map(\.rawValue)) { Value(rawValue: $0) }
    }
}
