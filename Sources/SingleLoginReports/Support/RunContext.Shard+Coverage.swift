import SingleLoginEvents

extension RunContext.Shard {
    /// What a shard's reports cover: `this shard's 3 test cases only`. A split into more shards
    /// than there are test cases leaves some shards empty, which is no error in a CI matrix; such
    /// a shard says that it passes with nothing checked, so that its pass is not read as a verdict.
    func coverage(ofTestCases count: Int) -> String {
        guard count > 0 else {
            return "no test case (a split into more shards than there are test cases leaves some empty), so it passes with nothing checked"
        }
        return "this shard's \(count) test case\(count == 1 ? "" : "s") only"
    }
}
