import Foundation
import SingleLoginAdapter
import SingleLoginConformance
import SingleLoginCrypto
import SingleLoginEvents
import SingleLoginReports
import SingleLoginSpec

/// Checks an evidence bundle (`sl-conformance verify FILE`): every digest, then every test case
/// re-judged from its transcript with the bundled spec and the harness's own evaluator, then every
/// verdict each report and the manifest state against the re-judged ones.
///
/// What it proves: the files are whole and agree with one another, and every verdict follows from
/// the transcripts, the spec and the waivers the manifest lists. Not who wrote the transcripts:
/// anyone can write a new bundle. With a trusted key it also proves that the holder of that key
/// signed `SHA256SUMS`, and so sealed every file it lists; still not that the app named produced them.
package struct BundleVerifier: Sendable {
    /// A disagreement found: the file, the test case when one is concerned, and what differs.
    package struct Finding: Sendable, Hashable, CustomStringConvertible {
        /// The bundle file concerned.
        package var file: String
        /// The test case concerned (`SL-LOGIN-1 / opens signed in`), if any.
        package var testCase: String?
        /// What differs.
        package var message: String
        package var description: String { "\(file): " + (testCase.map { "\($0): " } ?? "") + message }
    }

    /// Why a file cannot be verified at all (exit status 2).
    package struct Unreadable: Error, CustomStringConvertible {
        /// What is wrong.
        package var description: String
    }

    /// What verifying found.
    package struct Report: Sendable {
        /// The manifest.
        package var manifest: BundleManifest
        /// Every disagreement; empty when the bundle is intact.
        package var findings: [Finding]
        /// The embedded spec whose bytes `spec.json` holds exactly, if any.
        package var catalogue: EmbeddedSpec?
        /// When `spec.json` is no catalogue this binary carries: how it differs from the catalogue of its id.
        package var customSpec: CustomSpec?
        /// How many test cases were re-judged from their transcripts: those that were played (a case
        /// skipped, untested, not run or that does not apply has no calls or checks to re-judge).
        package var rejudged: Int
        /// What the signature says about who sealed the bundle.
        package var seal: Seal
        /// What the manifest's waivers did, one line each (as the run's console printed them).
        package var waiverEffects: [String]
        /// Every test case's result with its re-judged outcome, in the run's order: what a side-by-side page shows.
        package var results: [TestCaseResult] = []
        /// Whether the bundle is intact but records an incomplete run.
        package var incomplete: Bool { findings.isEmpty && !manifest.complete }
    }

    /// Who sealed the bundle, as far as its signature and the trusted key (if any) show.
    package enum Seal: Sendable, Hashable {
        /// No signature: no `SHA256SUMS.sig`, and the manifest names none.
        case unsigned
        /// Signed by the key with this fingerprint; not checked, for no key was trusted.
        case notChecked(signer: String)
        /// Signed by the trusted key, whose fingerprint this is: the signature matches `SHA256SUMS`.
        case verified(signer: String)
        /// Not what the trusted key would have made: why.
        case rejected(String)
    }

    /// The largest bundle `verify` reads, in bytes (1 GiB): it holds a bundle in memory twice.
    package static let largestBundle: Int64 = 1 << 30

    /// Creates a verifier.
    package init() {}

    /// Verifies the bundle `data` holds, and its signature by `trustedKey` when one is given; throws
    /// ``Unreadable`` for what is no bundle of a known format.
    package func verify(_ data: Data, trustedKey: RSAPublicKey? = nil) async throws(Unreadable) -> Report {
        guard let listing = TarArchive.read(data) else {
            throw Unreadable(description: "not a ustar archive (a damaged header, or cut short before its end marker)")
        }
        let entries = listing.entries.filter { $0.kind == .file }
        var files: [String: Data] = [:]
        for entry in entries { files[entry.name] = entry.data }
        guard let manifestData = files["manifest.json"] else { throw Unreadable(description: "no manifest.json: not an evidence bundle") }
        struct Format: Decodable { var format: Int }
        guard let format = try? JSONDecoder().decode(Format.self, from: manifestData) else {
            throw Unreadable(description: "manifest.json is not a bundle manifest")
        }
        guard BundleManifest.readableFormats.contains(format.format) else {
            let known = BundleManifest.readableFormats.map(String.init).joined(separator: " and ")
            throw Unreadable(description: "bundle format \(format.format) is unknown (this sl-conformance reads formats \(known))")
        }
        guard let manifest = try? JSONDecoder().decode(BundleManifest.self, from: manifestData) else {
            throw Unreadable(description: "manifest.json is not a bundle manifest of format \(format.format)")
        }
        // The events' version before anything else: a bundle an earlier release wrote is refused
        // as a whole, with what to do, rather than as a finding on every line.
        if let first = files["events.jsonl"]?.split(separator: UInt8(ascii: "\n")).first, let version = EncodedEvent.version(of: Data(first)),
            version != EncodedEvent.currentVersion
        {
            throw Unreadable(
                description: "events.jsonl: \(EncodedEvent.unreadable(version: version)) (the manifest names sl-conformance \(manifest.harness.version))")
        }
        var check = Check(files: files, order: entries.map(\.name), manifest: manifest)
        check.checkArchive(listing)
        await check.run()
        let seal = check.checkSignature(trustedKey: trustedKey)
        return Report(
            manifest: manifest, findings: check.findings, catalogue: check.catalogue, customSpec: check.customSpec, rejudged: check.rejudged, seal: seal,
            waiverEffects: check.waiverEffects, results: check.results)
    }
}

