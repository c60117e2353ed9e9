// Development tool: prints every token the backend profile sends in one mode, with the keys
// that must verify it, as JSON for `.ci/checks/backend-tokens.sh` (PyJWT checks our signer).
// Usage: swift run sl-backend-tokens [single|multi] [spec]
//        swift run sl-backend-tokens --sign-rate [seconds]   (RS256 signatures per second)
import Foundation
import SingleLoginBackend

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "--sign-rate" {
    let seconds = arguments.count > 1 ? Double(arguments[1]) ?? 2 : 2
    let (count, rate) = SigningRate.measure(duration: .milliseconds(Int64(seconds * 1000)))
    print(String(format: "RS256 (RSA-2048, CRT, self-checked): %d signatures, %.0f per second", count, rate))
    exit(0)
}
guard let mode = TenantMode(rawValue: arguments.first ?? "single") else {
    FileHandle.standardError.write(Data("usage: sl-backend-tokens [single|multi] [spec]\n".utf8))
    exit(64)
}
do {
    let spec = try BackendSpecLoader.load(path: arguments.count > 1 ? arguments[1] : BackendSpecLoader.defaultPath)
    print(TokenCatalogue.document(spec: spec, mode: mode).compact)
} catch {
    FileHandle.standardError.write(Data("\(error)\n".utf8))
    exit(65)
}
