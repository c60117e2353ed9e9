/// The tester's word on a step of a device pass, at its prompt: Enter, `r`, `s REASON` or `q`
/// (also spelt `retry`, `skip REASON`, `quit`, in any case). Anything else is no answer, and the
/// prompt asks again: a stray word must neither skip nor stop a pass.
enum TesterAnswer: Equatable {
    /// Enter: the step is done.
    case done
    /// `r`: do the step again.
    case again
    /// `s REASON`: skip it, for this reason.
    case skip(String)
    /// `q`: stop, to resume later.
    case stop

    /// `line`'s answer; nil for a line that is none.
    init?(_ line: String) {
        let words = line.trimmingCharacters(in: .whitespaces).split(maxSplits: 1, whereSeparator: \.isWhitespace)
        let rest = words.count > 1 ? words[1].trimmingCharacters(in: .whitespaces) : ""
        switch (words.first?.lowercased(), rest.isEmpty) {
        case (nil, _): self = .done
        case ("q", true), ("quit", true): self = .stop
        case ("r", true), ("retry", true): self = .again
        case ("s", _), ("skip", _): self = .skip(rest.isEmpty ? "no reason given" : rest)
        default: return nil
        }
    }

    /// Whether it acts even while the harness still waits for the app's evidence: `q` and `s REASON`.
    var actsAtOnce: Bool {
        switch self {
        case .stop, .skip: true
        case .done, .again: false
        }
    }
}
