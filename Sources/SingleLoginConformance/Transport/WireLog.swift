import Foundation
import Synchronization

/// A record of every line crossing the stdio wire, for adapter authors debugging their side.
///
/// Lines the harness sends start with `> `, lines it reads with `< `; one file serves a whole
/// run, adapter restarts included (each start is marked).
public final class WireLog: Sendable {
    private let handle: Mutex<FileHandle?>

    /// Creates (or truncates) the log at `url`.
    public init(url: URL) throws {
        _ = FileManager.default.createFile(atPath: url.path, contents: nil)
        handle = Mutex(try FileHandle(forWritingTo: url))
    }

    /// Appends one line with its direction.
    func record(_ direction: Direction, _ line: Data) {
        handle.withLock { handle in
            handle?.write(Data(direction.rawValue.utf8) + line + Data([0x0A]))
        }
    }

    /// Notes that an adapter process started.
    func started(_ command: String) {
        record(.note, Data("adapter started: \(command)".utf8))
    }

    /// Which way a line went.
    enum Direction: String {
        case sent = "> "
        case received = "< "
        case note = "# "
    }
}
