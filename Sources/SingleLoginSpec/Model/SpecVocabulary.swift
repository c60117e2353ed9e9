/// The words of spec format v1 as the loader accepts them: what tools that generate specs ask
/// instead of copying lists (`sl-conformance explore` builds its histories from these).
public enum SpecVocabulary {
    /// Every step kind (`"do"`), in the order documentation lists them.
    public static var stepKinds: [String] { SpecDecoder.stepKinds }
    /// Every broker answer `answerNext` accepts (`"answer"`), in the order documentation lists them.
    public static var answers: [String] { SpecDecoder.answers }
    /// Every check kind (`"check"`), in the order documentation lists them.
    public static var checkKinds: [String] { Expectation.Kind.allCases.map(\.rawValue) }
}
