import SingleLoginAdapter

/// The text reports show for a shot: the token's header and claims, what was sent, what came back.
enum ShotEvidence {
    /// Bodies longer than this are shown abbreviated (the 1 MiB token).
    static let shownBodyBytes = 4096

    /// `200 OK after 4 ms`, `no reply within 10 s (a hang)`: the answer in a few words.
    static func outcome(_ exchange: HTTPExchange) -> String {
        let time = "after \(exchange.elapsed.wholeMilliseconds) ms"
        guard let reply = exchange.reply else {
            return (exchange.failure?.description ?? "no reply") + " (\(time))"
        }
        return "\(reply.status)\(reply.reason.isEmpty ? "" : " " + reply.reason) \(time)"
    }

    /// The full evidence of a shot and its exchange.
    static func describe(_ shot: Shot, _ exchange: HTTPExchange, note: String? = nil) -> String {
        var lines = ["Answer: \(outcome(exchange))"]
        if let sendFailure = exchange.sendFailure { lines.append("Send: \(sendFailure) (the reply, if any, was still read)") }
        if let note { lines.append(note) }
        if let token = shot.token {
            lines.append("Token (\(token.signing)):")
            lines.append("  header: \(token.header.compact)")
            lines.append("  claims: \(token.claims.compact)")
        }
        lines.append("Sent:")
        lines += request(exchange.request).map { "  " + $0 }
        lines.append("Received:")
        if let reply = exchange.reply {
            lines.append("  HTTP/1.1 \(reply.status) \(reply.reason)")
            lines += reply.headers.map { "  \($0.name): \($0.value)" }
            let body = String(decoding: reply.body.prefix(shownBodyBytes), as: UTF8.self)
            if !body.isEmpty { lines.append(""); lines += body.split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 } }
            if reply.bodyByteCount > shownBodyBytes { lines.append("  [\(reply.bodyByteCount - shownBodyBytes) more bytes]") }
        } else {
            lines.append("  nothing: \(exchange.failure?.description ?? "no reply")")
        }
        return lines.joined(separator: "\n")
    }

    /// The request as sent: request line, headers, body (long bodies abbreviated in the middle).
    static func request(_ request: HTTPRequest) -> [String] {
        var lines = ["\(request.method) \(request.target) HTTP/1.1"]
        lines += request.headers.map { header in
            "\(header.name): \(abbreviated(header.value))"
        }
        lines.append("Content-Length: \(request.body.count)")
        if !request.body.isEmpty {
            lines.append("")
            lines.append(abbreviated(String(decoding: request.body, as: UTF8.self)))
        }
        return lines
    }

    /// The text, or its start and end around `[N bytes]` when it is long.
    static func abbreviated(_ text: String) -> String {
        let count = text.utf8.count
        guard count > shownBodyBytes else { return text }
        let head = String(decoding: text.utf8.prefix(shownBodyBytes / 2), as: UTF8.self)
        let tail = String(decoding: text.utf8.suffix(256), as: UTF8.self)
        return head + " […\(count - shownBodyBytes / 2 - 256) bytes…] " + tail
    }
}