/// One verification's state: the files, what was found, and the pieces read so far.
struct Check {
    let files: [String: Data]
    let order: [String]
    let manifest: BundleManifest
    var findings: [BundleVerifier.Finding] = []
    var catalogue: EmbeddedSpec?
    var customSpec: BundleVerifier.CustomSpec?
    var rejudged = 0
    /// What `summary.md` ends with after its checklist: the waivers' and the baseline's sections, as re-derived.
    var summaryAppendix = ""
    /// What the manifest's waivers did, one line each.
    var waiverEffects: [String] = []
    /// The spec's test cases other shards run, when the bundle is a shard's: its baseline comparison leaves them out.
    var otherShards: Set<TestCaseID> = []
    /// Every test case's result with its re-judged outcome, once the run is checked.
    var results: [TestCaseResult] = []

    init(files: [String: Data], order: [String], manifest: BundleManifest) {
        self.files = files
        self.order = order
        self.manifest = manifest
    }

    mutating func note(_ file: String, _ testCase: String?, _ message: String) {
        findings.append(.init(file: file, testCase: testCase, message: message))
    }

    mutating func note(_ file: String, _ message: String) {
        note(file, nil, message)
    }

    mutating func run() async {
        checkSums()
        guard let spec = loadSpec() else { return }
        guard let events = readEvents("events.jsonl", spec: spec) else { return }
        var record = RunRecord()
        for (_, event) in events { record.take(event) }
        guard let context = record.context else { return note("events.jsonl", "has no runStarted event") }
        if record.summary == nil { note("events.jsonl", "has no runEnded event: the run did not end") }
        if context.specSHA256 != manifest.spec.sha256 { note("events.jsonl", "names spec SHA-256 \(context.specSHA256), the manifest \(manifest.spec.sha256)") }
        if context.shard != nil { otherShards = CaseVerdicts.otherShards(of: spec, planned: record.plan.map(\.id)) }
        let rejudged = await rejudge(spec: spec, record: record, events: events)
        let judged = applyGating(record: record, events: events, rejudged: rejudged)
        checkVerdicts(record: record, judged: judged, spec: spec)
        results = record.orderedResults.map { result in
            var fixed = result
            if let outcome = judged[result.id] { fixed.outcome = outcome }
            return fixed
        }
        checkManifest(record: record, judged: judged)
        checkCommandLine(record: record)
        checkReports(record: record)
    }

    // MARK: The archive

