import CommandLineKit
import Foundation
import SingleLoginEvents
import SingleLoginReports
import SingleLoginSpec

/// `sl-conformance generate-tests --adapter-factory EXPR`: writes the Swift test file that runs a
/// spec in process in a vendor's own `swift test`, one test per requirement.
package struct GenerateTestsCommand: Command {
    /// `generate-tests`' options.
    package struct Options: OptionGroup {
        /// `--adapter-factory <expression>`.
        package static let adapterFactory = Option(
            "--adapter-factory", value: "expression",
            help: "A Swift expression that makes one adapter, e.g. 'ShiftBoardAdapter()' (a bare type name gets '()').")
        /// `--import <module>`, repeatable.
        package static let imports = Option(
            "--import", value: "module", repeatable: true, help: "A module the tests import, e.g. the one with your adapter (repeatable).")
        /// `--framework swift-testing|xctest`.
        package static let framework = Option(
            "--framework", value: "framework", default: GeneratedTestFile.Framework.swiftTesting.rawValue, help: "The test framework to write for.",
            parser: ValueParser<GeneratedTestFile.Framework>.cases)
        /// `--type-name <name>`.
        package static let typeName = Option(
            "--type-name", value: "name", default: "SingleLoginConformanceTests", help: "The suite's (or XCTestCase's) type name.")
        /// `--spec <file>`.
        package static let spec = Option(
            "--spec", value: "file", help: "A spec file, read by the tests from the package root (default: the spec embedded in the kit).")
        /// `--output <file>`.
        package static let output = Option("--output", short: "-o", value: "file", help: "Where to write the file (default: standard output).")
        /// `--level must|should`: whether the tests fail on SHOULD failures (the default) or warn.
        package static var level: Option<Gate> { LevelOption.level }
        /// `--check`.
        package static let check = Flag("--check", help: "With --output: change nothing; exit 1 when the file is not what would be written.")

        package static var signature: CommandSignature { CommandSignature([adapterFactory, imports, framework, typeName, spec, level, output, check]) }

        /// The adapter expression, `()` added to a bare name.
        package var adapterFactory: String
        /// Modules to import.
        package var imports: [String]
        /// The framework.
        package var framework: GeneratedTestFile.Framework
        /// The type name.
        package var typeName: String
        /// The spec: embedded unless a file is named.
        package var spec: SpecSource
        /// Which failures fail their tests.
        package var gate: Gate
        /// Where to write, or nil for standard output.
        package var outputPath: String?
        /// Only compare.
        package var check: Bool

        package init(parsing arguments: ParsedArguments) throws(UsageError) {
            let factory = try arguments.required(Self.adapterFactory).trimmingCharacters(in: .whitespaces)
            guard !factory.isEmpty else { throw UsageError("'--adapter-factory' needs a Swift expression, e.g. 'MyAdapter()'") }
            adapterFactory = factory.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." } ? factory + "()" : factory
            imports = try arguments.values(Self.imports)
            framework = try arguments.value(Self.framework) ?? .swiftTesting
            typeName = try arguments.value(Self.typeName) ?? "SingleLoginConformanceTests"
            guard typeName.first.map({ $0.isLetter || $0 == "_" }) == true, typeName.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else {
                throw UsageError("'--type-name' must be a Swift type name, e.g. SingleLoginConformanceTests")
            }
            spec = SpecSource(path: try arguments.value(Self.spec), default: DefaultSpecs.catalogue)
            gate = try arguments.value(Self.level) ?? .mustAndShould
            outputPath = try arguments.value(Self.output)
            check = arguments.flag(Self.check)
            if check, outputPath == nil { throw UsageError("'--check' compares with the file named by '--output'") }
        }

        /// The options `init swift` uses: a Swift Testing file of the embedded spec, as the command
        /// line `--adapter-factory EXPR --import MODULE... --output PATH` gives them.
        init(adapterFactory: String, imports: [String], outputPath: String) {
            self.adapterFactory = adapterFactory
            self.imports = imports
            framework = .swiftTesting
            typeName = "SingleLoginConformanceTests"
            spec = .embedded(DefaultSpecs.catalogue)
            gate = .mustAndShould
            self.outputPath = outputPath
            check = false
        }

        /// The command line that writes the same file, as the file's header quotes it.
        var commandLine: String {
            var words = ["sl-conformance", "generate-tests", "--adapter-factory", adapterFactory]
            for module in imports { words += ["--import", module] }
            if framework != .swiftTesting { words += ["--framework", framework.rawValue] }
            if typeName != "SingleLoginConformanceTests" { words += ["--type-name", typeName] }
            if case let .file(path) = spec { words += ["--spec", path] }
            if gate == .mustOnly { words += ["--level", "must"] }
            if let outputPath { words += ["--output", outputPath] }
            return words.map(Self.shellQuoted).joined(separator: " ")
        }

        /// `word` as a shell word: as it is when safe, else in single quotes.
        static func shellQuoted(_ word: String) -> String {
            let safe = word.allSatisfy { $0.isLetter || $0.isNumber || "-_./=:,@+".contains($0) }
            return safe && !word.isEmpty ? word : "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
        }
    }

    package let name = "generate-tests"
    package let abstract = "Write the Swift test file that runs a spec in your own 'swift test', one test per requirement."
    package let discussion = """
        The file calls the SingleLoginTesting kit (link it from your test target): each requirement is
        its own test, named after its ID, in 'swift test' output, --xunit-output and Xcode, and
        'swift test --filter SL-LOGOUT' runs the sign-out requirements only. A failure is an issue with
        the console's evidence. One more test fails, with this command, when the spec's requirements
        change (an update of sl-conformance) and the file was not regenerated.
          sl-conformance generate-tests --adapter-factory 'ShiftBoardAdapter()' --import ShiftBoardConformance \\
            --output Tests/ShiftBoardTests/SingleLoginConformanceTests.swift
        Exit status: 0 written (or, with --check, up to date); 1 with --check when the file differs;
        2 the file cannot be written; 64 usage error; 65 invalid spec; 66 the --spec file is missing.
        """

    /// Creates the command.
    package init() {}

    package func run(_ options: Options, output: TextOutput) async throws(UsageError) -> Int32 {
        let loaded: LoadedSpec
        let source: String
        do { (loaded, source) = try Self.file(options) } catch { return error.report(to: output) }
        guard let path = options.outputPath else {
            output.write(source)
            return ExitStatus.passed.rawValue
        }
        let url = URL(fileURLWithPath: path)
        let current = FileManager.default.contents(atPath: path)
        if current == Data(source.utf8) {
            let count = loaded.spec.requirements.count
            output.err("\(path) is up to date (\(count) requirement\(count == 1 ? "" : "s") of \(loaded.spec.id) \(loaded.spec.version))")
            return ExitStatus.passed.rawValue
        }
        if options.check {
            output.err(
                "\(path) is \(current == nil ? "missing" : "not what generate-tests writes for \(loaded.spec.id) \(loaded.spec.version)"); run:\n  \(options.commandLine)"
            )
            return ExitStatus.requirementFailures.rawValue
        }
        do { try AtomicFileWriter.write(Data(source.utf8), to: url) } catch {
            output.err("error: \(error)")
            return ExitStatus.adapterOrHarnessError.rawValue
        }
        let tests = loaded.spec.requirements.count == 1 ? "1 test" : "\(loaded.spec.requirements.count) tests"
        output.err("wrote \(path): \(tests) of \(loaded.spec.id) \(loaded.spec.version) and the test of the generated tests")
        return ExitStatus.passed.rawValue
    }

    /// The spec `options` name, and the text of the test file generated from it.
    static func file(_ options: Options) throws(CommandFailure) -> (LoadedSpec, String) {
        let loaded = try SpecInput.catalogue(options.spec)
        let specExpression: String
        switch options.spec {
        case .embedded: specExpression = ".shipped"
        case let .file(path): specExpression = "try! ConformanceSpec(file: \(GeneratedTestFile.literal(path)))"
        }
        // The kit's default gate is written as nothing, so files generated before --level stay as they were.
        let conformanceArguments = "spec: " + specExpression + (options.gate == .mustOnly ? ", gate: .mustOnly" : "")
        let file = GeneratedTestFile(
            requirements: loaded.spec.requirements, specID: loaded.spec.id, specVersion: loaded.spec.version, conformanceArguments: conformanceArguments,
            adapterFactory: options.adapterFactory, imports: options.imports, typeName: options.typeName, framework: options.framework,
            command: options.commandLine)
        return (loaded, file.source)
    }
}
