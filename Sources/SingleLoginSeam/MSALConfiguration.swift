/// How the app configures MSAL, as far as it decides whether MSAL may use the broker
/// (`MSAL/src/public/configuration/MSALGlobalConfig.h`, `IdentityCore/src/parameters/MSIDRequestParameters+Broker.m`).
///
/// Announced in the handshake. Say `none` when the app's configuration keeps MSAL from the broker
/// in any way: `MSALGlobalConfig.brokerAvailability = .none`, `knownAuthorities` listing the app's
/// own authority, a redirect URI other than `msauth.<bundle id>://auth`, or a B2C/CIAM authority.
public struct MSALConfiguration: Hashable, Codable, Sendable {
    /// Whether MSAL may use the broker.
    public var brokerAvailability: BrokerAvailability

    /// Creates a configuration.
    public init(brokerAvailability: BrokerAvailability = .auto) {
        self.brokerAvailability = brokerAvailability
    }

    /// `MSALBrokeredAvailability`.
    public enum BrokerAvailability: String, Codable, Sendable, CaseIterable {
        /// `.auto` (MSAL's default): MSAL uses the broker when it can.
        case auto
        /// `.none`: MSAL never uses the broker; the app cannot take part in Shared Device Mode.
        case none
    }

    /// MSAL's default.
    public static let `default` = MSALConfiguration()
}
