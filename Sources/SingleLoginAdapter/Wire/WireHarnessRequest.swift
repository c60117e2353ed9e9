/// A request line from the harness with the scan the event loop made of it to route it: the
/// server reads the request's members from that scan rather than scanning the line again.
struct WireHarnessRequest: Sendable {
    /// The line, without its newline.
    let line: [UInt8]
    /// Where the line's members are.
    let scan: WireScan

    /// The method's name, if it is a plain string.
    var methodName: String? { scan.methodName(in: line) }
}
