/// A request line from the harness with the scan the event loop made of it to route it: the
/// server reads the request's members from that scan rather than scanning the line again.
struct WireHarnessRequest: Sendable {
    /// The line, without its newline.
    let line: [UInt8]
    /// Where the line's members are.
    let scan: WireScan
    /// The method's name.
    let method: String
    /// Where the request's id is in `line`.
    let id: Range<Int>

    /// The request in `line`; nil for a line that names no method as a plain string, or carries no
    /// id (a notification), which has nothing to answer.
    init?(line: [UInt8], scan: WireScan) {
        guard let method = scan.methodName(in: line), let id = scan.id else { return nil }
        self.line = line
        self.scan = scan
        self.method = method
        self.id = id
    }
}
