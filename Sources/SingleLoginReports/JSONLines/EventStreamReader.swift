import Foundation
import SingleLoginAdapter
import SingleLoginEvents
import SingleLoginSpec

/// Reads a JSON Lines event stream (version 2) back into `Event`s, line by line with
/// `Event.init(decoding:locate:)` (the one decoder, which `verify` uses too), so that any
/// recorder can render a stream written elsewhere, such as shards merged by `merge`. Kinds it does
/// not know are ignored, as the format asks of readers; what the wire does not carry (a
/// requirement's spec location, a backend's command) stays unknown.
public enum EventStreamReader {
    /// A line that is not an event of a version this build reads.
    public struct ReadError: Error, CustomStringConvertible {
        /// `path:line: reason`.
        public var description: String
    }

    /// The events of the stream at `url`, in order.
    public static func events(at url: URL) throws -> [Event] {
        let data: Data
        do { data = Data(try SpecFileError.readFile(url.path)) } catch { throw ReadError(description: "\(url.path): \(error.reason)") }
        return try events(in: data, path: url.path)
    }

    /// The events of a stream read from `path` (which only names it in errors), in order.
    public static func events(in data: Data, path: String) throws -> [Event] {
        let url = URL(fileURLWithPath: path)
        var events: [Event] = []
        let decoder = JSONDecoder()
        for (number, line) in data.split(separator: 0x0A).enumerated() where !line.allSatisfy({ $0 == 0x20 || $0 == 0x0D }) {
            // The version first: a line of another version may not decode as this one's.
            if let version = EncodedEvent.version(of: Data(line)), version != EncodedEvent.currentVersion {
                throw ReadError(description: "\(url.path):\(number + 1): " + EncodedEvent.unreadable(version: version))
            }
            let encoded: EncodedEvent
            do { encoded = try decoder.decode(EncodedEvent.self, from: Data(line)) } catch {
                throw ReadError(description: "\(url.path):\(number + 1): not an event: \(error)")
            }
            if let event = Event(decoding: encoded) { events.append(event) }
        }
        return events
    }
}
