import Foundation
import Synchronization

/// What file recorders do with a report they could not write.
public enum ReportErrors {
    /// Prints `error: cannot write PATH: REASON` on stderr.
    @Sendable public static func printToStandardError(_ error: any Error) {
        FileHandle.standardError.write(Data("error: \(error)\n".utf8))
    }
}
