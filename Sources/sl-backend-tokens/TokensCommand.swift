import CommandLineKit
import SingleLoginBackend

/// Prints every token the backend profile sends in one mode, with the keys that must verify it,
/// as JSON for `.ci/checks/backend-tokens.sh` (PyJWT checks our signer); or the signing rate.
///   swift run sl-backend-tokens --tenant multi
///   swift run -c release sl-backend-tokens --sign-rate 3
struct TokensCommand: Command {
    struct Options: OptionGroup {
        static let tenant = Option(
            "--tenant", value: "mode", default: "single", help: "The tenant mode whose tokens to print.", parser: ValueParser<TenantMode>.cases)
        static let spec = Option("--spec", value: "file", default: BackendSpecLoader.defaultPath, help: "The backend spec.")
        static let signRate = Option(
            "--sign-rate", value: "seconds", help: "Instead: sign RS256 for this long and print signatures per second.", parser: .positiveSeconds)

        static var signature: CommandSignature { CommandSignature([tenant, spec, signRate]) }

        var mode: TenantMode
        var specPath: String
        var signRate: Duration?

        init(parsing arguments: ParsedArguments) throws(UsageError) {
            mode = try arguments.value(Self.tenant) ?? .single
            specPath = try arguments.value(Self.spec) ?? BackendSpecLoader.defaultPath
            signRate = try arguments.value(Self.signRate)
        }
    }

    let name = "sl-backend-tokens"
    let abstract = "Print the backend profile's tokens and keys as JSON, or the RS256 signing rate."
    let discussion = """
        The JSON is {"mode", "clientID", "tenantID", "jwks", "pem", "attacker": {"jwk", "certificate"},
        "tokens": [{"case", "label", "signature", "token"}]}; "signature" says which key must verify the token:
        tenant, rotation, forged (none may), attacker (only the attacker's key may), hmacPEM, hmacN or none.
        Exit status 0; 64 usage error; 65 invalid spec.
        """

    func run(_ options: Options, output: TextOutput) async throws(UsageError) -> Int32 {
        if let duration = options.signRate {
            let (count, rate) = SigningRate.measure(duration: duration)
            output.out("RS256 (RSA-2048, CRT, self-checked): \(count) signatures, \(Int(rate.rounded())) per second")
            return 0
        }
        do {
            let spec = try BackendSpecLoader.load(path: options.specPath)
            output.out(TokenCatalogue.document(spec: spec, mode: options.mode).compact)
            return 0
        } catch {
            output.err(error.description)
            return 65
        }
    }
}
