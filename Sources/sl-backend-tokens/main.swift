// sl-backend-tokens: see TokensCommand (a development tool, not a product).
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CommandLineKit

exit(await SingleCommandTool(TokensCommand()).run(Array(CommandLine.arguments.dropFirst())))
