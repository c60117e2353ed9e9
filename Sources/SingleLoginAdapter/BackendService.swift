/// The app's own backend, which the harness plays so that every user's data carries markers.
///
/// Its one function is ``BrokerMethod/fetchRecords`` (`backend.fetchRecords` on the wire).
public protocol BackendService: Sendable {
    /// The signed-in user's records, authorised by an access token from the broker. A token that
    /// was never issued, has expired, or whose session ended (device-wide sign-out, user change,
    /// the app's own sign-out) is refused with 401 in `BackendErrorDomain`.
    func fetchRecords(accessToken: String) async throws -> [UserRecord]
}
