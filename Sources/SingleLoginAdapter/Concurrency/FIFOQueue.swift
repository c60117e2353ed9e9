/// A first-in, first-out queue over one array: taking from the front moves an index instead of
/// shifting the elements, and the storage is emptied (its capacity kept) once everything is taken.
///
/// The executors' jobs and the line splitter's complete lines wait in one.
package struct FIFOQueue<Element> {
    private var elements: [Element] = []
    private var start = 0

    /// An empty queue.
    package init() {}

    /// Whether nothing is waiting.
    package var isEmpty: Bool { start >= elements.count }

    /// Adds `element` at the back.
    package mutating func append(_ element: Element) {
        elements.append(element)
    }

    /// Takes the element at the front, or nil when nothing is waiting.
    package mutating func popFirst() -> Element? {
        guard start < elements.count else { return nil }
        let element = elements[start]
        start += 1
        if start == elements.count {
            elements.removeAll(keepingCapacity: true)
            start = 0
        }
        return element
    }
}

extension FIFOQueue: Sendable where Element: Sendable {}
