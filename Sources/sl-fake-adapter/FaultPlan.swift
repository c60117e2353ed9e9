/// A fault and when it strikes.
struct FaultPlan: Equatable, Sendable {
    var fault: Fault
    var trigger: Trigger

    /// Parses `FAULT` or `FAULT@TRIGGER`, e.g. `exit:3@reset`, `hang@event:launch`, `signal:KILL@msal:2`.
    init?(parsing text: String) {
        let parts = text.split(separator: "@", maxSplits: 1).map(String.init)
        guard let fault = Fault(parsing: parts[0]) else { return nil }
        self.fault = fault
        if parts.count > 1 {
            guard let trigger = Trigger(parsing: parts[1]) else { return nil }
            self.trigger = trigger
        } else {
            self.trigger = fault.defaultTrigger
        }
    }

    init(fault: Fault, trigger: Trigger) {
        self.fault = fault
        self.trigger = trigger
    }
}
