/// What ShiftBoard shows: the screen model its views render.
public struct ShiftBoardScreen: Hashable, Sendable {
    /// The signed-in worker's name, or nil on the signed-out screen.
    public var signedInName: String?
    /// Their sign-in name, under the name.
    public var username: String?
    /// Their shifts.
    public var shifts: [Shift] = []
    /// Whether the "Create an account" button is offered (never on a shared device).
    public var offersSignUp = false
    /// A passing notice, e.g. offline.
    public var notice: String?
    /// An error to show, if any.
    public var error: String?

    /// The signed-out screen.
    public init(offersSignUp: Bool = false) {
        self.offersSignUp = offersSignUp
    }
}
