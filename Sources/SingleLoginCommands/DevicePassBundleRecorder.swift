import Foundation
import SingleLoginEvents
import SingleLoginReports
import Synchronization

/// Seals `device-pass --bundle` as the pass ends: after the reports it holds are written, before
/// the `Result:` line, so that a bundle that cannot be written fails the pass (exit 2) as any
/// report does, and the last line, `device-pass.md` and the badge say so.
final class DevicePassBundleRecorder: EventRecorder {
    /// Where the bundle goes.
    let url: URL
    /// The bundle's bytes, read from the reports once they are written.
    private let contents: @Sendable () throws -> Data
    private let onError: @Sendable (any Error) -> Void
    private let sealed = Mutex(false)

    init(url: URL, contents: @escaping @Sendable () throws -> Data, onError: @escaping @Sendable (any Error) -> Void) {
        self.url = url
        self.contents = contents
        self.onError = onError
    }

    /// Whether the bundle was written.
    var isWritten: Bool { sealed.withLock { $0 } }

    func record(_ event: Event) {
        guard case .runEnded = event.kind else { return }
        do {
            try AtomicFileWriter.write(try contents(), to: url)
            sealed.withLock { $0 = true }
        } catch let error as AtomicFileWriter.WriteError {
            onError(error)
        } catch {
            onError(AtomicFileWriter.WriteError(path: url.path, reason: Self.reason(error)))
        }
    }

    /// A report the bundle holds that could not be read, said plainly rather than as `NSCocoaErrorDomain`.
    private static func reason(_ error: any Error) -> String {
        let nsError = error as NSError
        if let path = nsError.userInfo[NSFilePathErrorKey] as? String { return "cannot read \(path): \(nsError.localizedDescription)" }
        return "\(error)"
    }
}
