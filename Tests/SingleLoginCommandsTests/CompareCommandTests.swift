import Foundation
import Testing

@Suite("sl-conformance compare: a simulated bundle and a device pass's bundle side by side (in process)")
struct CompareCommandTests {
    /// A simulated run's bundle and the stand-in's bundle of the reference app, in a directory of their own.
    struct Bundles {
        var directory: URL
        var simulated: String
        var device: String

        init() async {
            directory = FileManager.default.temporaryDirectory.appendingPathComponent("sl-compare-\(UUID().uuidString)")
            simulated = directory.appendingPathComponent("sim.tar").path
            device = directory.appendingPathComponent("device.tar").path
            let run = await Tool.run(["run", "--quiet", "--reports", directory.appendingPathComponent("run").path, "--bundle", simulated])
            #expect(run.status == 0)
            let pass = await Tool.run(["device-pass", "--stand-in", "--quiet", "--reports", directory.appendingPathComponent("pass").path, "--bundle", device])
            #expect(pass.status == 0)
        }

        func path(_ name: String) -> String { directory.appendingPathComponent(name).path }
    }

    @Test("the reference app simulated and on the stand-in: every requirement the pass covers agrees, on one page")
    func agree() async throws {
        let bundles = await Bundles()
        defer { try? FileManager.default.removeItem(at: bundles.directory) }
        let html = bundles.path("side-by-side.html")
        let result = await Tool.run(["compare", bundles.simulated, bundles.device, "--html", html])
        #expect(result.status == 0, "\(result.err)")
        #expect(result.out.contains("0 disagree"))
        #expect(!result.err.contains("warning"))
        let page = try String(contentsOf: URL(fileURLWithPath: html), encoding: .utf8)
        #expect(page.contains("<strong>AGREE</strong>"))
        #expect(!page.contains("NO: they disagree"))
        #expect(!page.contains("Two different apps"))
        #expect(page.contains("com.example.singlelogin.reference 1.0.0"))
        #expect(page.contains("<code>SL-LOGIN-1</code>"))
        #expect(page.contains("not judged on a device: "))
        #expect(page.contains("Stand-in:"))
        #expect(page.contains("scripted tester"))
        #expect(page.contains("MSAL 2.13.0"))
        // Self-contained: the report's stylesheet inline, nothing loaded.
        #expect(page.contains("--passed-bg"))
        #expect(page.contains("default-src 'none'"))
        #expect(!page.contains("<link"))
    }

    @Test("an edited bundle, either one, is refused and no page is written")
    func edited() async throws {
        let bundles = await Bundles()
        defer { try? FileManager.default.removeItem(at: bundles.directory) }
        let editedDevice = try TamperFixture.tampered(Data(contentsOf: URL(fileURLWithPath: bundles.device)), reseal: false) {
            TamperFixture.replace("\"kind\":\"lifecycle\"", "\"kind\":\"lifecycle\" ", in: "trace.jsonl", &$0)
        }
        try editedDevice.write(to: URL(fileURLWithPath: bundles.path("edited-device.tar")))
        let html = bundles.path("refused.html")
        let device = await Tool.run(["compare", bundles.simulated, bundles.path("edited-device.tar"), "--html", html])
        #expect(device.status == 1)
        #expect(device.err.contains("trace.jsonl: does not match its SHA-256 in SHA256SUMS"))
        #expect(device.err.contains("(the device pass) is not intact (1 finding): no page written"))
        #expect(!FileManager.default.fileExists(atPath: html))

        let editedSimulated = try TamperFixture.tampered(Data(contentsOf: URL(fileURLWithPath: bundles.simulated)), reseal: false) {
            TamperFixture.replace("\"verdict\"", "\"verdict\" ", in: "manifest.json", &$0)
        }
        try editedSimulated.write(to: URL(fileURLWithPath: bundles.path("edited-sim.tar")))
        let simulated = await Tool.run(["compare", bundles.path("edited-sim.tar"), bundles.device, "--html", html])
        #expect(simulated.status == 1)
        #expect(simulated.err.contains("(the simulated run) is not intact"))
        #expect(!FileManager.default.fileExists(atPath: html))

        // The bundles in the wrong order: a clear usage of each place.
        let swapped = await Tool.run(["compare", bundles.device, bundles.simulated, "--html", html])
        #expect(swapped.status == 2)
        #expect(swapped.err.contains("is a device pass's bundle; give the simulated run's bundle"))
        let missing = await Tool.run(["compare", bundles.simulated, bundles.device])
        #expect(missing.status == 64)
        #expect(missing.err.contains("--html FILE"))
    }

    @Test("bundles of two different apps are flagged on standard error and on the page")
    func twoApps() async throws {
        let bundles = await Bundles()
        defer { try? FileManager.default.removeItem(at: bundles.directory) }
        // Another version of the app on the device: the trace's header says so, and SHA256SUMS is resealed.
        let other = try TamperFixture.tampered(Data(contentsOf: URL(fileURLWithPath: bundles.device))) {
            TamperFixture.replace("\"appVersion\":\"1.0.0\"", "\"appVersion\":\"2.0.0\"", in: "trace.jsonl", &$0)
        }
        try other.write(to: URL(fileURLWithPath: bundles.path("other.tar")))
        #expect(await Tool.run(["verify", bundles.path("other.tar")]).status == 0)
        let html = bundles.path("two-apps.html")
        let result = await Tool.run(["compare", bundles.simulated, bundles.path("other.tar"), "--html", html])
        #expect(result.status == 1)
        #expect(result.err.contains("warning: TWO DIFFERENT APPS"))
        #expect(result.err.contains("com.example.singlelogin.reference 2.0.0"))
        let page = try String(contentsOf: URL(fileURLWithPath: html), encoding: .utf8)
        #expect(page.contains("<strong>Two different apps:</strong>"))
    }

    @Test("compare and device-pass --agreement judge agreement by one rule: on a flawed app, the same requirements agree and disagree")
    func oneRule() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sl-compare-rule-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let flaw = ["--reference-flaw", "leavesRecordsFile"]
        let simulated = directory.appendingPathComponent("sim.tar").path
        let device = directory.appendingPathComponent("device.tar").path
        let run = await Tool.run(["run", "--quiet"] + flaw + ["--reports", directory.appendingPathComponent("run").path, "--bundle", simulated])
        #expect(run.status == 1)
        let pass = await Tool.run(
            ["device-pass", "--stand-in", "--quiet", "--agreement"] + flaw + ["--reports", directory.appendingPathComponent("pass").path, "--bundle", device])
        // The agreement table as it always read: the failures the flaw causes agree on both sides.
        #expect(pass.out.contains("Agreement with 'run' on the reference app with leavesRecordsFile"))
        #expect(pass.out.contains("23 agree, 1 not judged on the device, 0 disagree."))
        #expect(pass.out.split(separator: "\n").contains { $0.hasPrefix("SL-LOGOUT-1") && $0.contains("failed       failed       agree") })
        let html = directory.appendingPathComponent("side-by-side.html").path
        let compared = await Tool.run(["compare", simulated, device, "--html", html])
        #expect(compared.status == 0, "\(compared.err)")
        // The page counts as it always did: every requirement the table compares agrees there too,
        // and the rest (covered by no procedure, or not judged) are not judged on a device.
        #expect(compared.out.contains("(42 requirements: 23 agree, 0 disagree, 19 not judged on a device)"))
        let page = try String(contentsOf: URL(fileURLWithPath: html), encoding: .utf8)
        #expect(page.contains("<strong>AGREE</strong> <span>23 requirements agree, 0 disagree, 19 not judged on a device</span>"))
    }
}
