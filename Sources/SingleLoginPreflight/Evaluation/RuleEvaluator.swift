import Foundation
import SingleLoginEvents

/// Interprets the rule vocabulary against a project snapshot.
///
/// File problems: a file that is missing (under `--project`) or malformed fails the check that needs it,
/// with its path and the parser's reason; a file that exists but cannot be read errors the check; a
/// kind of file the input gave no way to find (explicit files only) skips the check.
struct RuleEvaluator {
    /// The files.
    let snapshot: ProjectSnapshot

    /// Evaluates one rule; `expected` is the check's title, what a source check's evidence says
    /// was expected (its regular expression is for the machine, not for people).
    func evaluate(_ rule: PreflightRule, expected: String = "") -> CheckEvaluation {
        do {
            return switch rule {
            case let .urlSchemeRegistered(template): urlSchemeRegistered(template)
            case let .arrayContainsAll(file, key, values): arrayContainsAll(file: file, key: key, values: values)
            case let .entitlementContainsOneOf(key, valuesByPlatform): entitlementContainsOneOf(key: key, valuesByPlatform: valuesByPlatform)
            case let .minimumDependencyVersion(minimum, packages): minimumDependencyVersion(minimum: minimum, packages: packages)
            case let .sourceContains(pattern, extensions): try sourceContains(pattern: pattern, extensions: extensions, expected: expected)
            case let .sourceLacks(pattern, extensions): try sourceLacks(pattern: pattern, extensions: extensions, expected: expected)
            }
        } catch {
            // A source check with nothing to search ends before it searches.
            return error
        }
    }

    /// A file problem as the verdict of the check that needs the file.
    func verdict(for problem: FileProblem, expected: String) -> CheckEvaluation {
        switch problem {
        case let .notFound(kind, searched):
            return .failed(problem.issueKind, "\(kind) not found \(searched)", expected: expected, observed: "no \(kind) \(searched)")
        case let .malformed(path, reason):
            return .failed(
                problem.issueKind, "\(snapshot.display(path)) is malformed: \(reason)", expected: expected, observed: "\(snapshot.display(path)): \(reason)")
        case let .unreadable(path, reason):
            return .errored(problem.issueKind, "\(snapshot.display(path)) could not be read: \(reason)", observed: snapshot.display(path))
        }
    }

    private func plist(_ kind: PropertyListKind, expected: String) -> Result<PropertyListFile, CheckEvaluation> {
        let loaded = kind == .infoPlist ? snapshot.infoPlist : snapshot.entitlements
        guard let loaded else {
            let file = kind == .infoPlist ? "Info.plist" : "entitlements file"
            return .failure(.skipped("no \(file) given (no project directory to walk, and no \(file) named)"))
        }
        return loaded.mapError { verdict(for: $0, expected: expected) }
    }

    private func list(_ values: [String]) -> String {
        values.isEmpty ? "(none)" : values.joined(separator: ", ")
    }

    // MARK: urlSchemeRegistered

    private func urlSchemeRegistered(_ template: String) -> CheckEvaluation {
        let expander = BuildSettingExpander(settings: snapshot.buildSettings)
        let wanted = expander.expand(template)
        let expectedText = "CFBundleURLTypes > CFBundleURLSchemes contains \(wanted.value)"
        let file: PropertyListFile
        switch plist(.infoPlist, expected: expectedText) {
        case let .success(loaded): file = loaded
        case let .failure(verdict): return verdict
        }
        let registered = file.urlSchemes.map { (written: $0, expanded: expander.expand($0).value) }
        if registered.contains(where: { $0.expanded.lowercased() == wanted.value.lowercased() }) { return .passed }
        let observedSchemes = registered.map { $0.written == $0.expanded ? $0.written : "\($0.written) = \($0.expanded)" }
        let observed = "\(snapshot.display(file.path)) CFBundleURLSchemes: \(list(observedSchemes)); bundle id from \(snapshot.settingsOrigin)"
        if !wanted.unresolved.isEmpty {
            let names = wanted.unresolved.map { "$(\($0))" }.joined(separator: ", ")
            return .errored(.preflight(.unresolvedSetting), "cannot expand \(names) in '\(template)': \(snapshot.settingsOrigin)", observed: observed)
        }
        return .failed(
            .preflight(.urlSchemeMissing), "redirect scheme \(wanted.value) is not registered in \(snapshot.display(file.path))",
            expected: expectedText, observed: observed)
    }

    // MARK: arrayContainsAll

