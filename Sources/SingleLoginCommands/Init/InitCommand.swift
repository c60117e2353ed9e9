import CommandLineKit
import Foundation
import SingleLoginEvents

/// `sl-conformance init swift|stdio`: writes an adapter to start from, whose protocol is complete
/// and whose app parts are marked places that report themselves until they are filled in.
package struct InitCommand: Command {
    /// What kind of adapter to write.
    package enum Kind: String, CaseIterable, Sendable {
        /// A `ConformanceAdapter` in Swift, in process (`swift test`) and over stdio.
        case swift
        /// A stdio adapter in another language (`--language`).
        case stdio
    }

    /// The languages `init stdio` writes an adapter in.
    package enum Language: String, CaseIterable, Sendable {
        /// Python 3.9 or later, standard library only: `adapter.py`.
        case python
        /// Node.js 18 or later, built-in modules only: `adapter.js`.
        case node
    }

    /// `init`'s options.
    package struct Options: OptionGroup {
        /// `swift` or `stdio`.
        package static let kind = Argument(
            "kind", arity: .one, help: "swift (an in-process adapter in a Swift package) or stdio (an adapter in --language).", parser: ValueParser<Kind>.cases)
        /// `--language python|node`.
        package static let language = Option(
            "--language", value: "language", help: "stdio: the language of the adapter.", parser: ValueParser<Language>.cases)
        /// `--directory <dir>`.
        package static let directory = Option(
            "--directory", value: "dir",
            help: "Where to write (created when missing). swift: the package's root (default: .); stdio: default sl-conformance-adapter.")
        /// `--name <Name>`.
        package static let name = Option(
            "--name", value: "Name",
            help:
                "The app's name, a Swift identifier. swift: its core's target (default: the directory's name, as ShiftBoard for shift-board); stdio: default MyApp."
        )
        /// `--dependency-path <dir>`.
        package static let dependencyPath = Option(
            "--dependency-path", value: "dir",
            help:
                "swift: depend on a checkout of sl-conformance at this path (as SwiftPM reads it: relative to the package, or absolute) instead of its address."
        )
        /// `--force`.
        package static let force = Flag("--force", help: "Overwrite files that exist (by default nothing is written when one does).")

        package static var signature: CommandSignature {
            CommandSignature([language, directory, name, dependencyPath, force], arguments: [kind])
        }

        /// What to write.
        package var kind: Kind
        /// The stdio adapter's language (stdio only).
        package var language: Language?
        /// Where to write, as given.
        package var directory: String
        /// The app's name, when given.
        package var name: String?
        /// The checkout to depend on, when given (swift only).
        package var dependencyPath: String?
        /// Overwrite files that exist.
        package var force: Bool

        package init(parsing arguments: ParsedArguments) throws(UsageError) {
            kind = try arguments.value(Self.kind) ?? .swift
            language = try arguments.value(Self.language)
            name = try arguments.value(Self.name)
            dependencyPath = try arguments.value(Self.dependencyPath)
            force = arguments.flag(Self.force)
            switch kind {
            case .swift:
                if language != nil { throw UsageError("'--language' is for 'init stdio'; 'init swift' writes Swift") }
                directory = try arguments.value(Self.directory) ?? "."
            case .stdio:
                if language == nil {
                    throw UsageError("'init stdio' needs '--language <language>'", suggestion: "Please give one of: python, node.")
                }
                if dependencyPath != nil { throw UsageError("'--dependency-path' is for 'init swift'") }
                directory = try arguments.value(Self.directory) ?? "sl-conformance-adapter"
            }
            if let name, InitAppName(name) == nil {
                throw UsageError("'--name' must be a Swift identifier (a letter, then letters, digits or _), e.g. ShiftBoard; got '\(name)'")
            }
        }
    }

    package let name = "init"
    package let abstract = "Write an adapter to start from: the protocol done, each place for your app marked TODO(sl-conformance)."
    package let discussion = """
        init swift writes, into a Swift package (a new one unless --directory has a Package.swift),
        the layout of docs/in-process.md: an adapter library <Name>Conformance with <Name>Adapter, a
        ConformanceAdapter around your app's core (the target <Name>); a three-line stdio executable
        <name>-adapter; and the test target <Name>Tests with one test per requirement, as
        generate-tests writes it. A new package also gets Package.swift, depending on
        \(SwiftScaffold.Dependency.address) (or, with --dependency-path, on a checkout), and
        Sources/<Name>/<Name>.swift for the app's core. In a package that exists, Package.swift is
        left alone: init prints the lines to add (with --force, a Package.swift init wrote and nobody
        has edited is written again). The app's core, once it exists, is never written over. The
        dependency is the released package unless --dependency-path names a checkout (a fork, or
        this one while you try it): init cannot tell whether the copy you run was built from the
        checkout you mean.
        init stdio --language python|node writes adapter.py or adapter.js, standard library only, and a
        README. The protocol part is complete: 'doctor' passes as written.
        Every place where your app comes in (each event, each field of the observation, the identity)
        is marked TODO(sl-conformance). Until it is filled in, it reports itself: the observation shows an
        error element naming it by file and line, and signedInAccount names it, so the run (or swift
        test) fails from the start, and its failures point at the places still to fill in.
          sl-conformance init swift --name ShiftBoard --directory shiftboard
          sl-conformance init stdio --language python
          sl-conformance doctor --adapter 'python3 sl-conformance-adapter/adapter.py'
        Nothing is written when a file exists already, unless --force is given.
        Exit status: 0 written; 2 a file could not be written; 64 usage error (or a file exists).
        """

    /// Creates the command.
    package init() {}

    package func run(_ options: Options, output: TextOutput) async throws(UsageError) -> Int32 {
        let directory = URL(fileURLWithPath: options.directory).standardizedFileURL
        let files: [InitFile]
        let next: [String]
        switch options.kind {
        case .swift:
            guard let app = options.name.flatMap({ InitAppName($0) }) ?? InitAppName(directoryName: directory.lastPathComponent) else {
                throw UsageError("'\(directory.lastPathComponent)' makes no Swift name", suggestion: "Name the app with '--name', e.g. '--name ShiftBoard'.")
            }
            // A manifest as init wrote it, unedited, is a new package's, which --force writes again; any
            // other is the vendor's, left alone. So is the app's core, once it exists.
            if let path = options.dependencyPath { try Self.checkCheckout(path, from: directory, named: options.directory) }
            let manifest = try? String(contentsOf: directory.appendingPathComponent("Package.swift"), encoding: .utf8)
            let existing = manifest.map { !(options.force && SwiftScaffold.isUnedited($0, app: app)) } ?? false
            var scaffold = SwiftScaffold(app: app, dependency: options.dependencyPath.map { .path($0) } ?? .url, existingPackage: existing)
            scaffold.existingCore = FileManager.default.fileExists(atPath: directory.appendingPathComponent(scaffold.corePath).path)
            do { files = try scaffold.files() } catch { return error.report(to: output) }
            next = swiftNextSteps(scaffold, directory: options.directory)
        case .stdio:
            let app = options.name.flatMap { InitAppName($0) } ?? InitAppName("MyApp")!
            let scaffold = StdioScaffold(app: app, language: options.language ?? .python, directory: options.directory)
            files = scaffold.files
            next = [
                "",
                "Then:",
                "  sl-conformance doctor --adapter '\(scaffold.command)'   # the protocol: passes as written",
                "  sl-conformance run --adapter '\(scaffold.command)'      # your app: fails, naming each TODO(sl-conformance) still to fill in",
            ]
        }
        let prefix = options.directory == "." ? "" : (options.directory.hasSuffix("/") ? options.directory : options.directory + "/")
        do { try InitFile.write(files, into: directory, force: options.force) } catch {
            switch error {
            case .exists(let paths):
                throw UsageError(
                    "Refusing to overwrite \(paths.map { prefix + $0 }.joined(separator: ", ")): nothing was written",
                    suggestion: "Pass '--force' to overwrite, or '--directory <dir>' to write elsewhere.")
            case .unwritable(let path, let reason):
                output.err("error: cannot write \(path): \(reason)\n  fix: give '--directory' a directory that can be written (created when missing)")
                return ExitStatus.adapterOrHarnessError.rawValue
            }
        }
        for file in files { output.out("wrote \(prefix)\(file.path)") }
        for line in next { output.out(line) }
        return ExitStatus.passed.rawValue
    }

    /// Refuses a `--dependency-path` that holds no checkout of this package, read as SwiftPM will
    /// read it: from the package's directory, `directory` (`named` as the user gave it), or absolute.
    /// Written into Package.swift unchecked, it would fail only at the first `swift build`.
    private static func checkCheckout(_ path: String, from directory: URL, named: String) throws(UsageError) {
        let checkout = (path.hasPrefix("/") ? URL(fileURLWithPath: path) : directory.appendingPathComponent(path)).standardizedFileURL
        let manifest = try? String(contentsOf: checkout.appendingPathComponent("Package.swift"), encoding: .utf8)
        guard let manifest, manifest.contains(#"name: "SingleLoginConformance""#) else {
            let found = manifest == nil ? "no Package.swift" : "the Package.swift of another package"
            throw UsageError(
                "'--dependency-path \(path)' holds no checkout of sl-conformance: SwiftPM reads it from the package's directory (\(named)), as \(checkout.path), and finds \(found) there",
                suggestion:
                    "Give your clone of sl-conformance relative to \(named) ('..' when the package is inside the clone, '../sl-conformance' when the two sit side by side), or as an absolute path."
            )
        }
    }

    /// What to do after `init swift`: the manifest's lines for a package that exists, then build, doctor, test.
    private func swiftNextSteps(_ scaffold: SwiftScaffold, directory: String) -> [String] {
        var lines = [""]
        if scaffold.existingPackage {
            lines += scaffold.manifestAdditions + [""]
            let core = URL(fileURLWithPath: directory).appendingPathComponent("Sources/\(scaffold.app.name)").path
            if !FileManager.default.fileExists(atPath: core) {
                lines += [
                    "note: there is no Sources/\(scaffold.app.name): the adapter imports \(scaffold.app.name), your app's core;",
                    "      if its target has another name, remove the files above and run init again with --name <Target>.", "",
                ]
            }
        }
        lines += [
            "Then" + (directory == "." ? ":" : ", in \(directory):"),
            "  swift build",
            "  sl-conformance doctor --adapter .build/debug/\(scaffold.app.executableName)   # the protocol: passes as written",
            "  swift test   # your app: fails, naming each TODO(sl-conformance) in \(scaffold.adapterPath) still to fill in",
        ]
        if case .url = scaffold.dependency {
            lines += [
                "",
                "note: the package depends on \(SwiftScaffold.Dependency.address), which has published no release yet;",
                "      until it has, run init again with '--dependency-path <your checkout of sl-conformance>' and '--force'",
                "      (which writes its files again, Package.swift too while you have not edited it; never the app's core).",
            ]
        }
        return lines
    }
}
