// sl-fake-adapter: see FakeAdapterCommand.
import CommandLineKit
import Foundation

let environmentArguments = (ProcessInfo.processInfo.environment[FakeAdapterCommand.environmentKey] ?? "").split(whereSeparator: \.isWhitespace).map(String.init)
exit(await SingleCommandTool(FakeAdapterCommand()).run(environmentArguments + CommandLine.arguments.dropFirst()))
