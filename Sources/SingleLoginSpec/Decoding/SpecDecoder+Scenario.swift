import SingleLoginAdapter

extension SpecDecoder {
    /// Step kinds that take no arguments: the app events a step delivers, and a device-wide sign-out.
    static let plainStepKinds: [String: Step.Action] = Dictionary(
        uniqueKeysWithValues: Step.Action.appEvents.map { ($0.rawValue, Step.Action.app($0)) } + [("globalSignOut", .globalSignOut)])
    /// Every step kind, in the order documentation lists them.
    static let stepKinds =
        Step.Action.appEvents.map(\.rawValue) + [
            "globalSignIn", "globalSignOut", "switchUser", "broadcast", "answerNext", "advanceClock", "requireInteraction", "holdNext", "release",
        ]
    /// The broker answers `answerNext` accepts.
    static let answers = [
        "complete", "cancel", "interactionRequired", "networkError", "noIdToken", "blankIdToken", "declinedScopes", "ssoExtensionFailure", "brokerNotAvailable",
    ]
    /// The keys any step may carry besides `do`.
    static let commonStepKeys = ["do", "expect", "startingPoint"]

    /// Decodes one scenario; duplicate names within the requirement are reported against the first.
    mutating func decodeScenario(_ node: JSONNode, _ path: String, firstByName: inout [String: JSONPosition]) -> Scenario? {
        guard let fields = members(node, path, what: "a scenario") else { return nil }
        checkKeys(fields, of: node, path, allowed: ["name", "given", "steps", "expect"], required: ["name", "steps"])
        let name = string(fields, "name", path)
        if let name, let nameNode = fields.first(where: { $0.key == "name" })?.value {
            if let first = firstByName[name] {
                report(
                    nameNode.position, JSONPath.appending(key: "name", to: path),
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
        // Each step's `byRelease` marks wait for a `release` step after it.
        var awaitingRelease: [(position: JSONPosition, path: String)] = []
        for (index, element) in (array(fields, "steps", path, minimum: 1) ?? []).enumerated() {
            let marksBefore = byReleaseMarks.count
            let step = decodeStep(element, JSONPath.appending(index: index, to: JSONPath.appending(key: "steps", to: path)))
            if step?.action == .release { awaitingRelease = [] }
            awaitingRelease += byReleaseMarks[marksBefore...]
            if let step { steps.append(step) }
        }
        let marksBeforeEnd = byReleaseMarks.count
        let checks = decodeChecks(fields, path)
        for mark in awaitingRelease + byReleaseMarks[marksBeforeEnd...] {
            report(
                mark.position, mark.path, "'byRelease' on a check that no 'release' step follows: the check could only be met at its own step",
                fix: "remove 'byRelease', or add a {\"do\": \"release\"} step after this one")
        }
        byReleaseMarks = []
        guard let name else { return nil }
        return Scenario(
            name: name, given: given, steps: steps, expect: checks.subject, preconditions: checks.preconditions, location: location(of: node))
    }

    /// Decodes the starting state; every key is optional.
    private mutating func decodeGiven(_ node: JSONNode, _ path: String) -> Given? {
        guard let fields = members(node, path, what: "'given'") else { return nil }
        checkKeys(fields, of: node, path, allowed: ["deviceMode", "signedIn", "token", "userAtDevice"], required: [])
        var given = Given()
        if let mode = enumeration(fields, "deviceMode", path, as: Given.DeviceModeName.self, what: "device mode") { given.deviceMode = mode }
        if let member = fields.first(where: { $0.key == "signedIn" }) {
            given.signedIn = decodeSignedIn(member.value, JSONPath.appending(key: "signedIn", to: path))
        }
        if let token = enumeration(fields, "token", path, as: Given.TokenState.self, what: "token state") { given.token = token }
        given.userAtDevice = accountReference(fields, "userAtDevice", path)
        return given
    }

    /// Decodes `given.signedIn`: null (nobody), one account, or a list of distinct accounts.
    private mutating func decodeSignedIn(_ node: JSONNode, _ path: String) -> [String] {
        switch node.value {
        case .null: return []
        case .array(let elements):
            var names: [String] = []
            for (index, element) in elements.enumerated() {
                let elementPath = JSONPath.appending(index: index, to: path)
                guard let name = accountReference(element, elementPath, name: "signedIn") else { continue }
                if names.contains(name) {
                    report(element.position, elementPath, "account '\(name)' is listed twice in 'signedIn'", fix: "remove the repetition")
                    continue
                }
                names.append(name)
            }
            return names
        case .string:
            return accountReference(node, path, name: "signedIn").map { [$0] } ?? []
        default:
            report(
                node.position, path, "expected 'signedIn' to be an account's name, a list of them, or null, found \(node.kindDescription)",
                fix: "write \"signedIn\": \"alice\", [\"alice\", \"bob\"] or null (nobody)")
            return []
        }
    }

    /// Decodes one step: its kind decides which keys are allowed.
    private mutating func decodeStep(_ node: JSONNode, _ path: String) -> Step? {
        guard let fields = members(node, path, what: "a step") else { return nil }
        guard
            let (kind, kindNode) = self.kind(
                fields, of: node, path, key: "do",
                allKeys: Self.commonStepKeys + ["account", "count", "method", "answer", "broadcast", "scopes", "code", "minutes"])
        else { return nil }
        let kindPath = JSONPath.appending(key: "do", to: path)
        let startingPoint = decodeStartingPoint(fields, path)
        let checks = decodeChecks(fields, path, startingPoint: fields.first { $0.key == "startingPoint" }.map { _ in startingPoint ?? "" })
        if let action = Self.plainStepKinds[kind] {
            checkKeys(fields, of: node, path, allowed: Self.commonStepKeys, required: [])
            return Step(action, expect: checks.subject, preconditions: checks.preconditions, startingPoint: startingPoint, location: location(of: node))
        }
        let action: Step.Action?
        switch kind {
        case "globalSignIn", "switchUser":
            checkKeys(fields, of: node, path, allowed: Self.commonStepKeys + ["account"], required: ["account"])
            let account = accountReference(fields, "account", path)
            action = account.map { kind == "globalSignIn" ? .globalSignIn(account: $0) : .switchUser(account: $0) }
        case "broadcast":
            checkKeys(fields, of: node, path, allowed: Self.commonStepKeys + ["count"], required: [])
            let hasCount = fields.contains { $0.key == "count" }
            action = (hasCount ? integer(fields, "count", path, in: 1...100) : 1).map { .broadcast(count: $0) }
        case "answerNext":
            checkKeys(
                fields, of: node, path, allowed: Self.commonStepKeys + ["method", "answer", "account", "broadcast", "scopes", "code"],
                required: ["method", "answer"])
            action = decodeAnswer(fields, path)
        case "advanceClock":
            checkKeys(fields, of: node, path, allowed: Self.commonStepKeys + ["minutes"], required: ["minutes"])
            action = integer(fields, "minutes", path, in: 1...10_080).map { .advanceClock(minutes: $0) }
        case "requireInteraction":
            checkKeys(fields, of: node, path, allowed: Self.commonStepKeys, required: [])
            action = .requireInteraction
        case "holdNext":
            checkKeys(fields, of: node, path, allowed: Self.commonStepKeys + ["method", "account"], required: ["method"])
            action = decodeHold(fields, path)
        case "release":
            checkKeys(fields, of: node, path, allowed: Self.commonStepKeys, required: [])
            action = .release
        default:
            unknownWord(kind, what: "step kind", among: Self.stepKinds, at: kindNode.position, kindPath)
            return nil
        }
        return action.map {
            Step($0, expect: checks.subject, preconditions: checks.preconditions, startingPoint: startingPoint, location: location(of: node))
        }
    }

    /// Decodes `startingPoint`: a requirement ID, checked against the spec's IDs once all are read.
    private mutating func decodeStartingPoint(_ fields: [JSONMember], _ path: String) -> String? {
        guard let member = fields.first(where: { $0.key == "startingPoint" }) else { return nil }
        let valuePath = JSONPath.appending(key: "startingPoint", to: path)
        guard let id = string(member.value, valuePath, name: "startingPoint") else { return nil }
        guard SpecPatterns.isRequirementID(id) else {
            report(member.value.position, valuePath, "'startingPoint' '\(id)' is not a requirement ID", fix: "name a requirement such as 'SL-LOGIN-1'")
            return nil
        }
        requirementReferences.append(
            RequirementReference(key: "startingPoint", id: id, owner: currentRequirementID, position: member.value.position, path: valuePath))
        return id
    }

    /// The methods each answer is possible for (`answerNext`); the loader rejects any other pairing.
    static func methods(for answer: String) -> [BrokerMethod] {
        let sso: [BrokerMethod] = [.getDeviceInformation, .getCurrentAccount, .acquireTokenSilent, .acquireToken, .signout, .accountsFromDevice]
        switch answer {
        case "cancel": return [.acquireToken]
        case "noIdToken", "blankIdToken", "declinedScopes": return [.acquireToken, .acquireTokenSilent]
        case "interactionRequired": return [.acquireTokenSilent]
        case "ssoExtensionFailure": return sso
        case "brokerNotAvailable": return [.getDeviceInformation]
        case "networkError": return BrokerMethod.allCases.filter { !$0.isLocalCacheCall }
        default: return BrokerMethod.allCases
        }
    }

    /// Decodes `holdNext`'s method and its `account`, which only a silent token call names.
    private mutating func decodeHold(_ fields: [JSONMember], _ path: String) -> Step.Action? {
        let method = enumeration(fields, "method", path, as: BrokerMethod.self, what: "broker method")
        guard let member = fields.first(where: { $0.key == "account" }) else { return method.map { .holdNext(method: $0) } }
        let account = accountReference(fields, "account", path)
        if let method, method != .acquireTokenSilent {
            report(
                member.keyPosition, path, "'account' is allowed only with method 'acquireTokenSilent'",
                fix: "remove 'account' to hold the next '\(method.rawValue)' call whoever it is for")
            return nil
        }
        guard let method, let account else { return nil }
        return .holdNext(method: method, account: account)
    }

    /// Decodes `answerNext`'s method, answer and the answer's arguments, and checks that the answer is possible for the method.
    private mutating func decodeAnswer(_ fields: [JSONMember], _ path: String) -> Step.Action? {
        let method = enumeration(fields, "method", path, as: BrokerMethod.self, what: "broker method")
        let account = accountReference(fields, "account", path)
        guard let answerNode = fields.first(where: { $0.key == "answer" })?.value else { return nil }
        let answerPath = JSONPath.appending(key: "answer", to: path)
        guard let answerName = string(answerNode, answerPath, name: "answer", allowEmpty: true) else { return nil }
        guard Self.answers.contains(answerName) else {
            unknownWord(answerName, what: "answer", among: Self.answers, at: answerNode.position, answerPath)
            return nil
        }
        // Each argument belongs to one answer (and `account`, `broadcast` to some methods).
        var valid = true
        let owners: [(key: String, answer: String, methods: [BrokerMethod]?)] = [
            ("account", "complete", [.acquireToken]), ("broadcast", "complete", [.acquireToken, .signout]),
            ("scopes", "declinedScopes", nil), ("code", "ssoExtensionFailure", nil),
        ]
        for owner in owners {
            guard let member = fields.first(where: { $0.key == owner.key }) else { continue }
            if answerName != owner.answer {
                report(
                    member.keyPosition, path, "'\(owner.key)' is allowed only with answer '\(owner.answer)'",
                    fix: "remove '\(owner.key)', or answer '\(owner.answer)'")
                valid = false
            } else if let methods = owner.methods, let method, !methods.contains(method) {
                report(
                    member.keyPosition, path, "'\(owner.key)' is allowed only with method \(methods.map { "'\($0.rawValue)'" }.joined(separator: " or "))",
                    fix: "remove '\(owner.key)'")
                valid = false
            }
        }
        guard let method else { return nil }
        let allowedMethods = Self.methods(for: answerName)
        guard allowedMethods.contains(method) else {
            let list = allowedMethods.map { "'\($0.rawValue)'" }.joined(separator: ", ")
            var fix = "use it with \(allowedMethods.count == 1 ? "method" : "one of the methods") \(list)"
            if answerName == "brokerNotAvailable" {
                fix += "; MSAL reports a broker it cannot reach on \(method.rawValue) differently: answer 'ssoExtensionFailure'"
            }
            report(answerNode.position, answerPath, "answer '\(answerName)' is not possible for method '\(method.rawValue)'", fix: fix)
            return nil
        }
        let answer: BrokerAnswer?
        switch answerName {
        case "complete":
            let broadcast = fields.first { $0.key == "broadcast" }.flatMap {
                boolean($0.value, JSONPath.appending(key: "broadcast", to: path), name: "broadcast")
            }
            if fields.contains(where: { $0.key == "broadcast" }), broadcast == nil { valid = false }
            answer = .complete(account: account, broadcast: broadcast ?? true)
        case "cancel": answer = .cancel
        case "interactionRequired": answer = .interactionRequired
        case "networkError": answer = .networkError
        case "noIdToken": answer = .noIdToken
        case "blankIdToken": answer = .blankIdToken
        case "declinedScopes":
            if fields.contains(where: { $0.key == "scopes" }) {
                let scopes = distinctStrings(fields, "scopes", path)
                answer = scopes.map { .declinedScopes(scopes: $0) }
            } else {
                answer = .declinedScopes(scopes: nil)
            }
        case "ssoExtensionFailure":
            if let member = fields.first(where: { $0.key == "code" }) {
                let codes = [MSALError.AuthorizationCode.unknown, .notHandled, .failed]
                let valuePath = JSONPath.appending(key: "code", to: path)
                if case .number(let number) = member.value.value, let value = number.integerValue, let code = codes.first(where: { $0.rawValue == value }) {
                    answer = .ssoExtensionFailure(code: code)
                } else {
                    report(
                        member.value.position, valuePath, "'code' must be 1000, 1003 or 1004 (ASAuthorizationError unknown, notHandled, failed)",
                        fix: "write \"code\": 1004, or leave it out")
                    answer = nil
                }
            } else {
                answer = .ssoExtensionFailure(code: .failed)
            }
        default: answer = .brokerNotAvailable
        }
        guard valid, let answer else { return nil }
        return .answerNext(method: method, answer: answer)
    }
}
