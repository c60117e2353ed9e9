// The thin executable: every behaviour lives in the libraries; this file only registers
// the subcommands and sets the exit status. To add a command, write `NameCommand.swift`
// conforming to `Command` and add it to this list.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

let tool = CommandLineTool(commands: [
    ValidateCommand(),
    ListCommand(),
    RunCommand(),
    PreflightCommand(),
    DoctorCommand(),
    MergeCommand(),
    BenchCommand(),
])

let status = await tool.run(Array(CommandLine.arguments.dropFirst()))
exit(status)
