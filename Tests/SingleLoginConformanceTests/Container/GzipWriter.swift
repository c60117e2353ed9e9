import CZlib

/// Compresses as an app would before writing a file: a gzip, zlib or raw deflate stream, with the system's zlib.
enum GzipWriter {
    enum Framing: Int32 {
        case gzip = 31
        case zlib = 15
        case raw = -15
    }

    static func compress(_ input: [UInt8], framing: Framing = .gzip) -> [UInt8] {
        var stream = z_stream()
        precondition(
            deflateInit2_(
                &stream, Z_DEFAULT_COMPRESSION, Z_DEFLATED, framing.rawValue, 8, Z_DEFAULT_STRATEGY, zlibVersion(), Int32(MemoryLayout<z_stream>.size)) == Z_OK)
        defer { deflateEnd(&stream) }
        var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, UInt(input.count))) + 32)
        var input = input
        let written = input.withUnsafeMutableBufferPointer { source in
            output.withUnsafeMutableBufferPointer { target -> Int in
                stream.next_in = source.baseAddress
                stream.avail_in = UInt32(source.count)
                stream.next_out = target.baseAddress
                stream.avail_out = UInt32(target.count)
                precondition(deflate(&stream, Z_FINISH) == Z_STREAM_END)
                return target.count - Int(stream.avail_out)
            }
        }
        return Array(output.prefix(written))
    }
}
