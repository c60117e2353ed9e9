import Foundation
import SingleLoginAdapter

/// Serves the protocol with a ``FakeApp`` and misbehaves as its fault plans say.
final class FakeAdapter {
    private let wire = FakeWire()
    private var app: FakeApp!
    private var plans: [FaultPlan]
    private var continuous: [Fault]
    private var scenarioContinuous: [Fault] = []
    private var random: RandomFaults?
    private var requestCount = 0
    private var resetCount = 0
    private var eventCount = 0
    private var eventCounts: [String: Int] = [:]
    private var brokerCalls = 0
    /// The id of the harness request handled last, and of the last request of the test case that ended last (`late-call`).
    private var lastRequestId = 0
    private var endedCaseLastRequest = 0

    private let progressFile: String?

    init(plans: [FaultPlan], random: RandomFaults?, progressFile: String? = nil) {
        self.progressFile = progressFile
        self.plans = plans.filter { !$0.fault.isContinuous }
        self.continuous = plans.filter(\.fault.isContinuous).map(\.fault)
        self.random = random
        app = FakeApp { [unowned self] method, params in try self.wire.call(method, params) }
        wire.beforeCall = { [unowned self] number, method in
            self.brokerCalls = number
            guard self.plans.contains(FaultPlan(fault: .unknownMethod, trigger: .msal(number))) else { return method }
            self.plans.removeAll { $0 == FaultPlan(fault: .unknownMethod, trigger: .msal(number)) }
            log("fault: calling a broker method that does not exist at broker call #\(number)")
            return "msal.getAccounts"
        }
        wire.afterSend = { [unowned self] number in
            for fault in self.take(.msal(number)) { self.strikeBeforeAnswer(fault, at: "broker call #\(number)", event: nil) }
        }
    }

    /// Answers the harness until `shutdown` or the end of stdin.
    func serve() {
        while let message = wire.readMessage() {
            guard message.isRequest, let id = message.id, let method = message.method else { continue }
            requestCount += 1
            var triggers: [Trigger] = [.request(requestCount)]
            var event: AppEvent?
            switch method {
            case "initialize":
                triggers.append(.handshake)
                if let random { plans += random.handshakeFaults() }
            case "reset":
                endedCaseLastRequest = lastRequestId
                resetCount += 1
                if let progressFile {
                    let fd = open(progressFile, O_WRONLY | O_APPEND | O_CREAT, 0o644)
                    if fd >= 0 { let line = Array("reset \(resetCount)\n".utf8); _ = Foundation.write(fd, line, line.count); close(fd) }
                }
                triggers.append(.reset(resetCount))
                if let random {
                    let (oneShot, continuing) = random.scenarioFaults(events: eventCount, brokerCalls: brokerCalls, resets: resetCount)
                    plans =
                        plans.filter {
                            if case .handshake = $0.trigger { return false }; return true
                        } + oneShot
                    scenarioContinuous = continuing
                }
            case "event":
                event = message.params?["event"]?.stringValue.flatMap(AppEvent.init(rawValue:))
                if let name = event?.rawValue {
                    eventCount += 1
                    eventCounts[name, default: 0] += 1
                    triggers += [.event(nil, eventCount), .event(name, eventCounts[name]!)]
                }
            case "shutdown":
                endedCaseLastRequest = lastRequestId
                triggers.append(.shutdown)
            default: break
            }
            if case .number(let number) = id { lastRequestId = Int(number) }
            log("<- \(method)\(event.map { " \($0.rawValue)" } ?? "") (request #\(requestCount))")
            let faults = triggers.flatMap(take)
            let place = "\(method)\(event.map { " \($0.rawValue)" } ?? "")"
            for fault in continuous + scenarioContinuous { strikeContinuous(fault) }
            for fault in faults { strikeBeforeAnswer(fault, at: place, event: event) }
            if faults.contains(.unknownMethod) { _ = try? wire.call("msal.getAccounts") }
            answer(id: id, method: method, event: event, params: message.params, faults: faults)
            if method == "shutdown" {
                log("shutting down")
                exit(0)
            }
        }
        log("stdin closed; exiting")
    }

    /// The one-shot faults whose trigger is `trigger`, removed from the plan.
    private func take(_ trigger: Trigger) -> [Fault] {
        let matching = plans.filter { $0.trigger == trigger }.map(\.fault)
        plans.removeAll { $0.trigger == trigger }
        return matching
    }

    private func strikeContinuous(_ fault: Fault) {
        switch fault {
        case .slow(let milliseconds): usleep(useconds_t(milliseconds * 1000))
        case .stderrFlood(let megabytes):
            let line = Data(String(repeating: "flood ", count: 170).appending("\n").utf8)
            var chunk = Data()
            for _ in 0..<64 { chunk.append(line) }
            for _ in 0..<(megabytes << 20) / chunk.count { FileHandle.standardError.write(chunk) }
            log("wrote \(megabytes) MB to stderr")
        default: break
        }
    }