    private func arrayContainsAll(file kind: PropertyListKind, key: String, values: [String]) -> CheckEvaluation {
        let expectedText = "\(key) contains \(list(values))"
        let file: PropertyListFile
        switch plist(kind, expected: expectedText) {
        case let .success(loaded): file = loaded
        case let .failure(verdict): return verdict
        }
        guard let value = file.root[key] else {
            return .failed(
                .preflight(.keyMissing), "\(key) is missing from \(snapshot.display(file.path))", expected: expectedText,
                observed: "no \(key) key in \(snapshot.display(file.path))")
        }
        guard let array = value.arrayValue else {
            return .failed(
                .preflight(.wrongType), "\(key) in \(snapshot.display(file.path)) is a \(value.typeName), not an array", expected: expectedText,
                observed: "\(key): \(value.typeName)")
        }
        let present = array.compactMap(\.stringValue)
        let missing = values.filter { !present.contains($0) }
        if missing.isEmpty { return .passed }
        return .failed(
            .preflight(.valuesMissing), "\(key) in \(snapshot.display(file.path)) lacks \(list(missing))",
            expected: expectedText, observed: "\(snapshot.display(file.path)) \(key): \(list(present))")
    }

    // MARK: entitlementContainsOneOf

    private func entitlementContainsOneOf(key: String, valuesByPlatform: [String: [String]]) -> CheckEvaluation {
        let platform = snapshot.platform
        let accepted = platform.flatMap { valuesByPlatform[$0] } ?? valuesByPlatform.keys.sorted().flatMap { valuesByPlatform[$0]! }
        let platformNote = platform.map { "for \($0)" } ?? "(platform unknown: any platform's value)"
        let expectedText = "\(key) contains one of \(list(accepted)) \(platformNote)"
        let file: PropertyListFile
        switch plist(.entitlements, expected: expectedText) {
        case let .success(loaded): file = loaded
        case let .failure(verdict): return verdict
        }
        let present = file.root[key]?.strings ?? []
        if present.contains(where: { group in accepted.contains { Self.groupMatches(group, wanted: $0) } }) { return .passed }
        var observed = "\(snapshot.display(file.path)) \(key): \(list(present))"
        let bare = accepted.map(Self.withoutPrefix)
        if let unprefixed = present.first(where: { bare.contains($0) }) {
            observed += " (\(unprefixed) lacks the $(AppIdentifierPrefix) prefix)"
        }
        return .failed(
            .preflight(.entitlementMissing), "\(key) in \(snapshot.display(file.path)) has none of \(list(accepted))", expected: expectedText,
            observed: observed)
    }

    /// `$(AppIdentifierPrefix)` (or `${...}`) matches itself or a resolved ten-character team prefix and a dot.
    static func groupMatches(_ group: String, wanted: String) -> Bool {
        let normalized = group.replacingOccurrences(of: "${AppIdentifierPrefix}", with: "$(AppIdentifierPrefix)")
        if normalized == wanted { return true }
        guard wanted.hasPrefix("$(AppIdentifierPrefix)") else { return false }
        let rest = withoutPrefix(wanted)
        guard group.hasSuffix("." + rest) else { return false }
        let team = group.dropLast(rest.count + 1)
        return team.count == 10 && team.allSatisfy { $0.isASCII && ($0.isUppercase || $0.isNumber) }
    }

    /// The value without a leading `$(AppIdentifierPrefix)`.
    static func withoutPrefix(_ value: String) -> String {
        value.hasPrefix("$(AppIdentifierPrefix)") ? String(value.dropFirst("$(AppIdentifierPrefix)".count)) : value
    }

    // MARK: minimumDependencyVersion

    private func minimumDependencyVersion(minimum: String, packages: [DependencyManager: [String]]) -> CheckEvaluation {
        let names = packages.keys.sorted().map { "\($0.rawValue) \(list(packages[$0]!))" }.joined(separator: " or ")
        let expectedText = "\(names) at \(minimum) or later"
        guard snapshot.lockFilesSearched else {
            return .skipped("no Package.resolved or Podfile.lock given (no project directory to walk, and no lock file named)")
        }
        var found: [ResolvedDependency] = []
        var problems: [FileProblem] = []
        for read in snapshot.packageResolved {
            switch read {
            case let .success(file): found += file.pins.filter { pin in (packages[.swiftpm] ?? []).contains { pin.matches($0) } }
            case let .failure(problem): problems.append(problem)
            }
        }
        for read in snapshot.podfileLocks {
            switch read {
            case let .success(file): found += (packages[.cocoapods] ?? []).flatMap { file.pods(named: $0) }
            case let .failure(problem): problems.append(problem)
            }
        }
        guard let wanted = SemanticVersion(minimum) else {
            return .errored(.preflight(.invalidRule), "minimum '\(minimum)' is not a version")
        }
        let describe = { (dependency: ResolvedDependency) in "\(dependency.summary) in \(self.snapshot.display(dependency.path))" }
        if found.isEmpty {
            if let problem = problems.first { return verdict(for: problem, expected: expectedText) }
            let searched =
                (snapshot.packageResolved.count + snapshot.podfileLocks.count) == 0
                ? "no Package.resolved or Podfile.lock" + (snapshot.root.map { " under \($0)" } ?? "")
                : "not pinned in "
                    + list(
                        ((snapshot.packageResolved.compactMap { try? $0.get().path }) + snapshot.podfileLocks.compactMap { try? $0.get().path }).map(
                            snapshot.display))
            return .failed(.preflight(.dependencyMissing), "MSAL is not a resolved dependency: \(searched)", expected: expectedText, observed: searched)
        }
        let tooOld = found.filter { dependency in
            guard let text = dependency.version, let version = SemanticVersion(text) else { return false }
            return version < wanted
        }
        if let old = tooOld.first {
            return .failed(
                .preflight(.dependencyTooOld), "\(old.name) \(old.version ?? "?") is older than \(minimum)", expected: expectedText,
                observed: tooOld.map(describe).joined(separator: "; "))
        }
        if found.allSatisfy({ $0.version.flatMap(SemanticVersion.init) == nil }) {
            return .errored(
                .preflight(.versionUnknown),
                "no version pinned for \(found.map(describe).joined(separator: "; ")) (branch or revision pins cannot be compared)",
                observed: found.map(describe).joined(separator: "; "))
        }
        return .passed
    }

