/// ShiftBoard's backend: the signed-in worker's shifts, for an access token from MSAL.
public protocol ShiftsService: Sendable {
    /// The shifts of the user the token was issued to.
    func shifts(accessToken: String) async throws -> [Shift]
}
