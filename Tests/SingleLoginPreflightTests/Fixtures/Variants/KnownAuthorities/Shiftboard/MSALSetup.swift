import MSAL

enum MSALSetup {
    static func application() throws -> MSALPublicClientApplication {
        let authority = try MSALAADAuthority(url: URL(string: "https://login.microsoftonline.com/contoso.onmicrosoft.com")!)
        let config = MSALPublicClientApplicationConfig(clientId: "11111111-2222-3333-4444-555555555555", redirectUri: nil, authority: authority)
        config.knownAuthorities = [authority]
        return try MSALPublicClientApplication(configuration: config)
    }
}
