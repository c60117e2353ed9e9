// sl-spec-fuzz: see FuzzCommand.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CommandLineKit

exit(await SingleCommandTool(FuzzCommand()).run(Array(CommandLine.arguments.dropFirst())))
