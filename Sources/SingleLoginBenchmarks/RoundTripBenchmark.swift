import Foundation
import SingleLoginAdapter
import SingleLoginSpec
import SingleLoginConformance
import SingleLoginEvents

/// Times one request/answer round trip three ways in the same run: a raw pipe loop, the harness's pipe machinery, and a real adapter.
///
/// - raw: ``BenchmarkProcess`` to the echo child: one `write`, blocking `read`s on this thread.
/// - transport: ``ChildProcess`` to the same echo child: its reader thread, ``LineMailbox`` and
///   `next(timeout:)`, exactly as ``StdioAdapter`` waits for an answer, but no JSON.
/// - adapter: ``StdioAdapter/observe()`` against an adapter after one reset: JSON-RPC encoding,
///   the connection actor, the adapter's own decoding, work and encoding, and answer decoding.
///
/// The echo lines are as long as the adapter's observe answer, so the pipes carry comparable
/// bytes. The three loops alternate in ``rounds`` blocks so that load from other processes
/// falls on all of them alike.
public struct RoundTripBenchmark: Sendable {
    /// The adapter command line (run with `/bin/sh -c`).
    public var adapterCommand: String
    /// The echo child's command line: it must write back every line it reads, at once.
    public var echoCommand: String
    /// Measured round trips per method.
    public var iterations: Int
    /// Unmeasured round trips per method before measuring.
    public var warmUp: Int
    /// How many alternating blocks the iterations are split into.
    public var rounds: Int
    /// The spec whose first scenario sets up the broker for the adapter's reset.
    public var spec: Spec

    /// Creates the benchmark.
    public init(adapterCommand: String, echoCommand: String = "cat", iterations: Int = 2000, warmUp: Int = 200, rounds: Int = 10, spec: Spec) {
        self.adapterCommand = adapterCommand
        self.echoCommand = echoCommand
        self.iterations = max(1, iterations)
        self.warmUp = max(0, warmUp)
        self.rounds = max(1, min(rounds, iterations))
        self.spec = spec
    }

    /// The timings of the three loops.
    public struct Result: Sendable, Hashable {
        /// Raw write/read loop to the echo child.
        public var raw: LatencySummary
        /// ChildProcess and LineMailbox to the echo child.
        public var transport: LatencySummary
        /// `observe` against the adapter.
        public var adapter: LatencySummary
        /// The length of one echoed line (and of the adapter's observe answer), in bytes.
        public var lineBytes: Int
    }

    /// Runs the three loops, alternating, and summarises each.
    public func run() async throws -> Result {
        let adapter = try await StdioAdapter.start(command: adapterCommand)
        do {
            let result = try await measure(adapter)
            await adapter.close()
            return result
        } catch {
            await adapter.close()
            throw error
        }
    }

    private func measure(_ adapter: StdioAdapter) async throws -> Result {
        let scenario = spec.requirements.first?.scenarios.first
        let broker = SimulatedBroker(spec: spec, given: scenario?.given ?? Given(), scenarioKey: "benchmark")
        try await adapter.reset(environment: AppEnvironment(broker: broker, backend: broker))
        let observation = try await adapter.observe()
        let answer = try WireMessage.response(id: .number(1), result: JSONValue(encoding: observation)).encodedLine()
        var line = [UInt8](repeating: UInt8(ascii: "x"), count: max(1, answer.count))
        line.append(0x0A)
        let lineData = Data(line)

        let raw = try BenchmarkProcess(command: echoCommand)
        let transport = try ChildProcess(command: echoCommand)
        defer { transport.terminate(grace: .milliseconds(200)) }

        func rawTrip() throws -> Double {
            let start = ContinuousClock.now
            let sent = line.withUnsafeBytes { raw.write($0) }
            guard sent, raw.readLine() != nil else { throw BenchmarkProcess.Failure("the echo child '\(echoCommand)' stopped answering") }
            return (ContinuousClock.now - start).inSeconds
        }
        func transportTrip() async throws -> Double {
            let start = ContinuousClock.now
            guard transport.write(lineData), try await transport.lines.next(timeout: .seconds(10)) != nil else {
                throw BenchmarkProcess.Failure("the echo child '\(echoCommand)' stopped answering")
            }
            return (ContinuousClock.now - start).inSeconds
        }
        func adapterTrip() async throws -> Double {
            let start = ContinuousClock.now
            _ = try await adapter.observe()
            return (ContinuousClock.now - start).inSeconds
        }

        for _ in 0..<warmUp {
            _ = try rawTrip()
            _ = try await transportTrip()
            _ = try await adapterTrip()
        }
        var rawSamples: [Double] = [], transportSamples: [Double] = [], adapterSamples: [Double] = []
        rawSamples.reserveCapacity(iterations); transportSamples.reserveCapacity(iterations); adapterSamples.reserveCapacity(iterations)
        for round in 0..<rounds {
            let count = iterations / rounds + (round < iterations % rounds ? 1 : 0)
            for _ in 0..<count { rawSamples.append(try rawTrip()) }
            for _ in 0..<count { transportSamples.append(try await transportTrip()) }
            for _ in 0..<count { adapterSamples.append(try await adapterTrip()) }
        }
        _ = raw.wait()
        return Result(raw: LatencySummary(samples: rawSamples), transport: LatencySummary(samples: transportSamples), adapter: LatencySummary(samples: adapterSamples), lineBytes: line.count)
    }
}
