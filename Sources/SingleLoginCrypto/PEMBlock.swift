import Foundation

/// One block of a PEM file (RFC 7468): its label (`PRIVATE KEY`, `PUBLIC KEY`, ...) and the DER
/// its base64 holds.
struct PEMBlock {
    /// The label between `-----BEGIN ` and `-----`.
    var label: String
    /// The decoded bytes.
    var der: [UInt8]
    /// Whether the block has RFC 1421 headers (`Proc-Type: 4,ENCRYPTED`, `DEK-Info: ...`): what an
    /// encrypted key in the traditional format carries.
    var encrypted: Bool

    /// Every block of `text`, in order; throws when a block is cut short or its base64 is broken.
    static func blocks(in text: String) throws(KeyFileError) -> [PEMBlock] {
        var blocks: [PEMBlock] = []
        var open: (label: String, body: String, encrypted: Bool)?
        for raw in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }) {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if var block = open {
                if line == "-----END \(block.label)-----" {
                    guard let der = Data(base64Encoded: block.body) else {
                        throw KeyFileError(
                            problem: "its '\(block.label)' block is not valid base64",
                            fix: "write the key again with openssl (e.g. 'openssl pkey -in OLD -out NEW')")
                    }
                    blocks.append(PEMBlock(label: block.label, der: Array(der), encrypted: block.encrypted))
                    open = nil
                } else if line.hasPrefix("-----") {
                    throw KeyFileError(
                        problem: "its '\(block.label)' block has no '-----END \(block.label)-----' line",
                        fix: "the file is cut short or two blocks are mixed: write the key again with openssl")
                } else if line.contains(":") {
                    if line.hasPrefix("Proc-Type:"), line.contains("ENCRYPTED") { block.encrypted = true }
                    open = block
                } else {
                    block.body += line
                    open = block
                }
            } else if line.hasPrefix("-----BEGIN "), line.hasSuffix("-----"), line.count > 16 {
                open = (String(line.dropFirst(11).dropLast(5)), "", false)
            }
        }
        if let block = open {
            throw KeyFileError(
                problem: "its '\(block.label)' block has no '-----END \(block.label)-----' line", fix: "the file is cut short: write the key again with openssl"
            )
        }
        return blocks
    }
}
