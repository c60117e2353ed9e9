/// A backend whose answers come from the harness over the wire.
struct WireBackend: BackendService {
    let peer: WirePeer

    func fetchRecords(accessToken: String) async throws -> [UserRecord] {
        try await peer.call(.fetchRecords, WireBrokerShapes.AccessToken(accessToken: accessToken), as: WireBrokerShapes.Records.self).records
    }
}
