import Foundation

/// The little DER that a SubjectPublicKeyInfo for RSA and a self-signed certificate need
/// (RFC 8017 appendix A.1, RFC 5280 section 4.1); `package`, for the backend's self-signed certificate.
package enum DER {
    /// The OID 1.2.840.113549.1.1.1 (rsaEncryption), encoded.
    private static let rsaEncryption: [UInt8] = [0x06, 0x09, 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x01, 0x01]

    /// `tag length contents`.
    package static func element(_ tag: UInt8, _ contents: [UInt8]) -> [UInt8] {
        [tag] + length(contents.count) + contents
    }

    /// A DER length: short form below 128, else 0x80|count then big-endian bytes.
    package static func length(_ count: Int) -> [UInt8] {
        guard count >= 0x80 else { return [UInt8(count)] }
        var bytes: [UInt8] = []
        var rest = count
        while rest > 0 { bytes.insert(UInt8(rest & 0xff), at: 0); rest >>= 8 }
        return [0x80 | UInt8(bytes.count)] + bytes
    }

    /// A positive INTEGER: a leading zero byte when the high bit is set.
    package static func integer(_ value: BigUInt) -> [UInt8] {
        var bytes = value.minimalBigEndianBytes
        if bytes[0] & 0x80 != 0 { bytes.insert(0, at: 0) }
        return element(0x02, bytes)
    }

    /// A SEQUENCE of `elements`.
    package static func sequence(_ elements: [UInt8]...) -> [UInt8] { element(0x30, elements.flatMap { $0 }) }

    /// An OBJECT IDENTIFIER from its arcs (the first two below 40 and 3, as every OID here).
    package static func objectIdentifier(_ arcs: [UInt]) -> [UInt8] {
        var bytes: [UInt8] = [UInt8(arcs[0] * 40 + arcs[1])]
        for arc in arcs.dropFirst(2) {
            var groups: [UInt8] = [UInt8(arc & 0x7f)]
            var rest = arc >> 7
            while rest > 0 { groups.insert(UInt8(rest & 0x7f) | 0x80, at: 0); rest >>= 7 }
            bytes += groups
        }
        return element(0x06, bytes)
    }

    /// A UTCTime, `YYMMDDhhmmssZ`.
    package static func utcTime(_ text: String) -> [UInt8] { element(0x17, Array(text.utf8)) }

    /// A UTF8String.
    package static func utf8String(_ text: String) -> [UInt8] { element(0x0c, Array(text.utf8)) }

    /// A BIT STRING with no unused bits.
    package static func bitString(_ bytes: [UInt8]) -> [UInt8] { element(0x03, [0x00] + bytes) }

    /// SEQUENCE { SEQUENCE { rsaEncryption, NULL }, BIT STRING { RSAPublicKey } }.
    package static func subjectPublicKeyInfo(n: BigUInt, e: BigUInt) -> [UInt8] {
        let rsaPublicKey = element(0x30, integer(n) + integer(e))
        let algorithm = element(0x30, rsaEncryption + [0x05, 0x00])
        return element(0x30, algorithm + element(0x03, [0x00] + rsaPublicKey))
    }

    /// The PEM `PUBLIC KEY` block, 64 characters a line, ending with a newline.
    package static func publicKeyPEM(n: BigUInt, e: BigUInt) -> String {
        pem(subjectPublicKeyInfo(n: n, e: e), label: "PUBLIC KEY")
    }

    /// `der` as a PEM block labelled `label`, 64 characters a line, ending with a newline.
    package static func pem(_ der: [UInt8], label: String) -> String {
        let base64 = Data(der).base64EncodedString()
        var lines = ["-----BEGIN \(label)-----"]
        var start = base64.startIndex
        while start < base64.endIndex {
            let end = base64.index(start, offsetBy: 64, limitedBy: base64.endIndex) ?? base64.endIndex
            lines.append(String(base64[start..<end]))
            start = end
        }
        lines.append("-----END \(label)-----")
        return lines.joined(separator: "\n") + "\n"
    }
}
