import Foundation

extension WireServer {
    /// Serves an adapter that declared ``WireProtocol/Capability/concurrentCalls`` (protocol 1.6).
    ///
    /// Each event is handled in a task of its own, under its request's id (its app's calls carry it
    /// as `underRequest`). The event is answered when the app has settled: with the observation
    /// ``ConformanceAdapter/handle(_:)`` returns when it finished, or, when every task still running
    /// waits for a call whose answer the harness holds (it said so with `held`), with what
    /// ``ConformanceAdapter/observe()`` reports then. `settle` is answered once every task has finished.
    func runConcurrently(_ adapter: some ConformanceAdapter) async -> Ending {
        let settling = WireSettling()
        loop.serveConcurrently(settling)
        let peer = WirePeer(loop: loop)
        let clock = WireClock()
        var minor = Self.unknownMinor
        return await withTaskGroup(of: Void.self) { group in
            while let next = await loop.nextRequest() {
                let (line, scan, idRange) = (next.line, next.scan, next.id)
                let request = scan.integerId(in: line)
                switch WireProtocol.HarnessMethod(rawValue: next.method) {
                case .event?:
                    await handleEvent(
                        line, scan, id: Array(line[idRange]), request: request, adapter: adapter, clock: clock, minor: minor, settling, &group)
                case .settle?:
                    await settling.waitUntilSettled()
                    loop.send(await answer(Array(line[idRange]), minor: minor) { try await adapter.settle() })
                default:
                    let shutdown = await WireRequestContext.$request.withValue(request) {
                        await handle(next, adapter: adapter, peer: peer, clock: clock, minor: &minor)
                    }
                    if shutdown { return .shutdown }
                }
            }
            return .disconnected
        }
    }

    /// Starts handling one event in `group` and answers it once the app has settled.
    private func handleEvent(
        _ line: [UInt8], _ scan: WireScan, id: [UInt8], request: Int?, adapter: some ConformanceAdapter, clock: WireClock, minor: Int,
        _ settling: WireSettling, _ group: inout TaskGroup<Void>
    ) async {
        let event = scan.params
            .flatMap { WireScan.member("event", inObject: $0, of: line) }
            .flatMap { WireScan.string(line, $0) }
            .flatMap(AppEvent.init(rawValue:))
        guard let event else {
            loop.send(
                WireLine.failure(
                    id: id, error: WireError(code: WireError.invalidParams, message: "params.event must be one of \(AppEvent.allCases.map(\.rawValue))")))
            return
        }
        clock.set(Self.now(in: scan, of: line))
        let answered = Locked(false)
        let loop = self.loop
        /// Sends `line` unless the event was answered already.
        @Sendable func once(_ line: [UInt8]) {
            if answered.withLock({ first in
                defer { first = true }; return !first
            }) {
                loop.send(line)
            }
        }
        settling.started()
        group.addTask {
            let line: [UInt8]
            do {
                let observation = try await WireRequestContext.$request.withValue(request) { try await adapter.handle(event) }
                line = WireLine.response(id: id, result: observation.forHarness(minor: minor).wireEncoded())
            } catch let error as WireError {
                line = WireLine.failure(id: id, error: error)
            } catch {
                line = WireLine.failure(id: id, error: WireError(code: WireError.internalError, message: "\(error)"))
            }
            once(line)
            settling.ended()
        }
        await settling.waitUntilSettled()
        guard !answered.withLock({ $0 }) else { return }
        // The event's task waits for a held answer: the event is answered with what the app shows now.
        // The task's own answer, when it comes later, is dropped.
        once(await answer(id, minor: minor) { try await adapter.observe() })
    }

    /// The answer to request `id`: `observation()`'s result, or its error.
    private func answer(_ id: [UInt8], minor: Int, _ observation: () async throws -> Observation) async -> [UInt8] {
        do {
            return WireLine.response(id: id, result: try await observation().forHarness(minor: minor).wireEncoded())
        } catch let error as WireError {
            return WireLine.failure(id: id, error: error)
        } catch {
            return WireLine.failure(id: id, error: WireError(code: WireError.internalError, message: "\(error)"))
        }
    }
}
