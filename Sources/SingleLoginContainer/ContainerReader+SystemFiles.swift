extension ContainerReader {
    /// Whether iOS wrote the file at `relativePath` (from the container's root) for its own use,
    /// so that the walk leaves it out: it is neither the app's data nor anything a fresh install's
    /// "no files" means, and the app cannot remove it.
    ///
    /// Apple's documented layout gives the app `Documents`, `Library` (`Application Support`,
    /// `Caches`, `Preferences`, …) and `tmp`; beside and inside them the system keeps:
    /// - `.com.apple.mobile_container_manager.metadata.plist` at the root: the container
    ///   manager's record of whose container it is (a fresh install has it);
    /// - `Library/SplashBoard/` (and `Library/Caches/Snapshots/` before iOS 13): the app
    ///   switcher's snapshots, pictures of the app's screen as it left the foreground. They are the
    ///   app's screen in another form, and no walk can read a user's name in a picture: SL-SNAPSHOT-1
    ///   judges that screen where the app puts it, the privacy cover it reports as its snapshot
    ///   surface when it resigns active (docs/adapter-contract.md);
    /// - `Library/Saved Application State/`: UIKit's record of the app's scene sessions. What the
    ///   app itself hands UIKit to restore (a scene's `stateRestorationActivity`) is an activity the
    ///   adapter reports on its activities surface;
    /// - `SystemData/`: data system services keep for the app (the Safari view service's website
    ///   data); a browser session is ended by the sign-out's `signoutFromBrowser`, not by the app;
    /// - `Library/Preferences/com.apple.*.plist` and `Library/Caches/com.apple.*`: the preferences and
    ///   caches of Apple's frameworks running in the app's process (the emoji keyboard's, for one),
    ///   in their own `com.apple` domains; the app's own defaults are under its bundle id.
    public static func isSystemWritten(_ relativePath: String) -> Bool {
        if relativePath == ".com.apple.mobile_container_manager.metadata.plist" { return true }
        for directory in ["Library/SplashBoard/", "Library/Caches/Snapshots/", "Library/Saved Application State/", "SystemData/"]
        where relativePath.hasPrefix(directory) {
            return true
        }
        if relativePath.hasPrefix("Library/Preferences/com.apple."), !relativePath.dropFirst("Library/Preferences/".count).contains("/") {
            return relativePath.hasSuffix(".plist")
        }
        return relativePath.hasPrefix("Library/Caches/com.apple.")
    }
}