    /// What `tar -xf` would make of the archive against what this reader checks: a bundle holds
    /// regular files, each once, inside its own directory, and nothing after its end. A second copy
    /// of a name, a link or a second archive appended would let another tool show files that were
    /// never verified.
    mutating func checkArchive(_ listing: TarArchive.Listing) {
        var seen: [String: Int] = [:]
        for entry in listing.entries { seen[entry.name, default: 0] += 1 }
        for (name, count) in seen.sorted(by: { $0.key < $1.key }) where count > 1 {
            note(name, "is in the archive \(count) times: tools disagree on which copy they show (tar -xf keeps the last)")
        }
        for entry in listing.entries {
            let parts = entry.name.split(separator: "/", omittingEmptySubsequences: false)
            if entry.name.hasPrefix("/") || parts.contains("..") {
                note(entry.name, "names a place outside the bundle's directory: a bundle's names are relative and never hold '..'")
            }
            switch entry.kind {
            case .file, .directory: break
            case let .symbolicLink(target):
                note(entry.name, "is a symbolic link to '\(target)': a bundle holds regular files only, and tar -xf would create the link")
            case let .hardLink(target):
                note(entry.name, "is a hard link to '\(target)': a bundle holds regular files only, and tar -xf would replace the file with the link")
            case let .other(type): note(entry.name, "is an archive entry of type '\(Character(UnicodeScalar(type)))': a bundle holds regular files only")
            }
        }
        if listing.bytesAfterEnd > 0 {
            note("(the archive)", "\(listing.bytesAfterEnd) bytes that are not zero padding follow the archive's end marker: tar -xf never reads them")
        }
    }

    // MARK: Digests

    mutating func checkSums() {
        guard let sums = files["SHA256SUMS"].flatMap({ String(data: $0, encoding: .utf8) }) else { return note("SHA256SUMS", "is missing") }
        var listed: Set<String> = []
        for line in sums.split(separator: "\n") {
            let parts = line.split(separator: " ", maxSplits: 1)
            guard parts.count == 2, parts[1].hasPrefix(" ") else { note("SHA256SUMS", "line '\(line)' is not `DIGEST  NAME`"); continue }
            let name = String(parts[1].dropFirst())
            listed.insert(name)
            guard let data = files[name] else { note(name, "is listed in SHA256SUMS but not in the bundle"); continue }
            if SHA256.hexDigest(data) != parts[0] { note(name, "does not match its SHA-256 in SHA256SUMS") }
        }
        // The signature cannot be listed: it is made over SHA256SUMS (checkSignature accounts for it).
        for name in order where name != "SHA256SUMS" && name != BundleManifest.Signature.signatureFile && !listed.contains(name) {
            note(name, "is in the bundle but not listed in SHA256SUMS")
        }
    }

    // MARK: Spec

    mutating func loadSpec() -> Spec? {
        guard let data = files["spec.json"] else { note("spec.json", "is missing"); return nil }
        let sha = SHA256.hexDigest(data)
        if sha != manifest.spec.sha256 {
            note("spec.json", "has SHA-256 \(sha), but the manifest names \(manifest.spec.sha256): the spec was swapped or edited")
        }
        // The shipped catalogue's digest is known without hashing it again.
        catalogue =
            sha == EmbeddedSpec.loadedCatalogue.sha256Hex
            ? .singleLogin : EmbeddedSpec.all.first { !$0.isSchema && $0 != .singleLogin && SHA256.hexDigest(Data($0.bytes)) == sha }
        // A catalogue another build carried (an earlier version of it, say) was located under that
        // build's name for its embedded copy, as this binary names its own copy of the same id.
        let otherBuilds = manifest.spec.origin == SpecSource.embeddedOrigin ? EmbeddedSpec.named(manifest.spec.id)?.displayPath : nil
        let file = catalogue?.displayPath ?? otherBuilds ?? manifest.spec.origin
        let loaded: LoadedSpec
        if catalogue == .singleLogin {
            loaded = EmbeddedSpec.loadedCatalogue
        } else {
            guard let decoded = try? SpecLoader.load(bytes: Array(data), file: file) else { note("spec.json", "is not a valid spec"); return nil }
            loaded = decoded
        }
        if catalogue == nil { customSpec = .compare(data, id: loaded.spec.id) }
        if loaded.spec.id != manifest.spec.id || loaded.spec.version != manifest.spec.version {
            note("spec.json", "is \(loaded.spec.id) \(loaded.spec.version), the manifest names \(manifest.spec.id) \(manifest.spec.version)")
        }
        return loaded.spec
    }

