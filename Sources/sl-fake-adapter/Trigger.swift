/// When a fault strikes.
enum Trigger: Equatable, Sendable, CustomStringConvertible {
    /// At `initialize`.
    case handshake
    /// At the Nth `reset`.
    case reset(Int)
    /// At the Nth event with this name (any event when nil).
    case event(String?, Int)
    /// At the Nth harness request (1 is `initialize`).
    case request(Int)
    /// At `shutdown`.
    case shutdown
    /// During the Nth broker call the app makes: after sending it, before reading the answer.
    case msal(Int)

    /// Parses `handshake`, `shutdown`, `reset`, `reset:2`, `event`, `event:launch`, `event:launch:2`, `request:5`, `msal`, `msal:3`.
    init?(parsing text: String) {
        let parts = text.split(separator: ":").map(String.init)
        let number = { (index: Int) -> Int? in parts.count > index ? Int(parts[index]) : 1 }
        switch parts.first ?? "" {
        case "handshake": self = .handshake
        case "shutdown": self = .shutdown
        case "reset": guard let n = number(1) else { return nil }; self = .reset(n)
        case "event":
            let name = parts.count > 1 ? parts[1] : nil
            guard let n = number(2) else { return nil }
            self = .event(name, n)
        case "request": guard parts.count == 2, let n = Int(parts[1]) else { return nil }; self = .request(n)
        case "msal": guard let n = number(1) else { return nil }; self = .msal(n)
        default: return nil
        }
    }

    var description: String {
        switch self {
        case .handshake: return "handshake"
        case .shutdown: return "shutdown"
        case .reset(let n): return "reset #\(n)"
        case .event(let name, let n): return "event \(name ?? "(any)") #\(n)"
        case .request(let n): return "request #\(n)"
        case .msal(let n): return "broker call #\(n)"
        }
    }
}
