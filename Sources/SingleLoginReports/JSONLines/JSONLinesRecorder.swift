import Foundation
import SingleLoginAdapter
import SingleLoginEvents

/// Writes the run as a versioned JSON Lines event stream (`--events FILE`): one ``EncodedEvent`` per line.
///
/// To a file, the stream is written atomically when the run ends (also an interrupted run);
/// to a sink, each line is passed on as soon as its event arrives.
public final class JSONLinesRecorder: EventRecorder {
    private enum Destination {
        case file(URL)
        case sink(@Sendable (Data) -> Void)
    }

    private let destination: Destination
    private let maxLogBytes: Int
    private let onError: @Sendable (any Error) -> Void
    private let buffer = Locked(Data())

    /// Creates a recorder that writes `url` atomically when the run ends.
    public init(url: URL, maxLogBytes: Int = 64 * 1024, onError: @escaping @Sendable (any Error) -> Void = ReportErrors.printToStandardError) {
        self.destination = .file(url)
        self.maxLogBytes = maxLogBytes
        self.onError = onError
    }

    /// Creates a recorder that passes each line (with its newline) to `sink` as it happens.
    public init(maxLogBytes: Int = 64 * 1024, sink: @escaping @Sendable (Data) -> Void) {
        self.destination = .sink(sink)
        self.maxLogBytes = maxLogBytes
        self.onError = { _ in }
    }

    /// The line (with its newline) that `event` becomes: keys sorted, slashes unescaped.
    public static func line(for event: Event, maxLogBytes: Int = 64 * 1024) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Encoding plain Codable structs of strings and numbers cannot fail.
        var data = (try? encoder.encode(EncodedEvent(event, maxLogBytes: maxLogBytes))) ?? Data("{\"version\":1,\"kind\":\"unencodable\"}".utf8)
        data.append(0x0A)
        return data
    }

    /// Takes one event.
    public func record(_ event: Event) {
        let line = Self.line(for: event, maxLogBytes: maxLogBytes)
        switch destination {
        case let .sink(sink):
            sink(line)
        case let .file(url):
            let ended: Data? = buffer.withLock { data in
                data.append(line)
                if case .runEnded = event.kind { return data }
                return nil
            }
            guard let ended else { return }
            do {
                try AtomicFileWriter.write(ended, to: url)
            } catch {
                onError(error)
            }
        }
    }
}
