// The reference app behind the stdio wire protocol: `sl-conformance run --adapter sl-reference-adapter`.
// Every behaviour lives in ReferenceApp and SingleLoginAdapter; this file only reads arguments.
import Foundation
import ReferenceApp
import SingleLoginAdapter

let usage = """
    USAGE: sl-reference-adapter [--flaw <flaw> ...] [--option <option> ...] [--connect <host:port>]

    Serves the reference Single Login app over stdin/stdout (JSON-RPC 2.0, one message per line),
    or with --connect over a TCP connection to `sl-conformance run --listen <host:port>`
    (connecting again whenever the harness drops the connection, until it sends shutdown).
    With --flaw, one or more real mistakes are switched on (a faulty variant):
    \(ReferenceAppFlaw.allCases.map { "  \($0.rawValue.padding(toLength: 36, withPad: " ", startingAt: 0)) \($0.summary)" }.joined(separator: "\n"))
    With --option, a conformant way of building the app (every option passes the whole spec):
    \(ReferenceAppOption.allCases.map { "  \($0.rawValue.padding(toLength: 36, withPad: " ", startingAt: 0)) \($0.summary)" }.joined(separator: "\n"))
    """

var flaws: Set<ReferenceAppFlaw> = []
var options: Set<ReferenceAppOption> = []
var connect: (host: String, port: UInt16)?
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    switch argument {
    case "-h", "--help":
        print(usage)
        exit(0)
    case "--flaw":
        guard let name = arguments.popFirst(), let flaw = ReferenceAppFlaw(rawValue: name) else {
            FileHandle.standardError.write(Data("Error: --flaw needs one of: \(ReferenceAppFlaw.allCases.map(\.rawValue).joined(separator: ", "))\n".utf8))
            exit(64)
        }
        flaws.insert(flaw)
    case "--option":
        guard let name = arguments.popFirst(), let option = ReferenceAppOption(rawValue: name) else {
            FileHandle.standardError.write(Data("Error: --option needs one of: \(ReferenceAppOption.allCases.map(\.rawValue).joined(separator: ", "))\n".utf8))
            exit(64)
        }
        options.insert(option)
    case "--connect":
        guard let text = arguments.popFirst(), let colon = text.lastIndex(of: ":"), let port = UInt16(text[text.index(after: colon)...]) else {
            FileHandle.standardError.write(Data("Error: --connect needs <host:port>, e.g. 127.0.0.1:7000\n".utf8))
            exit(64)
        }
        connect = (String(text[..<colon]).trimmingCharacters(in: CharacterSet(charactersIn: "[]")), port)
    default:
        FileHandle.standardError.write(Data("Error: Unknown option '\(argument)'\n\(usage)\n".utf8))
        exit(64)
    }
}

if let connect {
    do {
        try await TCPAdapterClient.serve(
            ReferenceAppAdapter(flaws: flaws, options: options, adapterName: "reference-tcp"), host: connect.host, port: connect.port)
    } catch {
        FileHandle.standardError.write(Data("sl-reference-adapter: \(error)\n".utf8))
        exit(1)
    }
} else {
    await StdioAdapterHost.serve(ReferenceAppAdapter(flaws: flaws, options: options, adapterName: "reference-stdio"))
}
