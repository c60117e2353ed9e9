/// HMAC-SHA256 (RFC 2104) over ``SHA256``: the device-pass recorder's token digests and the
/// backend profile's HS256 forgeries.
public enum HMACSHA256 {
    /// The 32-byte MAC of `message` under `key`.
    public static func mac(key: some Collection<UInt8>, message: some Collection<UInt8>) -> [UInt8] {
        let blockSize = 64
        var block = Array(key)
        if block.count > blockSize { block = SHA256.digest(block) }
        block += [UInt8](repeating: 0, count: blockSize - block.count)
        let inner = SHA256.digest(block.map { $0 ^ 0x36 } + Array(message))
        return SHA256.digest(block.map { $0 ^ 0x5c } + inner)
    }
}
