import Foundation

/// Serves one ``ConformanceAdapter`` over one connection to the harness: the part of
/// ``StdioAdapterHost`` and ``TCPAdapterClient`` that does not care what carries the lines.
///
/// Requests are served in order by one task (the harness sends one at a time); the app's
/// broker and backend calls go out through the same connection while a request is pending.
struct WireServer {
    /// How serving a connection ended.
    enum Ending: Sendable, Equatable {
        /// The harness sent `shutdown` and it was answered.
        case shutdown
        /// The connection ended without `shutdown` (the harness dropped it or is gone).
        case disconnected
    }

    let loop: WireEventLoop
    /// Sent in the handshake when the harness asked for one (see docs/wire-protocol.md).
    let token: String?

    /// Serves requests until `shutdown` or the end of the connection, on `loop` where the OS allows.
    static func serve(_ adapter: some ConformanceAdapter, loop: WireEventLoop, token: String? = nil) async -> Ending {
        let server = WireServer(loop: loop, token: token)
        if #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *) {
            return await withTaskExecutorPreference(loop) { await server.run(adapter) }
        }
        return await server.run(adapter)
    }

    private func run(_ adapter: some ConformanceAdapter) async -> Ending {
        if adapter.identity.declares(.concurrentCalls) { return await runConcurrently(adapter) }
        let peer = WirePeer(loop: loop)
        let clock = WireClock()
        var minor = Self.unknownMinor
        while let request = await loop.nextRequest() {
            if await handle(request, adapter: adapter, peer: peer, clock: clock, minor: &minor) { return .shutdown }
        }
        return .disconnected
    }

    /// The `now` a request's params carry (protocol 1.2), if any.
    static func now(in scan: WireScan, of line: [UInt8]) -> Date? {
        scan.params
            .flatMap { WireScan.member("now", inObject: $0, of: line) }
            .flatMap { try? WireCodec.decoder.decode(Date.self, from: Data(line[$0])) }
    }

    /// The minor version assumed of a harness that announced none that can be read (or a later
    /// major version): everything this build sends.
    static let unknownMinor = Int.max

    /// The 1.x minor version of a harness announcing `version` (its `initialize` params), which
    /// decides what observations may hold: the device surfaces' areas from 1.4 (an older harness
    /// refuses an observation holding one), record marks from 1.6.
    static func harnessMinor(_ version: String?) -> Int {
        guard let parts = version?.split(separator: "."), parts.count == 2, let major = Int(parts[0]), let minor = Int(parts[1]), major == 1 else {
            return unknownMinor
        }
        return minor
    }

    /// Whether a harness announcing `version` reads the device surfaces' areas: 1.4 or later.
    static func readsDeviceSurfaces(_ version: String?) -> Bool { harnessMinor(version) >= 4 }

    /// Answers one request; true after `shutdown`. `minor` is the harness's protocol minor
    /// version, which `initialize` sets and observations are shaped for.
    func handle(_ request: WireHarnessRequest, adapter: some ConformanceAdapter, peer: WirePeer, clock: WireClock, minor: inout Int) async -> Bool {
        let (line, scan, name) = (request.line, request.scan, request.method)
        let id = line[request.id]
        do {
            switch WireProtocol.HarnessMethod(rawValue: name) {
            case .initialize:
                minor = Self.harnessMinor(
                    scan.params
                        .flatMap { WireScan.member("protocolVersion", inObject: $0, of: line) }
                        .flatMap { WireScan.string(line, $0) })
                var handshake = WireProtocol.Handshake(adapter.identity)
                handshake.token = token
                loop.send(WireLine.response(id: id, result: try WireLine.encode(handshake)))
            case .reset:
                clock.set(Self.now(in: scan, of: line))
                // A concurrent adapter's reset runs under its request: the new environment's calls remember it.
                let reset = WireRequestContext.request
                loop.began(reset: reset)
                let environmentPeer = WirePeer(loop: peer.loop, reset: reset)
                try await adapter.reset(
                    environment: AppEnvironment(broker: WireBroker(peer: environmentPeer), backend: WireBackend(peer: environmentPeer), clock: clock))
                loop.send(WireLine.response(id: id, result: WireLine.emptyObject))
            case .event:
                let event = scan.params
                    .flatMap { WireScan.member("event", inObject: $0, of: line) }
                    .flatMap { WireScan.string(line, $0) }
                    .flatMap(AppEvent.init(rawValue:))
                guard let event else {
                    throw WireError(code: WireError.invalidParams, message: "params.event must be one of \(AppEvent.allCases.map(\.rawValue))")
                }
                clock.set(Self.now(in: scan, of: line))
                loop.send(WireLine.response(id: id, result: try await adapter.handle(event).forHarness(minor: minor).wireEncoded()))
            case .observe, .settle:
                loop.send(WireLine.response(id: id, result: try await adapter.observe().forHarness(minor: minor).wireEncoded()))
            case .shutdown:
                loop.send(WireLine.response(id: id, result: WireLine.emptyObject))
                return true
            case nil:
                throw WireError(code: WireError.methodNotFound, message: "unknown method \(name)")
            }
        } catch let error as WireError {
            loop.send(WireLine.failure(id: id, error: error))
        } catch {
            loop.send(WireLine.failure(id: id, error: WireError(code: WireError.internalError, message: "\(error)")))
        }
        return false
    }
}
