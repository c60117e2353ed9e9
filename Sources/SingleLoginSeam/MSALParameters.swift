import Foundation

/// `MSALParameters`: what every MSAL call may be given, whatever it asks for.
///
/// The seam's parameter types are classes, as MSAL's are, so that code written for MSAL
/// (`let parameters = MSALSilentTokenParameters(...); parameters.forceRefresh = true`) compiles
/// against the seam unchanged. They are not `Sendable`: create one per call.
public class MSALParameters {
    /// The queue MSAL calls the completion block on; nil for MSAL's default (see ``MSALPublicClientApplicationProtocol``).
    public var completionBlockQueue: DispatchQueue?

    /// Parameters with MSAL's defaults.
    public init() {}
}
