// sl-embed-specs: see EmbedSpecsCommand.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CommandLineKit

exit(await SingleCommandTool(EmbedSpecsCommand()).run(Array(CommandLine.arguments.dropFirst())))