    // MARK: Events and transcripts

    /// Each line of `name` with its decoded event; nil (after a finding) when a line is no event.
    mutating func readEvents(_ name: String, spec: Spec) -> [(line: Data, event: Event)]? {
        guard let data = files[name] else { note(name, "is missing"); return nil }
        let locations = Dictionary(spec.requirements.map { ($0.id, $0.location) }, uniquingKeysWith: { first, _ in first })
        var events: [(Data, Event)] = []
        var number = 0
        for line in data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            number += 1
            if line.isEmpty, number > 1 { continue }
            guard let encoded = try? JSONDecoder().decode(EncodedEvent.self, from: line), encoded.version == EncodedEvent.currentVersion,
                let event = Event(decoding: encoded, locate: { locations[$0] ?? nil })
            else {
                note(name, "line \(number) is not an event this harness wrote" + (data.last != UInt8(ascii: "\n") ? " (the file is truncated)" : ""))
                return nil
            }
            events.append((Data(line) + Data("\n".utf8), event))
        }
        if data.last != UInt8(ascii: "\n") { note(name, "does not end with a complete line: it is truncated") }
        return events
    }

    /// What re-judging a transcript gives, before any waiver: the outcome and the issues.
    struct Rejudged {
        var outcome: TestCaseResult.Outcome
        var issues: [Issue]
    }

    /// Every finished test case re-judged, by ID: the outcome and issues its transcript gives before
    /// waivers (a waived case's is the failure a waiver may waive).
    mutating func rejudge(spec: Spec, record: RunRecord, events: [(line: Data, event: Event)]) async -> [TestCaseID: Rejudged] {
        let judge = TranscriptJudge(spec: spec)
        let replay = BrokerReplay(spec: spec)
        // The MSAL configurations the app's adapters declared: the broker's answers depend on it.
        var configurations: [MSALConfiguration] = []
        // The surfaces the app declared (the last handshake's): a case that does not apply to them must follow from them.
        var declaredSurfaces: DeclaredSurfaces?
        // And whether every handshake declared concurrentCalls: then no case is untested for want of it.
        var playsHeldAnswers: Bool?
        for case let (_, event) in events {
            if case let .adapterIdentified(identity) = event.kind {
                if !configurations.contains(identity.msalConfiguration) { configurations.append(identity.msalConfiguration) }
                declaredSurfaces = identity.surfaces
                playsHeldAnswers = (playsHeldAnswers ?? true) && identity.declares(.concurrentCalls)
            }
        }
        var scenarios: [TestCaseID: Scenario] = [:]
        for requirement in spec.requirements {
            for scenario in requirement.scenarios { scenarios[TestCaseID(requirementID: requirement.id, scenarioName: scenario.name)] = scenario }
        }
        // The plan is the spec's, or a shard's share of it as the harness deals them: no test case
        // removed or added.
        let planned = record.plan.map(\.id)
        let plannedSet = Set(planned)
        let shard = record.context?.shard
        let share = Set(RunSelection(shard: shard).plan(for: spec).map(\.0.id))
        for id in scenarios.keys.sorted(by: { $0.description < $1.description }) where share.contains(id) && !plannedSet.contains(id) {
            note(
                "events.jsonl", id.description,
                "is in the spec\(shard.map { " and in \($0)'s share" } ?? "") but not in the run's plan: the test case was removed")
        }
        for id in planned where scenarios[id] == nil {
            note("events.jsonl", id.description, "is in the run's plan but not in the spec: the test case was added")
        }
        checkSelection(spec: spec, record: record, shard: shard)
        if let shard {
            for id in planned where scenarios[id] != nil && !share.contains(id) {
                note("events.jsonl", id.description, "is in the run's plan, but the harness deals it to another shard than \(shard)")
            }
        }
        let listed = manifest.testCases.map { TestCaseID(requirementID: $0.requirementID, scenarioName: $0.scenario) }
        if listed != planned {
            for id in planned where !listed.contains(id) { note("manifest.json", id.description, "is planned but not listed: the test case was removed") }
            for id in listed where !plannedSet.contains(id) { note("manifest.json", id.description, "is listed but not planned: the test case was added") }
            if Set(listed) == plannedSet { note("manifest.json", "lists the test cases in another order than the plan") }
        }
        var byCase: [TestCaseID: [(line: Data, event: Event)]] = [:]
        for item in events { if let id = item.event.testCaseID { byCase[id, default: []].append(item) } }
        var judged: [TestCaseID: Rejudged] = [:]
        for (index, entry) in manifest.testCases.enumerated() {
            let id = TestCaseID(requirementID: entry.requirementID, scenarioName: entry.scenario)
            let caseEvents = byCase[id] ?? []
            guard let path = checkCaseEvents(entry, index: index, id: id, events: caseEvents, ended: record.result(for: id) != nil, spec: spec) else {
                continue
            }
            guard let scenario = scenarios[id] else { continue }
            let transcript = Self.transcript(of: id, caseEvents.map(\.event))
            checkCalls(transcript.calls, path: path, id: id)
            if let ended = record.result(for: id) { checkEndedTranscript(ended.transcript, calls: transcript.calls, path: path, id: id) }
            await replayCalls(replay, id: id, scenario: scenario, configurations: configurations, events: caseEvents.map(\.event), path: path)
            let judgement = judge.judge(transcript, scenario: scenario)
            if case .doesNotApply(let reason)? = transcript.outcome, reason.hasPrefix(TestCaseResult.Outcome.notApplicablePrefix),
                TestCaseResult.Outcome.notApplicable(about: scenario.deviceSurfaces, declared: declaredSurfaces) != transcript.outcome
            {
                note(path, id.description, "ended '\(reason)', which the surfaces the app's handshake declared do not give")
            }
            if let reason = transcript.outcome?.untestedReason, !scenario.holdsAnswers || playsHeldAnswers == true {
                let why = scenario.holdsAnswers ? "the app's handshake declared concurrentCalls" : "the scenario holds no answer"
                note(path, id.description, "ended untested ('\(reason)'), but \(why): the adapter could have played it")
            }
            if transcript.outcome?.wasPlayed ?? true { rejudged += 1 }
            for problem in judgement.problems { note(path, id.description, problem) }
            if judgement.issues != transcript.issues {
                note(
                    path, id.description,
                    "the run recorded other issues than re-judging finds" + Self.issueDifference(expected: judgement.issues, recorded: transcript.issues))
            }
            // How the transcript ends is compared with the re-judged outcome once the manifest's waivers
            // are applied to it (applyGating): a waiver may have turned the failure into a skip.
            // The judge keeps a waived case's skip when it re-judges as the failure a waiver needs.
            let outcome: TestCaseResult.Outcome = if case .waived = judgement.outcome { .failed } else { judgement.outcome }
            judged[id] = Rejudged(outcome: outcome, issues: judgement.issues)
        }
        let named = Set(manifest.testCases.compactMap(\.transcript))
        for name in order where name.hasPrefix("transcripts/") && !named.contains(name) {
            note(name, "is a transcript that no test case in manifest.json names")
        }
        return judged
    }

    /// Where a test case's events are, checked against the manifest's entry: the file its findings
    /// name, or nil when it has none to re-judge. Format 2 reads them from `events.jsonl` and the
    /// manifest counts them; format 1 held them again in a transcript file, which must be those
    /// same lines.
    mutating func checkCaseEvents(
        _ entry: BundleManifest.TestCase, index: Int, id: TestCaseID, events: [(line: Data, event: Event)], ended: Bool, spec: Spec
    ) -> String? {
        guard manifest.format == 1 else {
            if let path = entry.transcript {
                note("manifest.json", id.description, "names transcript \(path), which a bundle of format \(manifest.format) does not hold")
            }
            if entry.events != (events.isEmpty ? nil : events.count) {
                let stated = entry.events.map { "counts \($0) event\($0 == 1 ? "" : "s")" } ?? "counts no events"
                note("manifest.json", id.description, "\(stated) of the test case, but events.jsonl holds \(events.count)")
            }
            return events.isEmpty ? nil : "events.jsonl"
        }
        guard let path = entry.transcript else {
            if ended { note("manifest.json", id.description, "names no transcript, but the test case ended") }
            return nil
        }
        if path != Self.formatOneTranscriptPath(index: index, of: id) {
            note("manifest.json", id.description, "names transcript \(path), not \(Self.formatOneTranscriptPath(index: index, of: id))")
        }
        guard let transcriptEvents = readEvents(path, spec: spec) else { return nil }
        if transcriptEvents.map(\.line) != events.map(\.line) {
            note(
                path, id.description,
                "differs from the test case's events in events.jsonl" + Self.firstDifference(transcriptEvents.map(\.line), events.map(\.line)))
        }
        return path
    }

    /// The transcript of test case number `index` (from 0) in plan order, in a bundle of format 1:
    /// `transcripts/NNN-ID.jsonl`, the ID with anything but letters, digits, `-` and `_` as `_`.
    static func formatOneTranscriptPath(index: Int, of id: TestCaseID) -> String {
        let name = String(id.requirementID.prefix(60).map { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") ? $0 : "_" })
        return "transcripts/\(String(format: "%03d", index + 1))-\(name).jsonl"
    }

    /// A test case is skipped by the selection exactly when the command line's `--only` and
    /// `--skip` skip it, with the reason the harness gives: a failure cannot be relabelled as
    /// "not selected" without the command line saying so, and verify prints that selection.
    mutating func checkSelection(spec: Spec, record: RunRecord, shard: RunContext.Shard?) {
        let selection = Self.selection(manifest.commandLine, shard: shard)
        let expected = Dictionary(selection.plan(for: spec).map { ($0.0.id, $0.0.skipReason) }, uniquingKeysWith: { first, _ in first })
        for planned in record.plan {
            guard let reason = expected[planned.id], reason != planned.skipReason else { continue }
            let recorded = planned.skipReason.map { "skipped '\($0)'" } ?? "to run"
            let derived = reason.map { "skips it '\($0)'" } ?? "selects it"
            note("events.jsonl", planned.id.description, "is planned \(recorded), but the command line in manifest.json \(derived)")
        }
    }

    /// The `--only` and `--skip` words of a run's command line, as `run` reads them.
    static func selection(_ words: [String], shard: RunContext.Shard?) -> RunSelection {
        func values(_ name: String) -> [String] {
            words.indices.compactMap { index in
                if words[index] == name, index + 1 < words.endIndex { return words[index + 1] }
                return words[index].hasPrefix(name + "=") ? String(words[index].dropFirst(name.count + 1)) : nil
            }
        }
        return RunSelection(only: values("--only"), skip: values("--skip"), shard: shard)
    }

    static func transcript(of id: TestCaseID, _ events: [Event]) -> TranscriptJudge.Transcript {
        var steps: [TranscriptJudge.ObservedStep] = []
        var calls: [BrokerCallRecord] = []
        var issues: [Issue] = []
        var outcome: TestCaseResult.Outcome?
        var step = -1
        for event in events {
            switch event.kind {
            case let .stepPerformed(_, index, _): step = index
            case let .brokerCalled(_, call): calls.append(call)
            case let .observed(_, observation, facts, _):
                steps.append(.init(index: step, observation: observation, facts: facts, callsBefore: calls.count))
            case let .issueRecorded(_, issue): issues.append(issue)
            case let .testCaseEnded(result): outcome = result.outcome
            default: break
            }
        }
        return TranscriptJudge.Transcript(id: id, steps: steps, calls: calls, issues: issues, outcome: outcome)
    }
}
