import Foundation
import SingleLoginAdapter
import SingleLoginSpec

/// A record of every line crossing the wire, for adapter authors debugging their side.
///
/// Lines the harness sends start with `> `, lines it reads with `< `, notes with `# `; one file
/// serves a whole run, adapter restarts and reconnections included (each is marked).
public final class WireLog: Sendable {
    private let handle: Locked<FileHandle?>
    private let firstFailure = Locked<String?>(nil)

    /// Why the log stopped taking lines (a full disk, a FIFO whose reader went away), if it did:
    /// the command then says the wire log was not written, and exits 2, as for a report.
    public var failure: String? { firstFailure.withLock { $0 } }

    /// A log that could not be opened, with the system's reason (`Permission denied`).
    public struct OpenError: Error, CustomStringConvertible {
        /// The path as given.
        public var path: String
        /// Why, in the system's words.
        public var reason: String

        /// `cannot write wire.log: Permission denied`, as an unwritable report is named.
        public var description: String { "cannot write \(path): \(reason)" }
    }

    /// Creates (or empties) the log at `url`; a device or a FIFO is written into as it is, and this
    /// process's standard output or error (`--wire-log /dev/stderr`) through its own descriptor,
    /// after what was written there before.
    public init(url: URL) throws(OpenError) {
        let output: InPlaceOutput
        do { output = try InPlaceOutput.open(url.path) } catch { throw OpenError(path: url.path, reason: error.reason) }
        handle = Locked(FileHandle(fileDescriptor: output.descriptor, closeOnDealloc: true))
    }

    /// Appends one line with its direction.
    func record(_ direction: Direction, _ line: ArraySlice<UInt8>) {
        var bytes = Array(direction.rawValue.utf8)
        bytes.append(contentsOf: line)
        bytes.append(0x0A)
        // A log that cannot take a line (a full disk, a FIFO whose reader went away) takes no more,
        // and says why at the end: the run goes on.
        handle.withLock { handle in
            guard let log = handle else { return }
            if let reason = bytes.withUnsafeBytes({ InPlaceOutput.write($0, to: log.fileDescriptor) }) {
                firstFailure.withLock { $0 = $0 ?? reason }
                handle = nil
            }
        }
    }

    /// Appends a note (`# ...`).
    func note(_ text: String) {
        record(.note, Array(text.utf8)[...])
    }

    /// Notes that an adapter process started.
    func started(_ command: String) {
        note("adapter started: \(command)")
    }

    /// Which way a line went.
    enum Direction: String {
        case sent = "> "
        case received = "< "
        case note = "# "
    }
}
