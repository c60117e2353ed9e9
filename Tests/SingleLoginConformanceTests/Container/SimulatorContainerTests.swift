import Foundation
import Testing
import SingleLoginAdapter
@testable import SingleLoginConformance
import Synchronization
import SingleLoginTestSupport

/// `--simulator`: the harness finds the app's container with `xcrun simctl get_app_container`,
/// and says what to do when it cannot. No Mac here: a stand-in `xcrun` on `PATH` answers.
@Suite("The Simulator's container of the app")
struct SimulatorContainerTests {
    private static func answer(_ status: Int32, _ output: String = "", _ error: String = "") -> ([String]) -> SimulatorContainer.CommandResult? {
        { _ in SimulatorContainer.CommandResult(status: status, output: output, error: error) }
    }

    @Test("xcrun is asked for the data container of the bundle id on the device, and its directory is taken")
    func located() throws {
        let directory = try TemporaryDirectory()
        let asked = Mutex<[String]>([])
        let path = try SimulatorContainer.locate(bundleId: "com.contoso.shifts", device: "booted") { arguments in
            asked.withLock { $0 = arguments }
            return SimulatorContainer.CommandResult(status: 0, output: directory.url.path + "\n", error: "")
        }
        #expect(path == directory.url.path)
        #expect(asked.withLock { $0 } == ["simctl", "get_app_container", "booted", "com.contoso.shifts", "data"])
    }

    @Test("no xcrun, an xcrun that fails (an unknown bundle id) and a path that is no directory each say what is wrong and the fix")
    func failures() throws {
        func failure(_ run: ([String]) throws -> SimulatorContainer.CommandResult?) -> SimulatorContainer.Failure? {
            do { _ = try SimulatorContainer.locate(bundleId: "com.contoso.shifts", device: "booted", run: run); return nil } catch { return error }
        }
        let missing = try #require(failure { _ in nil })
        #expect(missing.message == "xcrun is not on PATH, so the Simulator's container of com.contoso.shifts cannot be found")
        #expect(missing.fix.contains("a Mac with Xcode") && missing.fix.contains("dataContainer"))
        let unknown = try #require(
            failure(Self.answer(2, "", "An error was encountered processing the command (domain=NSPOSIXErrorDomain, code=2):\nNo such file or directory\n")))
        #expect(
            unknown.message
                == "'xcrun simctl get_app_container booted com.contoso.shifts data' failed (exit 2): An error was encountered processing the command (domain=NSPOSIXErrorDomain, code=2):\nNo such file or directory"
        )
        #expect(unknown.fix.contains("xcrun simctl listapps booted") && unknown.fix.contains("--device"))
        let nowhere = try #require(failure(Self.answer(0, "/nonexistent/Containers/Data/Application/X\n")))
        #expect(
            nowhere.message
                == "'xcrun simctl get_app_container booted com.contoso.shifts data' printed '/nonexistent/Containers/Data/Application/X', which is no directory"
        )
        let empty = try #require(failure(Self.answer(0)))
        #expect(empty.message.hasSuffix("printed nothing, which is no directory"))
    }
}
