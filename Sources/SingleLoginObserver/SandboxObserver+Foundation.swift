import Foundation
import SingleLoginAdapter
import SingleLoginContainer
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension SandboxObserver {
    /// Each default of each domain: `<domain>/<key>`, its value as text (property lists as the
    /// harness decodes them, so a name inside archived data is still found).
    func defaults() -> [StoredItem] {
        var items: [StoredItem] = []
        for domain in configuration.defaultsDomains {
            let values = UserDefaults.standard.persistentDomain(forName: domain) ?? UserDefaults(suiteName: domain)?.persistentDomain(forName: domain) ?? [:]
            for (key, value) in values.sorted(by: { $0.key < $1.key }) {
                items.append(StoredItem(.defaults, "\(domain)/\(key)", Self.text(of: value)))
            }
        }
        return items
    }

    /// Each cookie: `HTTPCookieStorage/<domain>/<name>`, its value with its path and expiry.
    func cookies(in storage: HTTPCookieStorage) -> [StoredItem] {
        (storage.cookies ?? []).sorted { ($0.domain, $0.name) < ($1.domain, $1.name) }.map { cookie in
            StoredItem(
                .cache, "HTTPCookieStorage/\(cookie.domain)/\(cookie.name)",
                "\(cookie.value); path=\(cookie.path)" + (cookie.expiresDate.map { "; expires=\($0)" } ?? ""))
        }
    }

    /// Each configured URL's cached response: `URLCache/<url>`, its body decoded.
    func cachedResponses(in cache: URLCache) -> [StoredItem] {
        configuration.cachedURLs.compactMap { url in
            guard let cached = cache.cachedResponse(for: URLRequest(url: url)) else { return nil }
            return StoredItem(.cache, "URLCache/\(url.absoluteString)", ContainerFileDecoder().decode([UInt8](cached.data)).text)
        }
    }

    /// A default's value as text: strings as they are, data decoded, other values described.
    static func text(of value: Any) -> String {
        switch value {
        case let text as String: text
        case let data as Data: ContainerFileDecoder().decode([UInt8](data)).text
        case let values as [Any]: values.map(text(of:)).joined(separator: "\n")
        case let values as [String: Any]: values.sorted { $0.key < $1.key }.map { "\($0.key): \(text(of: $0.value))" }.joined(separator: "\n")
        default: "\(value)"
        }
    }
}
