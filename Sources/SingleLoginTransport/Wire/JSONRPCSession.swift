import Foundation
import SingleLoginAdapter
import SingleLoginJSON
import SingleLoginSpec

/// The harness's end of one JSON-RPC 2.0 session with an adapter, over any ``LineChannel``:
/// request ids, matching answers, serving the app's broker and backend calls while a request
/// is pending, stray lines, deadlines, and the failure that names what went wrong.
///
/// The actor runs on a ``SessionExecutor``'s thread, where the channel blocks in `poll`; when
/// the caller's task prefers the same executor (the runner's jobs do), a round trip crosses no
/// thread at all. Each line is scanned once (``WireScan``) and only the value the caller wants
/// is decoded, once; no message text is built unless a failure is reported.
package actor JSONRPCSession {
    private let channel: any LineChannel
    /// Wakes the channel's wait when the task is cancelled.
    package nonisolated let waker: ChannelWaker
    /// The thread this session runs on.
    package nonisolated let executor: SessionExecutor
    package nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }
    private let timeouts: AdapterTimeouts
    let wireLog: WireLog?
    var environment: AppEnvironment?
    private var nextId = 1
    /// The id the next harness request gets.
    var nextRequestId: Int { nextId }
    private var scenarioDeadline: ContinuousClock.Instant?
    /// The device's time last sent, and its encoding.
    private var lastTime: (date: Date, json: [UInt8])?
    /// Whether the adapter declared ``WireProtocol/Capability/concurrentCalls`` (protocol 1.6).
    package private(set) var concurrent = false
    /// Where the calls made under each harness request of this test case belong (concurrent adapters only).
    var requestOrigins: [Int: MadeUnder] = [:]
    /// The first request id of this test case: a call made under an earlier one is a straggler of an ended test case.
    var scenarioFirstRequest = 1
    /// The requests of the test case that ended last: a call made under one of them is late.
    var endedRequests: [Int: MadeUnder] = [:]
    /// Whether a late call is still the ended test case's: until this test case's `reset` (or
    /// `shutdown`) has been answered.
    var lateWindowOpen = false
    /// The late calls refused so far, for ``takeLateCalls()``.
    var lateCalls: [LateCall] = []
    /// Answers the harness holds until a step releases them, in the order the calls came.
    var heldCalls: [HeldCall] = []

    package init(channel: sending any LineChannel, executor: SessionExecutor, timeouts: AdapterTimeouts, wireLog: WireLog?) {
        waker = channel.waker
        self.channel = channel
        self.executor = executor
        self.timeouts = timeouts
        self.wireLog = wireLog
    }

    /// One harness request: its method and params, and (for events) the event, to name it in messages.
    package struct Request: Sendable {
        package var method: WireProtocol.HarnessMethod
        package var event: AppEvent?
        /// The params, encoded.
        package var params: [UInt8]

        /// A request for `method` with `params` (encoded), naming `event` in messages when it is one.
        package init(method: WireProtocol.HarnessMethod, event: AppEvent? = nil, params: [UInt8]) {
            self.method = method
            self.event = event
            self.params = params
        }

        /// `event launch`, `reset`: how messages name the request.
        package var what: String { event.map { "event " + $0.rawValue } ?? method.rawValue }

        package static func plain(_ method: WireProtocol.HarnessMethod) -> Request { Request(method: method, params: WireLine.emptyObject) }

        /// `event` with `{"event": "launch", "now": "2025-03-03T08:00:00Z"}`; `now` is the device's time, encoded (a JSON string).
        package static func event(_ event: AppEvent, now: [UInt8]? = nil) -> Request {
            guard let now else { return Request(method: .event, event: event, params: eventParams[event]!) }
            return Request(method: .event, event: event, params: eventPrefixes[event]! + now + Array("}".utf8))
        }

        /// `reset` with `{"now": "..."}` (1.2), or `{}` without a time.
        package static func reset(now: [UInt8]?) -> Request {
            guard let now else { return .plain(.reset) }
            return Request(method: .reset, params: Array(#"{"now":"#.utf8) + now + Array("}".utf8))
        }

        /// `{"event":"launch"}` and the others, encoded once.
        private static let eventParams: [AppEvent: [UInt8]] = Dictionary(
            uniqueKeysWithValues: AppEvent.allCases.map { ($0, Array(#"{"event":""#.utf8) + Array($0.rawValue.utf8) + Array(#""}"#.utf8)) })
        /// `{"event":"launch","now":` and the others, encoded once.
        private static let eventPrefixes: [AppEvent: [UInt8]] = Dictionary(
            uniqueKeysWithValues: AppEvent.allCases.map { ($0, Array(#"{"event":""#.utf8) + Array($0.rawValue.utf8) + Array(#"","now":"#.utf8)) })
    }

    /// An answer: its line and where its parts are.
    package struct Answer: Sendable {
        /// The whole line, without its newline.
        package var line: [UInt8]
        /// Its members.
        package var scan: WireScan

        /// The bytes of the result (`null` when absent).
        package var resultBytes: ArraySlice<UInt8> { scan.result.map { line[$0] } ?? ArraySlice(Self.null) }
        private static let null: [UInt8] = Array("null".utf8)
    }

    /// A test case starts: use `environment` from now on, and count the scenario timeout from now.
    package func beginScenario(_ environment: AppEnvironment) {
        self.environment = environment
        scenarioDeadline = ContinuousClock.now + timeouts.scenario
        endTestCase()
        heldCalls = []
    }

    /// The device's time for the next request's `now`, as a JSON string; encoded again only when
    /// the simulated clock moved (it moves only with `advanceClock`). Nil before the first scenario.
    package func deviceTime() -> [UInt8]? {
        guard let clock = environment?.clock else { return nil }
        let date = clock.now()
        if let lastTime, lastTime.date == date { return lastTime.json }
        guard let json = try? WireCodec.encoder.encode(date) else { return nil }
        lastTime = (date, Array(json))
        return lastTime?.json
    }

    /// `reset`, carrying the device's time (protocol 1.2).
    package func reset() async throws {
        _ = try await exchange(.reset(now: deviceTime()))
        // A fresh install: whatever the ended test case's tasks call from now on is no longer its.
        lateWindowOpen = false
    }

    /// `event`, carrying the device's time (protocol 1.2); the answer is the observation.
    package func event(_ event: AppEvent) async throws -> Observation {
        try await call(.event(event, now: deviceTime()), as: Observation.self)
    }

    /// The handshake: `initialize`, the answer's shape, its protocol version and, when `token` is given, the run's token.
    package func handshake(token: String?) async throws -> AdapterIdentity {
        let params = try WireLine.encode(
            InitializeParams(protocolVersion: WireProtocol.version, harness: .init(name: "sl-conformance", version: HarnessVersion.current)))
        let answer: Answer
        do { answer = try await exchange(Request(method: .initialize, params: params), timeout: timeouts.handshake) } catch var failure as AdapterFailure {
            if failure.kind != .handshake { failure.message = "handshake failed: " + failure.message }
            throw failure
        }
        guard let handshake = try? WireCodec.decoder.decode(WireProtocol.Handshake.self, from: Data(answer.resultBytes)) else {
            throw failure(
                .handshake,
                "the handshake answer is not {protocolVersion, adapter{name,version}, app{name,version,bundleId}, msalVersion, capabilities}: \(Self.excerpt(answer.line))"
            )
        }
        let theirs = handshake.protocolVersion.split(separator: ".").first.map(String.init) ?? ""
        let ours = WireProtocol.version.split(separator: ".").first.map(String.init) ?? ""
        guard theirs == ours else {
            throw failure(
                .handshake, "the adapter speaks protocol \(handshake.protocolVersion); this harness speaks \(WireProtocol.version) (major version \(ours) only)"
            )
        }
        if let token, handshake.token != token {
            throw failure(
                .handshake,
                handshake.token == nil
                    ? "the adapter did not present this run's token (give it the token the harness printed: SL_CONFORMANCE_TOKEN)"
                    : "the adapter presented a token that is not this run's", cause: .wrongToken)
        }
        concurrent = handshake.identity.declares(.concurrentCalls)
        return handshake.identity
    }

    /// Takes `concurrentCalls` from a handshake its caller sent and read itself (the doctor's, which
    /// judges the answer's shape on its own): the adapter's calls are then held and marked as in a run.
    package func adopt(_ identity: AdapterIdentity) {
        concurrent = identity.declares(.concurrentCalls)
    }

    private struct InitializeParams: Encodable {
        var protocolVersion: String
        var harness: WireProtocol.Handshake.Named
    }

    /// Sends one request and returns its result as a JSON value (for callers that inspect any shape).
    package func call(_ request: Request, timeout: Duration? = nil) async throws -> JSONValue {
        let answer = try await exchange(request, timeout: timeout)
        return (try? WireCodec.decoder.decode(JSONValue.self, from: Data(answer.resultBytes))) ?? .null
    }

    /// Sends one request and decodes its result as `type`, once, from its bytes; a result of
    /// another shape is a protocol violation.
    package func call<T: WireDecodable & Sendable>(_ request: Request, as type: T.Type) async throws -> T {
        let answer = try await exchange(request)
        do { return try T.decode(wire: answer.resultBytes) } catch {
            throw failure(.protocolViolation, "the answer to '\(request.what)' is not a valid \(type): \(Self.describe(error)) in \(Self.excerpt(answer.line))")
        }
    }

    /// What happened while one harness request was pending, for messages.
    struct Pending {
        var request: Request
        var servedCalls = 0
        var lastCall: String?

        var what: String { request.what }
        var afterCall: String { lastCall.map { " (after the app's call '\($0)')" } ?? "" }
    }

    /// Sends one request and waits for its answer, serving the adapter's own requests meanwhile.
    ///
    /// The wait ends at the step timeout (`timeout` for the handshake), or at the scenario
    /// timeout if that comes first; it also ends as soon as the peer is gone, and when the task
    /// is cancelled (then with `CancellationError`).
    package func exchange(_ request: Request, timeout: Duration? = nil) async throws -> Answer {
        let id = nextId
        nextId += 1
        let wait = WaitDeadline(
            request: timeout ?? timeouts.step, scenarioEnds: request.method == .initialize ? nil : scenarioDeadline, scenario: timeouts.scenario)
        let deadline = wait.instant
        let line = WireLine.request(id: id, method: request.method.rawValue, params: request.params)
        var pending = Pending(request: request)
        if concurrent {
            requestOrigins[id] = MadeUnder(testCase: Self.testCase, origin: CallMoment.current, method: request.method, event: request.event)
            // Answers a step released go out before the request that follows it.
            if !heldCalls.isEmpty { try await sendReleasedAnswers(before: deadline, pending: pending) }
        }
        wireLog?.record(.sent, line.dropLast())
        return try await withTaskCancellationHandler {
            try deliver(line, before: deadline, pending: pending)
            while true {
                switch channel.receive(before: deadline) {
                case .line(let data):
                    wireLog?.record(.received, data[...])
                    guard let scan = WireScan(data), scan.isJSONRPC2 else {
                        throw failure(
                            .protocolViolation,
                            "the adapter wrote a line that is not a JSON-RPC 2.0 message to \(channel.outputName) during '\(pending.what)' (\(channel.outputName) is for protocol messages only; log to stderr): \(Self.excerpt(data))",
                            cause: .outputPolluted)
                    }
                    if scan.isRequest {
                        try await serve(data, scan, pending: &pending, before: deadline)
                        continue
                    }
                    return try answer(data, scan, id: id, pending: pending)
                case .overlong(let length):
                    wireLog?.note("a line of \(length) bytes, over the limit, was dropped")
                    throw failure(
                        .protocolViolation,
                        "the adapter wrote a line of \(length) bytes to \(channel.outputName) during '\(pending.what)', over the 16 MiB limit")
                case .unterminated(let text):
                    wireLog?.record(.received, text[...])
                    throw exitFailure(pending, note: ", in the middle of a line: \(Self.excerpt(text)) (every message ends with a newline)")
                case .ended(let heldOpen):
                    guard heldOpen else { throw exitFailure(pending) }
                    let cut = channel.partialLine
                    throw exitFailure(
                        pending,
                        note: (cut.isEmpty ? "" : ", in the middle of a line: \(Self.excerpt(cut)) (every message ends with a newline)")
                            + " (a process it started still holds its stdout)")
                case .timedOut:
                    let meanwhile =
                        pending.servedCalls == 0
                        ? "" : "; meanwhile the app made \(pending.servedCalls) broker call(s), the last '\(pending.lastCall ?? "")': it never settled"
                    throw failure(.timeout, "no answer to '\(pending.what)' \(wait.limit)\(meanwhile)")
                case .interrupted:
                    if Task.isCancelled { throw CancellationError() }
                }
            }
        } onCancel: { [waker] in
            waker.wake()
        }
    }

    /// The answer to request `id`, checked: the right id, nothing after it, no error.
    private func answer(_ data: [UInt8], _ scan: WireScan, id: Int, pending: Pending) throws -> Answer {
        guard let answered = scan.integerId(in: data), answered == id else {
            let number = scan.integerId(in: data)
            let again = number.map { $0 >= 1 && $0 < id } ?? false
            let which = again ? "\(number!)" : scan.id.map { Self.excerpt(Array(data[$0])) } ?? "null"
            throw failure(
                .protocolViolation,
                again
                    ? "the adapter answered request \(which) twice (noticed while waiting for \(id), '\(pending.what)')"
                    : "the adapter answered request \(which), which the harness never sent (waiting for \(id), '\(pending.what)')")
        }
        // Nothing may follow an answer until the harness asks again: a line already here is a
        // second answer or a stray message, and belongs to this request, not the next one. A
        // concurrent adapter's call may follow: it names the request it was made under, and is
        // served, and attributed, while the next request is pending.
        if !concurrent, channel.hasBufferedLine, case .line(let stray) = channel.receive(before: .now) {
            wireLog?.record(.received, stray[...])
            throw failure(.protocolViolation, describeStray(stray, after: id) + " after answering '\(pending.what)'")
        }
        if let errorRange = scan.error {
            let error =
                (try? WireCodec.decoder.decode(WireError.self, from: Data(data[errorRange])))
                ?? WireError(code: WireError.internalError, message: Self.excerpt(Array(data[errorRange])))
            throw failure(.adapterError, "the adapter failed '\(pending.what)': \(error.message) (code \(error.code))")
        }
        return Answer(line: data, scan: scan)
    }

    /// Writes a line as it is, for a courtesy answer whose failure changes nothing.
    func send(_ line: [UInt8], before deadline: ContinuousClock.Instant) -> ChannelSendOutcome {
        channel.send(line, before: deadline)
    }

    /// Writes a line, turning a closed or full pipe into the failure that names it.
    func deliver(_ line: [UInt8], before deadline: ContinuousClock.Instant, pending: Pending) throws {
        switch channel.send(line, before: deadline) {
        case .written: return
        case .closed: throw exitFailure(pending)
        case .timedOut:
            throw failure(
                .timeout,
                "the adapter stopped reading its \(channel.outputName == "stdout" ? "stdin" : "end of the connection") during '\(pending.what)': it stayed full until the timeout"
            )
        case .interrupted: throw CancellationError()
        }
    }

    /// Asks the adapter to shut down (unless the run was interrupted), then ends it.
    package func close() async {
        // Interrupted: no time for courtesy, the peer goes down at once.
        if !Task.isCancelled {
            let line = WireLine.request(id: nextId, method: WireProtocol.HarnessMethod.shutdown.rawValue, params: WireLine.emptyObject)
            nextId += 1
            wireLog?.record(.sent, line.dropLast())
            if channel.send(line, before: .now + .milliseconds(100)) == .written {
                let shutdownId = nextId - 1
                // The last test case has ended: a call made under its requests before the answer is its own.
                endTestCase()
                // Wait for it to go by itself: its answer, then the end of its output.
                let deadline = ContinuousClock.now + .milliseconds(500)
                waiting: while true {
                    switch channel.receive(before: deadline) {
                    case .line(let data):
                        wireLog?.record(.received, data[...])
                        guard concurrent, let scan = WireScan(data), scan.isJSONRPC2 else { continue }
                        if scan.isRequest {
                            refuseAtShutdown(data, scan, before: deadline)
                        } else if scan.integerId(in: data) == shutdownId {
                            lateWindowOpen = false
                        }
                    case .overlong, .unterminated: continue
                    case .ended, .timedOut, .interrupted: break waiting
                    }
                }
            }
        }
        channel.close(grace: .milliseconds(500))
    }

    /// Drops the connection at once, without `shutdown` (a TCP adapter then connects again).
    package func drop() {
        channel.close(grace: .milliseconds(500))
    }

    /// What the adapter wrote to its log since the last call.
    package func takeLog() -> String { channel.drainLog()?.takeNew() ?? "" }

    /// The channel, for checks that need the process behind it (the doctor's).
    package func withChannel<T: Sendable>(_ body: (any LineChannel) -> T) -> T { body(channel) }

    /// Answers one of the adapter's requests from the broker or backend.
    private func serve(_ data: [UInt8], _ scan: WireScan, pending: inout Pending, before deadline: ContinuousClock.Instant) async throws {
        guard let idRange = scan.id else { return }  // Notifications need no answer.
        let method = scan.methodName(in: data) ?? Self.excerpt(Array(data[scan.method!]))
        pending.servedCalls += 1
        pending.lastCall = method
        let id = data[idRange]
        func respond(_ line: [UInt8]) throws {
            wireLog?.record(.sent, line.dropLast())
            switch channel.send(line, before: deadline) {
            // A dead adapter is noticed when its output ends; a full pipe is the adapter's fault.
            case .written, .closed: return
            case .timedOut: throw failure(.timeout, "the adapter stopped reading during '\(pending.what)' (its call '\(method)' could not be answered)")
            case .interrupted: throw CancellationError()
            }
        }
        guard let brokerMethod = BrokerMethod(wireName: method) else {
            try respond(WireLine.failure(id: id, error: WireError(code: WireError.methodNotFound, message: "no method '\(method)'")))
            throw failure(
                .protocolViolation,
                "the adapter called '\(method)' during '\(pending.what)', which does not exist; methods: \(BrokerMethod.allCases.map(\.wireName).joined(separator: ", "))"
            )
        }
        guard let environment else {
            try respond(WireLine.failure(id: id, error: WireError(code: WireError.invalidRequest, message: "no app environment before reset")))
            throw failure(.protocolViolation, "the adapter called '\(method)' before the first reset")
        }
        var origin = CallMoment.current
        if concurrent, let under = Self.underRequest(in: data, scan) {
            guard under >= scenarioFirstRequest, let madeUnder = requestOrigins[under] else {
                // Made under a request of an ended test case, which the adapter said had settled:
                // refused, charged to no request of this one, and kept for the ended one.
                return try respond(refuseLate(method, under: under, id: id))
            }
            origin = madeUnder.origin
        }
        let params = scan.params.map { data[$0] } ?? ArraySlice(WireLine.emptyObject)
        let held =
            concurrent
            ? await (environment.broker as? any CallHolding)?.claimHold(
                brokerMethod, accountIdentifier: BrokerCallServer.accountIdentifier(of: brokerMethod, params: params)) : nil
        let answer: [UInt8]
        do {
            let result = try await CallMoment.$current.withValue(origin) {
                try await AnswerHold.$isHeld.withValue(held != nil) {
                    try await BrokerCallServer.result(of: brokerMethod, params: params, environment: environment)
                }
            }
            answer = WireLine.response(id: id, result: try WireLine.encode(AnyEncodableResult(value: result)))
        } catch let error as MSALError {
            answer = WireLine.failure(id: id, error: WireError(error))
        } catch let error as BrokerCallServer.InvalidParams {
            try respond(WireLine.failure(id: id, error: WireError(code: WireError.invalidParams, message: error.message)))
            throw failure(.protocolViolation, "the adapter called '\(method)' with bad parameters: \(error.message) in \(Self.excerpt(data))")
        }
        guard let held else { return try respond(answer) }
        // Answered as things stood when the app asked; delivered when a step releases it.
        heldCalls.append(HeldCall(ticket: held, method: method, answer: answer))
        try respond(Array(#"{"jsonrpc":"2.0","method":"held","params":{"id":"#.utf8) + Array(id) + Array("}}\n".utf8))
    }

    private func failure(_ kind: AdapterFailure.Kind, _ message: String, cause: AdapterFailure.Cause? = nil) -> AdapterFailure {
        AdapterFailure(kind, message, stderrTail: channel.drainLog()?.tail() ?? "", cause: cause)
    }

    private func exitFailure(_ pending: Pending, note: String = "") -> AdapterFailure {
        failure(.exited, "the adapter \(channel.endDescription()) during '\(pending.what)'\(pending.afterCall)\(note)")
    }

    /// What an unexpected line after an answer is, in words.
    private func describeStray(_ line: [UInt8], after id: Int) -> String {
        guard let scan = WireScan(line), scan.isJSONRPC2 else {
            return "the adapter wrote a line that is not a JSON-RPC 2.0 message to \(channel.outputName): \(Self.excerpt(line))"
        }
        if scan.isRequest { return "the adapter sent a request '\(scan.methodName(in: line) ?? "")' while no harness request was pending" }
        if let answered = scan.integerId(in: line), answered >= 1, answered <= id { return "the adapter answered request \(answered) twice" }
        return "the adapter answered request \(scan.id.map { Self.excerpt(Array(line[$0])) } ?? "null"), which the harness never sent"
    }

    /// At most 200 bytes of `bytes` in quotes, with the full length when cut.
    package static func excerpt(_ bytes: [UInt8]) -> String {
        let text = String(decoding: bytes.prefix(200), as: UTF8.self)
        return "'" + text + (bytes.count > 200 ? "...' (\(bytes.count) bytes)" : "'")
    }

    /// A JSON value, encoded, in quotes.
    package static func excerpt(_ value: JSONValue) -> String {
        excerpt([UInt8]((try? WireCodec.encoder.encode(value)) ?? Data()))
    }

    /// A decoding error as a short phrase with its path.
    package static func describe(_ error: any Error) -> String {
        switch error {
        case DecodingError.keyNotFound(let key, let context): return "missing '\(JSONPath.of(context.codingPath + [key]))'"
        case DecodingError.typeMismatch(let type, let context): return "'\(JSONPath.of(context.codingPath))' is not \(type)"
        case DecodingError.valueNotFound(let type, let context): return "'\(JSONPath.of(context.codingPath))' is null, expected \(type)"
        case DecodingError.dataCorrupted(let context): return "'\(JSONPath.of(context.codingPath))': \(context.debugDescription)"
        default: return "\(error)"
        }
    }
}
