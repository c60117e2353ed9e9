// sl-explore-bench: see ExploreBenchCommand.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CommandLineKit

exit(await SingleCommandTool(ExploreBenchCommand()).run(Array(CommandLine.arguments.dropFirst())))
