import SingleLoginAdapter

extension SpecDecoder {
    /// Step kinds that take no arguments: the app events a step delivers, and a device-wide sign-out.
    static let plainStepKinds: [String: Step.Action] = Dictionary(
        uniqueKeysWithValues: Step.Action.appEvents.map { ($0.rawValue, Step.Action.app($0)) } + [("globalSignOut", .globalSignOut)])
    /// Every step kind, in the order documentation lists them.
    static let stepKinds = Step.Action.appEvents.map(\.rawValue) + ["globalSignIn", "globalSignOut", "switchUser", "broadcast", "answerNext"]
    /// The broker answers `answerNext` accepts.
    static let answers = ["complete", "cancel", "interactionRequired", "networkError", "noIdToken", "brokerNotAvailable"]

    /// Decodes one scenario; duplicate names within the requirement are reported against the first.
    mutating func decodeScenario(_ node: JSONNode, _ path: String, firstByName: inout [String: JSONPosition]) -> Scenario? {
        guard let fields = members(node, path, what: "a scenario") else { return nil }
        checkKeys(fields, of: node, path, allowed: ["name", "given", "steps", "expect"], required: ["name", "steps"])
        let name = string(fields, "name", path)
        if let name, let nameNode = fields.first(where: { $0.key == "name" })?.value {
            if let first = firstByName[name] {
                report(nameNode.position, JSONPath.appending(key: "name", to: path),
                       "duplicate scenario name '\(name)' in this requirement (first at line \(first.line), column \(first.column))",
                       fix: "give each scenario of a requirement its own name")
            } else {
                firstByName[name] = nameNode.position
            }
        }
        var given = Given()
        if let member = fields.first(where: { $0.key == "given" }) {
            given = decodeGiven(member.value, JSONPath.appending(key: "given", to: path)) ?? given
        }
        var steps: [Step] = []
        for (index, element) in (array(fields, "steps", path, minimum: 1) ?? []).enumerated() {
            if let step = decodeStep(element, JSONPath.appending(index: index, to: JSONPath.appending(key: "steps", to: path))) { steps.append(step) }
        }
        let expect = decodeChecks(fields, path)
        guard let name else { return nil }
        return Scenario(name: name, given: given, steps: steps, expect: expect, location: location(of: node))
    }

    /// Decodes the starting state; every key is optional.
    private mutating func decodeGiven(_ node: JSONNode, _ path: String) -> Given? {
        guard let fields = members(node, path, what: "'given'") else { return nil }
        checkKeys(fields, of: node, path, allowed: ["deviceMode", "signedIn", "token", "userAtDevice"], required: [])
        var given = Given()
        if let mode = enumeration(fields, "deviceMode", path, as: Given.DeviceModeName.self, what: "device mode") { given.deviceMode = mode }
        if let member = fields.first(where: { $0.key == "signedIn" }), member.value.value != .null {
            given.signedIn = accountReference(member.value, JSONPath.appending(key: "signedIn", to: path), name: "signedIn")
        }
        if let token = enumeration(fields, "token", path, as: Given.TokenState.self, what: "token state") { given.token = token }
        given.userAtDevice = accountReference(fields, "userAtDevice", path)
        return given
    }

    /// Decodes one step: its kind decides which keys are allowed.
    private mutating func decodeStep(_ node: JSONNode, _ path: String) -> Step? {
        guard let fields = members(node, path, what: "a step") else { return nil }
        guard let (kind, kindNode) = self.kind(fields, of: node, path, key: "do", allKeys: ["do", "account", "count", "method", "answer", "expect"]) else { return nil }
        let kindPath = JSONPath.appending(key: "do", to: path)
        let expect = decodeChecks(fields, path)
        if let action = Self.plainStepKinds[kind] {
            checkKeys(fields, of: node, path, allowed: ["do", "expect"], required: [])
            return Step(action, expect: expect, location: location(of: node))
        }
        let action: Step.Action?
        switch kind {
        case "globalSignIn", "switchUser":
            checkKeys(fields, of: node, path, allowed: ["do", "account", "expect"], required: ["account"])
            let account = accountReference(fields, "account", path)
            action = account.map { kind == "globalSignIn" ? .globalSignIn(account: $0) : .switchUser(account: $0) }
        case "broadcast":
            checkKeys(fields, of: node, path, allowed: ["do", "count", "expect"], required: [])
            let hasCount = fields.contains { $0.key == "count" }
            action = (hasCount ? integer(fields, "count", path, in: 1...100) : 1).map { .broadcast(count: $0) }
        case "answerNext":
            checkKeys(fields, of: node, path, allowed: ["do", "method", "answer", "account", "expect"], required: ["method", "answer"])
            action = decodeAnswer(fields, path)
        default:
            unknownWord(kind, what: "step kind", among: Self.stepKinds, at: kindNode.position, kindPath)
            return nil
        }
        return action.map { Step($0, expect: expect, location: location(of: node)) }
    }

    /// Decodes `answerNext`'s method, answer and account, and checks that the answer is possible for the method.
    private mutating func decodeAnswer(_ fields: [JSONMember], _ path: String) -> Step.Action? {
        let method = enumeration(fields, "method", path, as: BrokerMethod.self, what: "broker method")
        let accountMember = fields.first { $0.key == "account" }
        let account = accountReference(fields, "account", path)
        guard let answerNode = fields.first(where: { $0.key == "answer" })?.value else { return nil }
        let answerPath = JSONPath.appending(key: "answer", to: path)
        guard let answerName = string(answerNode, answerPath, name: "answer", allowEmpty: true) else { return nil }
        guard Self.answers.contains(answerName) else {
            unknownWord(answerName, what: "answer", among: Self.answers, at: answerNode.position, answerPath)
            return nil
        }
        if answerName != "complete", let accountMember {
            report(accountMember.keyPosition, path, "'account' is allowed only with answer 'complete'", fix: "remove 'account', or answer 'complete'")
        }
        guard let method else { return nil }
        let allowedMethods: [BrokerMethod]
        switch answerName {
        case "cancel": allowedMethods = [.acquireToken]
        case "noIdToken": allowedMethods = [.acquireToken, .acquireTokenSilent]
        case "interactionRequired": allowedMethods = [.acquireTokenSilent]
        case "brokerNotAvailable": allowedMethods = BrokerMethod.allCases.filter { $0 != .fetchRecords }
        default: allowedMethods = BrokerMethod.allCases
        }
        guard allowedMethods.contains(method) else {
            let list = allowedMethods.map { "'\($0.rawValue)'" }.joined(separator: ", ")
            report(answerNode.position, answerPath, "answer '\(answerName)' is not possible for method '\(method.rawValue)'",
                   fix: "use it with \(allowedMethods.count == 1 ? "method" : "one of the methods") \(list)")
            return nil
        }
        let answer: BrokerAnswer = switch answerName {
        case "complete": .complete(account: account)
        case "cancel": .cancel
        case "interactionRequired": .interactionRequired
        case "networkError": .networkError
        case "noIdToken": .noIdToken
        default: .brokerNotAvailable
        }
        return .answerNext(method: method, answer: answer)
    }
}
