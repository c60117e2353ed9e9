import Foundation
import SingleLoginAdapter
import SingleLoginConformance
import SingleLoginRecorder
import SingleLoginSocket
import SingleLoginTestSupport
import SingleLoginTransport
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The harness's end of a device pass's stream, as a real device's network treats it.
@Suite("Device link: the newest connection is the recorder's")
struct DeviceLinkTests {
    /// A pass's place: a directory of its own, a listener, the harness's link on it (whose
    /// refusals are kept in `told`), and the app's recorder, whose screen shows `screen`.
    final class Place {
        let directory: URL
        let listener: TCPListener
        let told = Locked([String]())
        let link: DeviceLink
        let recorder: SessionRecorder

        init(screen: String = "the pass's app") throws {
            directory = FileManager.default.temporaryDirectory.appendingPathComponent("device-link-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            listener = try TCPListener(host: "127.0.0.1", port: 0)
            link = try DeviceLink(listener: listener, token: "t", traceURL: directory.appendingPathComponent("harness.jsonl")) { [told] reason in
                told.withLock { $0.append(reason) }
            }
            recorder = try Self.recorder(in: directory, named: "app", screen: screen)
        }

        deinit {
            link.stop()
            try? FileManager.default.removeItem(at: directory)
        }

        /// A recorder of an app of its own (a trace and a digest key of its own) in `directory`.
        static func recorder(in directory: URL, named name: String, screen: String) throws -> SessionRecorder {
            try SessionRecorder(
                configuration: SessionRecorder.Configuration(msalVersion: "1.3.3", traceURL: directory.appendingPathComponent("\(name).jsonl"))
            ) { Observation(running: true, signedInAccount: nil, screen: [ScreenElement(.text, screen)], storage: []) }
        }

        /// The recorder's stream to the link, as the app's debug build connects it.
        func stream(_ recorder: SessionRecorder? = nil, token: String = "t") throws -> TraceStream {
            try TraceStream.connect(host: "127.0.0.1", port: listener.port, token: token, recorder: recorder ?? self.recorder)
        }

        /// A connection that sends `lines` (a hello, then a trace's lines) and then nothing more.
        func client(sending lines: [String]) throws -> Int32 {
            let fd = try ClientSocket.connect(host: "127.0.0.1", port: listener.port, timeout: 30, mode: .blocking)
            for line in lines {
                let bytes = Array((line + "\n").utf8)
                #expect(bytes.withUnsafeBytes { ClientSocket.sendNoSignal(fd, $0.baseAddress!, $0.count) } == bytes.count)
            }
            return fd
        }

        /// Whether the link has received a line after `sequence` that `matches`, within two minutes.
        func received(after sequence: Int, _ matches: @escaping @Sendable (TraceLine) -> Bool) async -> Bool {
            let link = link
            return await DevicePassTests.offPool { link.wait(after: sequence, timeout: .seconds(120), for: matches) }
        }

        /// The sequence of the checkpoint the link asked for, if it came within two minutes.
        func checkpoint(_ link: DeviceLink? = nil) async -> Int? {
            let link = link ?? self.link
            return await DevicePassTests.offPool { link.checkpoint("p1.s1", timeout: .seconds(120)) }
        }
    }

