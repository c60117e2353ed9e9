import Foundation
import SingleLoginAdapter
import SingleLoginSpec
import SingleLoginConformance
import SingleLoginEvents
import SingleLoginTransport

/// Times one `observe` round trip four ways in the same run, from the floor up.
///
/// - floor: ``BenchmarkProcess`` to an echo child (`sl-canned-adapter --echo`): one `write`, a
///   blocking `read`, a line as long as the canned adapter's answer. Nothing can be faster.
/// - canned, raw: the harness's exact `observe` request to `sl-canned-adapter` (C, no threads,
///   no JSON library) with the same blocking loop: the minimal adapter's own cost.
/// - harness to canned: ``WireAdapter/observe()`` against `sl-canned-adapter`: the harness's
///   whole path (request bytes, `poll`, line splitting, scan, decoding the observation once).
/// - harness to host: the same against a Swift adapter on ``StdioAdapterHost`` (the reference
///   adapter by default, after one reset): what a Swift app's adapter adds.
///
/// Every loop runs on one ``SessionExecutor``, the way a run's job does, so a blocking read here
/// never holds a thread of the cooperative pool. The loops alternate in ``rounds`` blocks, so
/// load from other processes falls on all of them alike, and every block starts its children
/// afresh: on a busy machine one child can land on a core another program keeps busy and pay
/// that program's time slices on every wake-up, which would otherwise skew one loop for a whole run.
package struct RoundTripBenchmark: Sendable {
    /// The minimal adapter's command line.
    package var cannedCommand: String
    /// The echo child's command line: it writes back every line it reads, at once.
    package var echoCommand: String
    /// The Swift adapter host's command line.
    package var hostCommand: String
    /// Measured round trips per loop.
    package var iterations: Int
    /// Unmeasured round trips per loop before measuring.
    package var warmUp: Int
    /// How many alternating blocks the iterations are split into.
    package var rounds: Int
    /// The spec whose first scenario sets up the broker for the host's reset.
    package var spec: Spec

    /// Creates the benchmark.
    package init(cannedCommand: String, echoCommand: String, hostCommand: String, iterations: Int = 2000, warmUp: Int = 200, rounds: Int = 10, spec: Spec) {
        self.cannedCommand = cannedCommand
        self.echoCommand = echoCommand
        self.hostCommand = hostCommand
        self.iterations = max(1, iterations)
        self.warmUp = max(0, warmUp)
        self.rounds = max(1, min(rounds, iterations))
        self.spec = spec
    }

    /// The timings of the four loops.
    package struct Result: Sendable, Hashable {
        /// Pipe ping-pong to the echo child.
        package var floor: LatencySummary
        /// The harness's request to the canned adapter in a blocking loop, no JSON.
        package var cannedRaw: LatencySummary
        /// `observe` against the canned adapter.
        package var harnessToCanned: LatencySummary
        /// `observe` against the Swift adapter host.
        package var harnessToHost: LatencySummary
        /// The length of one echoed line (the canned answer's), newline included.
        package var lineBytes: Int
    }

    /// Runs the four loops, alternating, and summarises each.
    package func run() async throws -> Result {
        let executor = SessionExecutor(name: "sl-bench")
        return try await withPreferredExecutor(executor) { try await measure(executor) }
    }

    private func measure(_ executor: SessionExecutor) async throws -> Result {
        let scenario = spec.requirements.first?.scenarios.first
        let broker = SimulatedBroker(spec: spec, given: scenario?.given ?? Given(), scenarioKey: "benchmark")
        var samples: [[Double]] = Array(repeating: [], count: 4)
        for index in samples.indices { samples[index].reserveCapacity(iterations) }
        var lineBytes = 0
        for round in 0..<rounds {
            let count = iterations / rounds + (round < iterations % rounds ? 1 : 0)
            let warm = warmUp / rounds + (round == 0 ? warmUp % rounds : 0)
            let block = try await Block(cannedCommand: cannedCommand, echoCommand: echoCommand, hostCommand: hostCommand, executor: executor, broker: broker)
            do {
                lineBytes = block.line.count
                for _ in 0..<warm {
                    _ = try block.floorTrip()
                    _ = try block.cannedTrip()
                    _ = try await Block.observeTrip(block.canned)
                    _ = try await Block.observeTrip(block.host)
                }
                for _ in 0..<count { samples[0].append(try block.floorTrip()) }
                for _ in 0..<count { samples[1].append(try block.cannedTrip()) }
                for _ in 0..<count { samples[2].append(try await Block.observeTrip(block.canned)) }
                for _ in 0..<count { samples[3].append(try await Block.observeTrip(block.host)) }
                await block.close()
            } catch {
                await block.close()
                throw error
            }
        }
        return Result(
            floor: LatencySummary(samples: samples[0]), cannedRaw: LatencySummary(samples: samples[1]),
            harnessToCanned: LatencySummary(samples: samples[2]), harnessToHost: LatencySummary(samples: samples[3]), lineBytes: lineBytes)
    }

    /// The four children of one block, freshly started.
    private struct Block {
        let canned: WireAdapter
        let host: WireAdapter
        let echo: BenchmarkProcess
        let cannedRaw: BenchmarkProcess
        let request: [UInt8]
        let line: [UInt8]
        let echoCommand: String
        let cannedCommand: String

        init(cannedCommand: String, echoCommand: String, hostCommand: String, executor: SessionExecutor, broker: SimulatedBroker) async throws {
            self.echoCommand = echoCommand
            self.cannedCommand = cannedCommand
            canned = try await WireAdapter.start(command: cannedCommand, executor: executor)
            do { host = try await WireAdapter.start(command: hostCommand, executor: executor) } catch {
                await canned.close()
                throw error
            }
            do {
                try await host.reset(environment: AppEnvironment(broker: broker, backend: broker, clock: broker.clock))
                try await canned.reset(environment: AppEnvironment(broker: broker, backend: broker, clock: broker.clock))
                request = WireLine.request(id: 7, method: "observe", params: WireLine.emptyObject)
                let answer = WireLine.response(id: WireLine.digits(7), result: try WireLine.encode(try await canned.observe()))
                line = [UInt8](repeating: UInt8(ascii: "x"), count: answer.count - 1) + [0x0A]
                echo = try BenchmarkProcess(command: echoCommand)
                cannedRaw = try BenchmarkProcess(command: cannedCommand)
            } catch {
                await canned.close()
                await host.close()
                throw error
            }
        }

        func floorTrip() throws -> Double { try Self.blockingTrip(echo, line, echoCommand) }
        func cannedTrip() throws -> Double { try Self.blockingTrip(cannedRaw, request, cannedCommand) }

        static func blockingTrip(_ child: BenchmarkProcess, _ bytes: [UInt8], _ name: String) throws -> Double {
            let start = ContinuousClock.now
            let sent = bytes.withUnsafeBytes { child.write($0) }
            guard sent, child.readLine() != nil else { throw BenchmarkProcess.Failure("'\(name)' stopped answering") }
            return (ContinuousClock.now - start).inSeconds
        }

        static func observeTrip(_ adapter: WireAdapter) async throws -> Double {
            let start = ContinuousClock.now
            _ = try await adapter.observe()
            return (ContinuousClock.now - start).inSeconds
        }

        func close() async {
            _ = echo.wait()
            _ = cannedRaw.wait()
            await canned.close()
            await host.close()
        }
    }
}
