/// The app's own backend, which the harness plays so that every user's data carries markers.
///
/// Its one function is ``BrokerMethod/fetchRecords`` (`backend.fetchRecords` on the wire).
public protocol BackendService: Sendable {
    /// The signed-in user's records, authorised by an access token from the broker.
    func fetchRecords(accessToken: String) async throws -> [UserRecord]
}
