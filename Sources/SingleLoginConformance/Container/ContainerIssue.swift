/// The issue types of what the harness finds in the app's data container itself.
public enum ContainerIssue {
    /// Files remain in the container after `reset`, which must leave a fresh install: a failure
    /// (the app, or its adapter's reset, keeps data a reinstall would not), with the files named.
    public static let notEmptyAfterReset = "container.notEmptyAfterReset"
    /// The container named in the handshake (or found for the Simulator) cannot be read: an error.
    public static let unreadable = "container.unreadable"
}
