import XCTest
@testable import Shiftboard

final class ShiftboardTests: XCTestCase {
    func testLaunches() {
        XCTAssertNotNil(AppDelegate())
    }
}
