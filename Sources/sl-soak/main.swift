// sl-soak: see SoakCommand.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CommandLineKit

exit(await SingleCommandTool(SoakCommand()).run(Array(CommandLine.arguments.dropFirst())))
