/// Receives events. Recorders are called from one task at a time, in event order.
public protocol EventRecorder: Sendable {
    /// Takes one event.
    func record(_ event: Event)
}
