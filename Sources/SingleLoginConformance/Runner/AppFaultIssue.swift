/// The issue types of the app's own faults: each fails its test case (never an error), and
/// explore's EX-CRASH is violated by either.
public enum AppFaultIssue {
    /// The app crashed while it handled an event or a broadcast.
    public static let crashed = "app.crashed"
    /// The app never settled while it handled an event: a hang (iOS's watchdog would end it).
    public static let hung = "app.hung"
}