    @Test("a connection that went silent holds nothing up: the recorder's next connection is read, and the silent one is closed")
    func silentConnectionIsReplaced() async throws {
        let place = try Place()
        // The app's first connection presents the token and its header, then says nothing more and
        // never ends, as one does whose device left the network.
        let silent = try place.client(sending: [#"{"token":"t"}"#] + place.recorder.lines())
        defer { close(silent) }
        #expect(await place.received(after: 0) { $0.kind == .header })

        // The relaunched app connects again: its lines are read, and checkpoints go to it.
        place.recorder.lifecycle(.launch)
        let stream = try place.stream()
        defer { stream.stop() }
        #expect(await place.received(after: 1) { $0.lifecycle == .launch })
        #expect(await place.checkpoint() == 3)
        #expect(place.link.trace.lines.map(\.kind) == [.header, .lifecycle, .checkpoint])

        // The silent connection was closed by the harness: reading it ends.
        #expect(await Self.endedByPeer(silent), "the harness still holds the silent connection open")
    }

    @Test("the recorder connects again when its connection is lost, and the lines written meanwhile reach the harness")
    func recorderReconnects() async throws {
        let place = try Place()
        let stream = try place.stream()
        defer { stream.stop() }
        #expect(await place.received(after: 0) { $0.kind == .header })

        // The harness stops (as `q` stops a pass to resume it later), closing the connection; the
        // app goes on writing; the pass resumes on the same address.
        place.link.stop()
        place.recorder.lifecycle(.background)
        place.recorder.lifecycle(.foreground)
        let resumed = try DeviceLink(listener: place.listener, token: "t", traceURL: place.directory.appendingPathComponent("harness.jsonl"))
        defer { resumed.stop() }
        #expect(await DevicePassTests.offPool { resumed.wait(after: 1, timeout: .seconds(120)) { $0.lifecycle == .foreground } })
        #expect(resumed.trace.lines.map(\.kind) == [.header, .lifecycle, .lifecycle])
        #expect(await place.checkpoint(resumed) == 4)
    }

    @Test("a recorder of another trace (a reinstalled app) or another token is refused and named, and the pass's own stays connected")
    func otherPassRefused() async throws {
        let place = try Place()
        let stream = try place.stream()
        defer { stream.stop() }
        #expect(await place.received(after: 0) { $0.kind == .header })

        // A reinstalled app: the same pass ID (the default), a trace and a digest key of its own.
        let reinstalled = try Place.recorder(in: place.directory, named: "reinstalled", screen: "another trace")
        #expect(reinstalled.header.passID == place.recorder.header.passID && reinstalled.header.keyCheck != place.recorder.header.keyCheck)
        let other = try place.client(sending: [#"{"token":"t","passID":"\#(reinstalled.header.passID)"}"#] + reinstalled.lines())
        defer { close(other) }
        #expect(await Self.endedByPeer(other), "the harness took a reinstalled app's trace for the pass's")
        let reasons = place.told.withLock { $0 }
        #expect(reasons.count == 1 && reasons[0].contains("streams another trace than this pass's"), "\(reasons)")
        #expect(reasons.first?.contains("the app on that device was reinstalled") == true, "from the recorder's address: \(reasons)")
        #expect(place.link.lastRefusal == nil, "refused while the pass's recorder was connected: not the pass's app")

        // An app with another token is refused and named too.
        let stale = try place.client(sending: [#"{"passID":"x","token":"an earlier pass's"}"#])
        defer { close(stale) }
        #expect(await Self.endedByPeer(stale))
        #expect(place.told.withLock { $0 }.last?.contains("presented another token") == true, "\(place.told.withLock { $0 })")
        #expect(place.link.lastRefusal == nil)

        #expect(await place.checkpoint() == 2)
        #expect(place.link.trace.lines.last?.checkpoint?.observation.screen.first?.text == "the pass's app")
    }

    @Test("a refusal is forgotten once the pass's own recorder connects again, and each reason is told once however often it recurs")
    func refusalForgottenOnReconnection() async throws {
        let place = try Place()
        let stranger = #"{"passID":"x","token":"an earlier pass's"}"#
        for _ in 0..<2 {
            let stale = try place.client(sending: [stranger])
            defer { close(stale) }
            #expect(await Self.endedByPeer(stale))
        }
        #expect(place.told.withLock { $0 }.count == 1, "the same refusal told again: \(place.told.withLock { $0 })")
        #expect(place.link.lastRefusal?.reason.contains("presented another token") == true)
        #expect(place.link.lastRefusal?.relaunchHelps == true)

        // The pass's own recorder connects: the refusal before it no longer explains a silence.
        let stream = try place.stream()
        defer { stream.stop() }
        #expect(await place.received(after: 0) { $0.kind == .header })
        #expect(place.link.lastRefusal == nil)

        // A connection with the token but no trace header is refused and named too.
        let headless = try place.client(sending: [#"{"passID":"x","token":"t"}"#, #"{"not":"a trace line"}"#])
        defer { close(headless) }
        #expect(await Self.endedByPeer(headless))
        #expect(place.told.withLock { $0 }.last?.contains("no trace header") == true, "\(place.told.withLock { $0 })")
        #expect(await place.checkpoint() == 2, "the pass's own recorder stays connected")
    }

    @Test("a refused recorder hears why; a reinstalled app refused while none is connected is one a relaunch cannot bring back")
    func refusedRecorderHearsWhy() async throws {
        let place = try Place()
        let stream = try place.stream()
        #expect(await place.received(after: 0) { $0.kind == .header })
        stream.stop()
        let link = place.link
        #expect(await DevicePassTests.offPool { Self.eventually { !link.isConnected } }, "the stopped stream's connection did not end")

        let reinstalled = try Place.recorder(in: place.directory, named: "reinstalled", screen: "another trace")
        let heard = Locked([String]())
        let other = TraceStream.start(host: "127.0.0.1", port: place.listener.port, token: "t", recorder: reinstalled) { failure in
            heard.withLock { $0.append(failure.description) }
        }
        defer { other.stop() }
        #expect(await DevicePassTests.offPool { Self.eventually { !heard.withLock { $0.isEmpty } } })
        let first = heard.withLock { $0.first } ?? ""
        #expect(first.hasPrefix("the harness refused this stream: a recorder at 127.0.0.1 streams another trace"), "\(first)")
        #expect(first.contains("the app on that device was reinstalled"), "\(first)")
        #expect(place.link.lastRefusal?.relaunchHelps == false)
    }

    @Test("another trace from another address is another device's app: the pass goes on, and the tester closes that app")
    func otherDevice() throws {
        let own = TraceHeader(
            passID: "device-pass", keyCheck: "k1", deviceModel: "iPad", operatingSystem: "iPadOS 18", bundleID: "b", appVersion: "1", msalVersion: "2")
        var other = own
        other.keyCheck = "k2"
        let fromOther = DeviceLink.otherTrace(from: "10.0.0.9", header: other, own: own, recorderPeer: "10.0.0.5")
        #expect(fromOther.relaunchHelps)
        #expect(fromOther.reason.contains("another device's app, or one of another pass, has this pass's token"), "\(fromOther.reason)")
        #expect(fromOther.reason.contains("the pass goes on with the app whose recorder connected from 10.0.0.5"))
        let reinstalled = DeviceLink.otherTrace(from: "10.0.0.5", header: other, own: own, recorderPeer: "10.0.0.5")
        #expect(!reinstalled.relaunchHelps && reinstalled.reason.contains("was reinstalled"))
    }

    /// Whether `condition` holds within two minutes, asked every 10 ms (on a thread of its own).
    static func eventually(_ condition: () -> Bool) -> Bool {
        let deadline = ContinuousClock.now + .seconds(120)
        while !condition() {
            guard ContinuousClock.now < deadline else { return false }
            Thread.sleep(forTimeInterval: 0.01)
        }
        return true
    }

    @Test("a stream started before the harness listens tells why it could not connect, and connects once the harness listens")
    func startedBeforeTheHarness() async throws {
        let place = try Place()
        // A socket bound to a port but not listening yet: connections to it are refused, and no
        // other socket can take its port before the harness listens on it.
        let harness = socket(AF_INET, StreamSocket.type, 0)
        try #require(harness >= 0)
        defer { close(harness) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(harness, $0, length) == 0 && getsockname(harness, $0, &length) == 0 }
        }
        try #require(bound)
        let told = Locked([String]())
        let started = TraceStream.start(host: "127.0.0.1", port: UInt16(bigEndian: address.sin_port), token: "t", recorder: place.recorder) { failure in
            told.withLock { $0.append(failure.description) }
        }
        defer { started.stop() }
        let refused = await DevicePassTests.offPool {
            let deadline = ContinuousClock.now + .seconds(120)
            while told.withLock({ $0.isEmpty }), ContinuousClock.now < deadline { Thread.sleep(forTimeInterval: 0.01) }
            return told.withLock { $0.first }
        }
        #expect(refused?.contains("is `sl-conformance device-pass --listen` running, and this its port?") == true, "\(refused ?? "nothing told")")

        // The harness listens: the stream's next attempt connects and sends the hello and the header.
        try #require(listen(harness, 1) == 0)
        try #require(await Self.readable(harness))
        let connection = accept(harness, nil, nil)
        try #require(connection >= 0)
        defer { close(connection) }
        let lines = await DevicePassTests.offPool { Self.lines(2, from: connection) }
        #expect(lines.first?.contains(#""token":"t""#) == true, "\(lines)")
        #expect(lines.count == 2 && lines[1].contains(place.recorder.header.passID), "\(lines)")
        #expect(told.withLock { $0.count } == 1, "one reason, told once: \(told.withLock { $0 })")
    }

    /// The first `count` lines read from `fd` within two minutes (fewer when it ends first).
    static func lines(_ count: Int, from fd: Int32) -> [String] {
        var received: [UInt8] = []
        let deadline = ContinuousClock.now + .seconds(120)
        while received.filter({ $0 == UInt8(ascii: "\n") }).count < count, ContinuousClock.now < deadline {
            var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, 1000) >= 0 else { break }
            guard descriptor.revents != 0 else { continue }
            var buffer = [UInt8](repeating: 0, count: 4096)
            let got = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            guard got > 0 else { break }
            received += buffer[0..<got]
        }
        return String(decoding: received, as: UTF8.self).split(separator: "\n").prefix(count).map(String.init)
    }

    @Test("a recorder whose connections the harness ends at once backs off: no reconnection loop")
    func endedAtOnceBacksOff() async throws {
        let place = try Place()
        // A harness that closes every connection it takes, as it does one with another token. A
        // slower machine makes fewer attempts, never more: only a loop exceeds the bound.
        let listener = try TCPListener(host: "127.0.0.1", port: 0)
        let stream = try TraceStream.connect(host: "127.0.0.1", port: listener.port, token: "t", recorder: place.recorder)
        defer { stream.stop() }
        let accepted = await DevicePassTests.offPool {
            let waker = ChannelWaker()
            let deadline = ContinuousClock.now + .milliseconds(2500)
            var count = 0
            while ContinuousClock.now < deadline {
                guard case .connection(let connection) = listener.accept(before: deadline, waker: waker) else { continue }
                count += 1
                connection.close(grace: .zero)
            }
            return count
        }
        #expect((1...3).contains(accepted), "\(accepted) connections in 2.5 s: the attempts after the first wait 1, 2, 4 ... seconds")
    }

    @Test("a checkpoint asked on a connection that is then replaced is asked again on the new one")
    func checkpointAskedAgain() async throws {
        let place = try Place()
        // The connection the request goes into is silent: it will never answer.
        let silent = try place.client(sending: [#"{"token":"t"}"#] + place.recorder.lines())
        defer { close(silent) }
        #expect(await place.received(after: 0) { $0.kind == .header })
        let link = place.link
        async let sequence = DevicePassTests.offPool { link.checkpoint("p1.s1", timeout: .seconds(120)) }
        // The request reaches the silent connection; then the app connects again.
        #expect(await Self.readable(silent))
        let stream = try place.stream()
        defer { stream.stop() }
        #expect(await sequence == 2)
    }

    @Test("the recorder's connection has the system probe it, so that one the network dropped without a word ends within about a minute")
    func keepAlive() throws {
        let listener = try TCPListener(host: "127.0.0.1", port: 0)
        let fd = try ClientSocket.connect(host: "127.0.0.1", port: listener.port, timeout: 30, mode: .blocking)
        defer { close(fd) }
        ClientSocket.keepAlive(fd)
        func option(_ level: Int32, _ name: Int32) -> Int32 {
            var value: Int32 = -1
            var size = socklen_t(MemoryLayout<Int32>.size)
            _ = getsockopt(fd, level, name, &value, &size)
            return value
        }
        #expect(option(SOL_SOCKET, SO_KEEPALIVE) != 0)
        #if canImport(Darwin)
        #expect(option(Int32(IPPROTO_TCP), TCP_KEEPALIVE) == 30)
        #else
        #expect(option(Int32(IPPROTO_TCP), TCP_KEEPIDLE) == 30)
        #endif
        #expect(option(Int32(IPPROTO_TCP), TCP_KEEPINTVL) == 10)
        #expect(option(Int32(IPPROTO_TCP), TCP_KEEPCNT) == 3)
    }

    /// Whether `fd` has something to read within two minutes (a bound, not an expected time). It
    /// waits on a thread of its own: a test that blocked Swift's pool would starve the recorder's
    /// checkpoint task, and other tests.
    static func readable(_ fd: Int32) async -> Bool {
        await DevicePassTests.offPool {
            var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            return poll(&descriptor, 1, 120_000) == 1
        }
    }

    /// Whether the peer ended the connection `fd` (reading it ends, after what the peer said last: a
    /// refusal's reason) within two minutes.
    static func endedByPeer(_ fd: Int32) async -> Bool {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while await readable(fd) {
            if buffer.withUnsafeMutableBytes({ read(fd, $0.baseAddress, $0.count) }) <= 0 { return true }
        }
        return false
    }
}