    // MARK: sourceContains

    /// `.swift or .m` for `["swift", "m"]`.
    private func kinds(_ extensions: [String]) -> String {
        let dotted = extensions.map { ".\($0)" }
        return dotted.count <= 1 ? dotted.joined() : dotted.dropLast().joined(separator: ", ") + " or " + dotted[dotted.count - 1]
    }

    /// The project directory as the user gave it, for messages.
    private var rootName: String { snapshot.root ?? "." }

    /// A source check with no source to search: not checked, never a pass (nothing was verified).
    private func notChecked(_ extensions: [String]) -> CheckEvaluation {
        .skipped("not checked: no \(kinds(extensions)) source files under \(rootName)")
    }

    /// The compiled `pattern` and the project's source files with one of `extensions`; throws the
    /// evaluation a source check ends with when there is nothing to search.
    private func sourceSearch(pattern: String, extensions: [String]) throws(CheckEvaluation) -> (regex: NSRegularExpression, candidates: [String]) {
        guard let sources = snapshot.sources else {
            throw .skipped("not checked: no project directory given, so sources cannot be searched (use --project)")
        }
        guard let regex = try? NSRegularExpression(pattern: pattern) else {
            throw .errored(.preflight(.invalidRule), "invalid regular expression '\(pattern)'")
        }
        let candidates = sources.filter { extensions.contains(URL(fileURLWithPath: $0).pathExtension) }
        guard !candidates.isEmpty else { throw notChecked(extensions) }
        return (regex, candidates)
    }

    private func sourceContains(pattern: String, extensions: [String], expected: String) throws(CheckEvaluation) -> CheckEvaluation {
        let (regex, candidates) = try sourceSearch(pattern: pattern, extensions: extensions)
        var unreadable: [String] = []
        for path in candidates {
            guard case let .success(text) = FileProblem.readText(at: path, kind: "source") else { unreadable.append(path); continue }
            if SourceText.firstMatch(of: regex, in: text) != nil { return .passed }
        }
        let files = "\(candidates.count) \(kinds(extensions)) source file\(candidates.count == 1 ? "" : "s") under \(rootName)"
        var observed = "not found in any of the \(files)"
        if !unreadable.isEmpty { observed += "; unreadable: \(list(unreadable.map(snapshot.display)))" }
        return .failed(.preflight(.sourceMissing), "not found in any of the \(files)", expected: expected, observed: observed)
    }

    // MARK: sourceLacks

    private func sourceLacks(pattern: String, extensions: [String], expected: String) throws(CheckEvaluation) -> CheckEvaluation {
        let (regex, candidates) = try sourceSearch(pattern: pattern, extensions: extensions)
        // Each finding in words: the file relative to the project, the line, and the line as written.
        var found: [String] = []
        for path in candidates {
            guard case let .success(text) = FileProblem.readText(at: path, kind: "source") else { continue }
            if let line = SourceText.firstMatch(of: regex, in: text, outsideStrings: true) {
                let shown =
                    text.split(separator: "\n", omittingEmptySubsequences: false).dropFirst(line - 1).first.map { $0.trimmingCharacters(in: .whitespaces) }
                    ?? ""
                found.append("\(snapshot.display(path)):\(line): \(shown)")
            }
        }
        guard !found.isEmpty else { return .passed }
        let more = found.count == 1 ? "" : " (and \(found.count - 1) more)"
        return .failed(.preflight(.sourceForbidden), "found in \(found[0])\(more)", expected: expected, observed: found.joined(separator: "\n"))
    }
}