    private func strikeBeforeAnswer(_ fault: Fault, at place: String, event: AppEvent?) {
        switch fault {
        case .hang:
            log("fault: hanging at \(place)")
            while true { sleep(3600) }
        case .neverSettle:
            log("fault: never settling at \(place)")
            while true {
                _ = try? wire.call(BrokerMethod.getCurrentAccount.wireName)
                usleep(20_000)
            }
        case .exit(let code):
            log("fault: exiting with code \(code) at \(place)")
            exit(code)
        case .signal(let number):
            log("fault: raising signal \(number) at \(place)")
            signal(number, SIG_DFL)
            raise(number)
            exit(99)
        case .garbage:
            log("fault: writing a line that is not JSON at \(place)")
            wire.writeRaw(Data("Segmentation fault? no: just some text on stdout\n".utf8))
        case .partialLineExit:
            log("fault: writing half a message, then exiting at \(place)")
            wire.writeRaw(Data("{\"jsonrpc\":\"2.0\",\"id\":".utf8))
            exit(0)
        case .hugeLine(let bytes):
            log("fault: writing a line of \(bytes) bytes at \(place)")
            var line = Data(repeating: UInt8(ascii: "x"), count: bytes)
            line.append(0x0A)
            wire.writeRaw(line)
        case .unsolicited:
            log("fault: answering request 999, which was never sent, at \(place)")
            wire.write(.response(id: .number(999), result: .object([])))
        case .lateCall:
            log("fault: calling under request \(endedCaseLastRequest), of the test case that ended, at \(place)")
            do { _ = try wire.call(BrokerMethod.getCurrentAccount.wireName, .members(["underRequest": .number(Double(endedCaseLastRequest))])) } catch {
                log("the late call was refused: \(error)")
            }
        case .stdoutLog:
            log("fault: logging to stdout at \(place)")
            wire.writeRaw(Data("[INFO] handling \(place)\n".utf8))
        default: break
        }
    }

    private func answer(id: JSONValue, method: String, event: AppEvent?, params: JSONValue?, faults: [Fault]) {
        var result: JSONValue = .object([])
        var error: WireError?
        switch method {
        case "initialize":
            var handshake = WireProtocol.Handshake(
                AdapterIdentity(
                    adapterName: "sl-fake-adapter", adapterVersion: "1.0.0", appName: "Fake App", appVersion: "0.0.1", bundleId: "com.example.fake",
                    msalVersion: "1.6.2"))
            for case .protocolVersion(let version) in faults { handshake.protocolVersion = version; log("fault: announcing protocol \(version)") }
            if plans.contains(where: { $0.fault == .lateCall }) {
                handshake.capabilities = [WireProtocol.Capability.concurrentCalls.rawValue]
                log("fault: declaring concurrentCalls, to call late")
            }
            if faults.contains(.serialConcurrentCalls) {
                handshake.capabilities = [WireProtocol.Capability.concurrentCalls.rawValue]
                log("fault: declaring concurrentCalls, served one request at a time")
            }
            result = (try? JSONValue(encoding: handshake)) ?? .null
        case "reset": app.reset()
        case "event":
            guard let event else { error = WireError(code: WireError.invalidParams, message: "params.event must be an event name"); break }
            do { try app.handle(event) } catch { log("the app failed: \(error)") }
            result = (try? JSONValue(encoding: app.observation())) ?? .null
        case "observe": result = (try? JSONValue(encoding: app.observation())) ?? .null
        case "shutdown": break
        default: error = WireError(code: WireError.methodNotFound, message: "unknown method \(method)")
        }
        if faults.contains(.badObservation) {
            log("fault: answering with an observation of the wrong shape")
            result = .members(["running": .string("yes"), "screen": .array([.members(["kind": .string("label"), "text": .string("Hi")])])])
        }
        if faults.contains(.errorAnswer) {
            log("fault: answering with an error")
            error = WireError(code: WireError.internalError, message: "the simulator is not booted")
        }
        var answerId = id
        if faults.contains(.wrongId), case .number(let number) = id {
            log("fault: answering with a wrong id")
            answerId = .number(number + 1000)
        }
        let message: WireMessage = error.map { .failure(id: answerId, error: $0) } ?? .response(id: answerId, result: result)
        if faults.contains(.duplicate) {
            // Both answers in one write, so the harness finds the second waiting behind the first
            // whatever the timing.
            log("fault: answering twice")
            wire.write(message, times: 2)
        } else {
            wire.write(message)
        }
    }
}
