import CommandLineKit
import Foundation
import SingleLoginEvents
import SingleLoginBackend
import SingleLoginPreflight
import SingleLoginSpec

/// Reads the input files of every command: the spec a command works on (the embedded copy unless
/// a file is named) and any other file a user names (a baseline, a bundle, a report to merge),
/// and turns what goes wrong into the documented exit status: 66 for a missing or unreadable
/// file, 64 for a directory or anything else that is neither a file nor a stream (a socket), 65 for
/// an invalid spec. Never "spec invalid" for a file that is not there.
enum SpecInput {
    /// The bytes of `source`, named by `option` (`--spec`, or `validate` for its argument), which
    /// takes `wanted` (`a spec file`), such as `example`: the fix for a missing file says to leave
    /// the option out for the embedded spec only when the option falls back to it.
    static func bytes(
        _ source: SpecSource, option: String = "--spec", wanted: String = "a spec file", example: String = "single-login.json", embeddedFallback: Bool = true
    ) throws(CommandFailure) -> [UInt8] {
        do { return try source.read() } catch {
            let usage = option.hasPrefix("-") ? "\(option) <file>" : "\(option) FILE"
            switch error.problem {
            case .noSuchFile:
                let fallback =
                    embeddedFallback
                    ? ", or leave '\(option)' out to use the spec embedded in sl-conformance ('sl-conformance spec export' writes it out)" : ""
                throw CommandFailure(status: .noInput, message: "\(error)\n  fix: name an existing file with '\(usage)'\(fallback)")
            case .unreadable:
                throw CommandFailure(status: .noInput, message: "\(error)")
            case .isDirectory:
                throw CommandFailure(
                    status: .usage,
                    message:
                        "\(error)\n  fix: '\(option)' takes \(wanted), e.g. '\(option) \(error.path.hasSuffix("/") ? error.path : error.path + "/")\(example)'")
            case .notRegularFile:
                throw CommandFailure(status: .usage, message: "\(error)\n  fix: '\(option)' takes \(wanted), e.g. '\(option) \(example)'")
            }
        }
    }

    /// The bytes of the file at `path`, which `option` names (`--baseline`, `merge IN`) and which
    /// should be `wanted` (`the junit.xml an earlier run wrote`): exit `unreadable` (66 unless the
    /// command documents another) when it is missing or cannot be read, 64 when it is a directory
    /// or neither a file nor a stream. The message names the path, what is wrong and the fix.
    static func file(_ path: String, option: String, wanted: String, unreadable: ExitStatus = .noInput) throws(CommandFailure) -> Data {
        do { return Data(try SpecFileError.readFile(path)) } catch {
            let fix =
                switch error.problem {
                case .unreadable: "make the file readable, or give '\(option)' \(wanted)"
                case .noSuchFile, .isDirectory, .notRegularFile: "give '\(option)' \(wanted)"
                }
            throw CommandFailure(status: error.isNotAFile ? .usage : unreadable, message: "error: \(path): \(error.reason)\n  fix: \(fix)")
        }
    }

    /// The behavioural spec `source` holds.
    static func catalogue(_ source: SpecSource, option: String = "--spec") throws(CommandFailure) -> LoadedSpec {
        if source == .embedded(.singleLogin) { return EmbeddedSpec.loadedCatalogue }
        let bytes = try bytes(source, option: option)
        do { return try SpecLoader.load(bytes: bytes, file: source.displayPath) } catch {
            throw CommandFailure(status: .invalidSpec, message: error.description, problems: error.diagnostics.count)
        }
    }

    /// The backend profile `source` holds.
    static func backend(_ source: SpecSource, option: String = "--spec") throws(CommandFailure) -> BackendSpec {
        let bytes = try bytes(source, option: option)
        do { return try BackendSpecLoader.load(bytes: bytes, file: source.displayPath) } catch {
            throw CommandFailure(status: .invalidSpec, message: error.description, problems: error.diagnostics.count)
        }
    }

    /// The preflight spec `source` holds.
    static func preflight(_ source: SpecSource, option: String = "--spec") throws(CommandFailure) -> PreflightSpec {
        let bytes = try bytes(source, option: option)
        do { return try PreflightSpecLoader.load(bytes: bytes, file: source.displayPath) } catch {
            throw CommandFailure(status: .invalidSpec, message: error.description, problems: error.diagnostics.count)
        }
    }
}
