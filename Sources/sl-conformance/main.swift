// The thin executable: every behaviour lives in the libraries, and every command in
// SingleLoginCommands (see ConformanceCommandLine); this file only runs the tool and sets the
// exit status.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import SingleLoginCommands

exit(await ConformanceCommandLine.tool.run(Array(CommandLine.arguments.dropFirst())))
