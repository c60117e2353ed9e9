import Foundation
import SingleLoginAdapter
import SingleLoginContainer
import SingleLoginEvents

/// The harness's own reading of an app's data container during a test case: after `reset`
/// (which must leave it empty) and after every step, where what it finds joins the adapter's
/// storage, each item marked as read from the container.
///
/// One reader per directory is kept for the job's whole run, so a file unchanged since an earlier
/// walk (same size and modification time) is not read again in the next test case either.
final class ContainerWatch: Sendable {
    private let readers = Locked<[String: ContainerReader]>([:])
    /// Time spent walking and decoding, and how many walks: what the cost per step in
    /// docs/performance.md was measured with.
    private let spent = Locked<(time: Duration, walks: Int)>((.zero, 0))

    /// The reader of `directory`, made on first use.
    func reader(for directory: String) -> ContainerReader {
        readers.withLock { readers in
            if let reader = readers[directory] { return reader }
            let reader = ContainerReader(directory: URL(fileURLWithPath: directory))
            readers[directory] = reader
            return reader
        }
    }

    /// The container as it is now; an unreadable one is the adapter's error (its handshake named it).
    func snapshot(_ reader: ContainerReader) throws(ContainerUnreadable) -> ContainerSnapshot {
        let started = ContinuousClock.now
        defer {
            let elapsed = ContinuousClock.now - started
            spent.withLock { $0 = ($0.time + elapsed, $0.walks + 1) }
        }
        do { return try reader.read() } catch { throw ContainerUnreadable(message: error.description) }
    }

    /// The walks so far and their total time.
    var cost: (walks: Int, seconds: Double) {
        spent.withLock { ($0.walks, $0.time.inSeconds) }
    }

    /// The failure for files left after `reset`, or nil when the container is empty.
    static func resetIssue(_ snapshot: ContainerSnapshot, directory: String) -> Issue? {
        guard !snapshot.files.isEmpty else { return nil }
        let shown = snapshot.files.prefix(20).joined(separator: "\n")
        let more = snapshot.files.count > 20 ? "\n(and \(snapshot.files.count - 20) more)" : ""
        return Issue(
            severity: .failure, kind: .containerNotEmptyAfterReset,
            message: "the app's data container is not empty after reset (a fresh install has no files): \(snapshot.files[0])"
                + (snapshot.files.count > 1 ? " and \(snapshot.files.count - 1) more" : ""),
            expected: "no files in \(directory) after reset (directories may remain)",
            observed: "files in the container after reset:\n" + shown + more)
    }

    /// The adapter's observation with the container's items (if it has one) beside its own
    /// storage. An item the adapter marked as read from the container is the adapter's word all
    /// the same, and loses the mark.
    static func merged(_ reported: Observation, _ snapshot: ContainerSnapshot?) -> Observation {
        var merged = reported
        if merged.storage.contains(where: { $0.source != nil }) {
            for index in merged.storage.indices { merged.storage[index].source = nil }
        }
        if let snapshot { merged.storage += snapshot.items }
        return merged
    }
}

/// The container cannot be read: the test case is an error naming the directory and the fix.
struct ContainerUnreadable: Error {
    var message: String
}
