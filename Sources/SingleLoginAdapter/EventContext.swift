/// The event an app's work began under, to carry into work the app hands to a queue.
///
/// The kit files each broker and backend call under the event of the task that makes it: its step,
/// and over the wire its harness request (`underRequest`). The event's task, and every task started
/// from it, carry that event. A call made off it, as an app written with completion handlers makes
/// it when a completion hops to a dispatch queue before the next call, carries none: it is filed
/// under the step under way when it comes. After a held answer is released, that is the `release`
/// step, not the step whose event began the work, so a `calls` check of that step counts it.
///
/// An adapter whose app queues its work can keep the event with it: capture ``current`` where the
/// work is queued (in the event's task), and run the work under it.
///
/// ```swift
/// let context = EventContext.current
/// mainQueue.async { context.run { work() } }
/// ```
///
/// The calls `work` makes, and the tasks it starts (``HarnessMSALApplication``'s completion forms
/// start one per call), then carry the event. Outside an event, ``current`` is empty, and running
/// under it files calls as if it were not used.
public struct EventContext: Sendable {
    /// The step the calls belong to, in process (the runner's).
    let moment: CallMoment?
    /// The harness request they were made under, over the wire (the adapter host's).
    let request: Int?

    /// The event the current task works under, if any.
    public static var current: EventContext {
        EventContext(moment: CallMoment.current, request: WireRequestContext.request)
    }

    /// Runs `body` under this event: the calls it makes, and the tasks it starts, are filed under it.
    public func run<Result>(_ body: () throws -> Result) rethrows -> Result {
        try CallMoment.$current.withValue(moment) {
            try WireRequestContext.$request.withValue(request, operation: body)
        }
    }
}
