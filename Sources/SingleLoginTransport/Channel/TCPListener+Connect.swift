import SingleLoginEvents

extension TCPListener {
    /// Whether the listener takes connections on every interface (`0.0.0.0`, `::`): an address
    /// to listen on, which nothing can connect to.
    public var isWildcard: Bool { ["0.0.0.0", "::", "[::]"].contains(host) }

    /// The host an adapter connects to: the one listened on, or for a wildcard address this
    /// machine's name, which a device on the same network resolves.
    public var connectHost: String { isWildcard ? RunContext.localHostName : host }

    /// `host:port` for an adapter to connect to (`adapter.py --connect`), as ``connectHost`` says.
    public var connectAddress: String { isWildcard ? Self.format(connectHost, port) : address }
}
