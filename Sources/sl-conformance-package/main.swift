// The release package's thin executable, shipped as `sl-conformance`: the same tool without
// `bench` (see ConformanceCommandLine.packagedTool). scripts/package-release.sh builds it.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import SingleLoginCommands

exit(await ConformanceCommandLine.packagedTool.run(Array(CommandLine.arguments.dropFirst())))
