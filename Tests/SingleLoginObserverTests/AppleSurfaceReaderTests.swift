import SingleLoginObserver
import Testing

@Suite("When the observer may ask for notifications")
struct AppleSurfaceReaderTests {
    @Test(
        "an app or an app extension with a bundle identifier",
        arguments: [
            ("/private/var/containers/Bundle/Application/6B0E/ShiftBoard.app", "com.example.shiftboard"),
            ("/Applications/ShiftBoard.app/", "com.example.shiftboard"),
            ("/var/containers/Bundle/Application/6B0E/ShiftBoard.app/PlugIns/Widget.appex", "com.example.shiftboard.widget"),
        ])
    func app(path: String, identifier: String) {
        #expect(AppleSurfaceReader.canAskNotificationCenter(bundlePath: path, bundleIdentifier: identifier))
    }

    @Test(
        "never a process that is not an app: UNUserNotificationCenter.current() raises there",
        arguments: [
            // swift test's runner, a command-line tool, xctest without a host app, an app bundle with no identifier.
            ("/work/.build/debug/SingleLoginConformancePackageTests.xctest/Contents/MacOS", nil),
            ("/usr/local/bin", nil),
            ("/Applications/Xcode.app/Contents/Developer/usr/bin", "com.apple.dt.xctest.tool"),
            ("/Applications/ShiftBoard.app", nil),
            ("/Applications/ShiftBoard.app", ""),
        ] as [(String, String?)])
    func notAnApp(path: String, identifier: String?) {
        #expect(!AppleSurfaceReader.canAskNotificationCenter(bundlePath: path, bundleIdentifier: identifier))
    }
}
