import Foundation
import SingleLoginAdapter

/// A record of every line crossing the wire, for adapter authors debugging their side.
///
/// Lines the harness sends start with `> `, lines it reads with `< `, notes with `# `; one file
/// serves a whole run, adapter restarts and reconnections included (each is marked).
public final class WireLog: Sendable {
    private let handle: Locked<FileHandle?>

    /// Creates (or truncates) the log at `url`.
    public init(url: URL) throws {
        _ = FileManager.default.createFile(atPath: url.path, contents: nil)
        handle = Locked(try FileHandle(forWritingTo: url))
    }

    /// Appends one line with its direction.
    func record(_ direction: Direction, _ line: ArraySlice<UInt8>) {
        var bytes = Array(direction.rawValue.utf8)
        bytes.append(contentsOf: line)
        bytes.append(0x0A)
        handle.withLock { handle in handle?.write(Data(bytes)) }
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
