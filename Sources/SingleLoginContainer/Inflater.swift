import CZlib

/// Undoes zlib's compression with the system's zlib: gzip and zlib streams (told apart by their
/// headers) and raw deflate (no header at all).
enum Inflater {
    /// Which framing the stream has.
    enum Framing {
        /// A gzip (RFC 1952) or zlib (RFC 1950) stream: zlib reads either header itself.
        case gzipOrZlib
        /// A raw deflate stream (RFC 1951), as `Compression`'s ZLIB and zip entries write it.
        case raw
    }

    /// The stream's bytes inflated, or nil when they are no complete stream of that framing (a
    /// stream that ends early, or has bytes after its end, is no stream: random bytes often begin
    /// like one). Stops with nil past `limit` output bytes, so a small bomb cannot fill memory.
    static func inflate(_ input: [UInt8], framing: Framing, limit: Int) -> [UInt8]? {
        guard !input.isEmpty else { return nil }
        var stream = z_stream()
        let windowBits: Int32 = framing == .raw ? -15 : 15 + 32
        guard inflateInit2_(&stream, windowBits, zlibVersion(), Int32(MemoryLayout<z_stream>.size)) == Z_OK else { return nil }
        defer { inflateEnd(&stream) }
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        return input.withUnsafeBufferPointer { source -> [UInt8]? in
            stream.next_in = UnsafeMutablePointer(mutating: source.baseAddress)
            stream.avail_in = UInt32(source.count)
            while true {
                let status = chunk.withUnsafeMutableBufferPointer { buffer -> Int32 in
                    stream.next_out = buffer.baseAddress
                    stream.avail_out = UInt32(buffer.count)
                    let status = CZlib.inflate(&stream, Z_NO_FLUSH)
                    output.append(contentsOf: buffer[0..<(buffer.count - Int(stream.avail_out))])
                    return status
                }
                if output.count > limit { return nil }
                switch status {
                case Z_STREAM_END: return stream.avail_in == 0 ? output : nil
                case Z_OK: if stream.avail_in == 0, stream.avail_out != 0 { return nil }  // input ended inside the stream
                default: return nil
                }
            }
        }
    }

    /// Whether `bytes` begin as a gzip member (1f 8b) does.
    static func isGzip(_ bytes: [UInt8]) -> Bool { bytes.count >= 18 && bytes[0] == 0x1F && bytes[1] == 0x8B }

    /// Whether `bytes` begin with a zlib header: deflate with a window of at most 32 KiB, and the
    /// check bits that make the first two bytes a multiple of 31.
    static func isZlib(_ bytes: [UInt8]) -> Bool {
        bytes.count >= 6 && bytes[0] & 0x0F == 8 && bytes[0] >> 4 <= 7 && (UInt16(bytes[0]) << 8 | UInt16(bytes[1])) % 31 == 0
    }
}
