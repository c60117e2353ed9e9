import CommandLineKit
import SingleLoginEvents
import SingleLoginBackend
import SingleLoginPreflight
import SingleLoginSpec

/// Reads the spec a command works on (the embedded copy unless a file is named) and turns what
/// goes wrong into the documented exit status: 66 for a missing or unreadable file, 64 for a
/// directory, 65 for an invalid spec. Never "spec invalid" for a file that is not there.
enum SpecInput {
    /// The bytes of `source`.
    static func bytes(_ source: SpecSource, option: String = "--spec") throws(CommandFailure) -> [UInt8] {
        do { return try source.read() } catch {
            switch error.problem {
            case .noSuchFile:
                throw CommandFailure(
                    status: .noInput,
                    message:
                        "\(error)\n  fix: name an existing file with '\(option) <file>', or leave '\(option)' out to use the spec embedded in sl-conformance ('sl-conformance spec export' writes it out)"
                )
            case .unreadable:
                throw CommandFailure(status: .noInput, message: "\(error)")
            case .isDirectory:
                throw CommandFailure(
                    status: .usage,
                    message:
                        "\(error)\n  fix: '\(option)' takes a spec file, e.g. '\(option) \(error.path.hasSuffix("/") ? error.path : error.path + "/")single-login.json'"
                )
            }
        }
    }

    /// The behavioural spec `source` holds.
    static func catalogue(_ source: SpecSource, option: String = "--spec") throws(CommandFailure) -> LoadedSpec {
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
