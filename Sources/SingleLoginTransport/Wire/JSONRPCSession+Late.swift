import SingleLoginAdapter
import SingleLoginEvents

/// Protocol 1.6's late calls: a concurrent adapter's call made under a request of a test case that
/// has ended is refused (-32600) and kept, so that the runner charges it to that test case alone.
extension JSONRPCSession {
    /// The test case whose requests the current task sends: set by the runner around each attempt,
    /// so that a call made under one of them long after names it. nil outside a run (the doctor).
    @TaskLocal package static var testCase: TestCaseID?

    /// A harness request of a concurrent adapter's test case: where calls made under it belong, and how messages name it.
    struct MadeUnder: Sendable {
        /// The test case it was sent in.
        var testCase: TestCaseID?
        /// The step (and part of it) its calls belong to; nil outside any step (the doctor's requests).
        var origin: CallMoment?
        var method: WireProtocol.HarnessMethod
        var event: AppEvent?

        /// `event refresh`, `settle`.
        var what: String { event.map { "event " + $0.rawValue } ?? method.rawValue }
    }

    /// The test case so far has ended (a new one begins, or the adapter is asked to shut down): a
    /// call made under one of its requests is late from now on, and its own until the next `reset`
    /// (or `shutdown`) has been answered.
    func endTestCase() {
        lateWindowOpen = concurrent && !requestOrigins.isEmpty
        if lateWindowOpen { endedRequests = requestOrigins }
        requestOrigins = [:]
        scenarioFirstRequest = nextRequestId
    }

    /// The refusal of a call of `method` made under request `under`, of a test case that has ended; the call is kept.
    func refuseLate(_ method: String, under: Int, id: ArraySlice<UInt8>) -> [UInt8] {
        let request = endedRequests[under]
        let late = LateCall(
            method: method, underRequest: under, request: request?.what, step: request?.origin?.stepIndex, inWindow: lateWindowOpen && request != nil,
            testCase: request?.testCase)
        lateCalls.append(late)
        wireLog?.note(
            "a call \(late.description), of a test case that has ended, was refused"
                + (late.inWindow ? "; it is a finding of that test case" : ", after that test case's results were final: a warning of the run"))
        return WireLine.failure(
            id: id, error: WireError(code: WireError.invalidRequest, message: "made under request \(under), of a test case that has ended"))
    }

    /// A call that came while the harness waited for the answer to `shutdown`: late, since the
    /// last test case has ended; refused, and kept while the answer has not come.
    func refuseAtShutdown(_ data: [UInt8], _ scan: WireScan, before deadline: ContinuousClock.Instant) {
        guard concurrent, let idRange = scan.id, let under = Self.underRequest(in: data, scan) else { return }
        let method = scan.methodName(in: data) ?? Self.excerpt(Array(data[scan.method!]))
        let line = refuseLate(method, under: under, id: data[idRange])
        wireLog?.record(.sent, line.dropLast())
        _ = send(line, before: deadline)
    }

    /// The late calls refused since the last call, oldest first.
    package func takeLateCalls() -> [LateCall] {
        defer { lateCalls = [] }
        return lateCalls
    }
}
