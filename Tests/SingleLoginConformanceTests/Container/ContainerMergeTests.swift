import Testing
import SingleLoginAdapter
import SingleLoginContainer
@testable import SingleLoginConformance

/// How the container's items join the adapter's observation.
@Suite("The container's items beside the adapter's")
struct ContainerMergeTests {
    @Test("they follow the adapter's own items; an adapter cannot mark its own items as read from the container")
    func merged() {
        let reported = Observation(running: true, signedInAccount: nil, screen: [], storage: [StoredItem(.file, "Documents/a.json", "{}", source: .container)])
        let snapshot = ContainerSnapshot(files: ["Library/b.txt"], items: [StoredItem(.file, "Library/b.txt", "b", source: .container)])
        let merged = ContainerWatch.merged(reported, snapshot)
        #expect(merged.storage.map(\.key) == ["Documents/a.json", "Library/b.txt"])
        #expect(merged.storage.map(\.source) == [nil, .container])
        #expect(ContainerWatch.merged(reported, nil).storage.map(\.source) == [nil])
        #expect(merged.storage[1].placeDescription == "file Library/b.txt (read from the container)")
    }
}
