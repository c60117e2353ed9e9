import CommandLineKit
import SingleLoginEvents
import SingleLoginBackend
import SingleLoginPreflight
import SingleLoginSpec

/// Reads the spec a command works on (the embedded copy unless a file is named) and turns what
/// goes wrong into the documented exit status: 66 for a missing or unreadable file, 64 for a
/// directory, 65 for an invalid spec. Never "spec invalid" for a file that is not there.
enum SpecInput {
    /// Why the input could not be had: what to print on standard error, and the exit status.
    struct Failure: Error {
        /// The exit status it means.
        var status: ExitStatus
        /// The lines for standard error.
        var message: String
        /// How many problems an invalid spec has (0 for a file that cannot be read).
        var problems = 0

        /// Prints the message and returns the status.
        func report(to output: TextOutput) -> Int32 {
            output.err(message)
            return status.rawValue
        }
    }

    /// The bytes of `source`.
    static func bytes(_ source: SpecSource, option: String = "--spec") throws(Failure) -> [UInt8] {
        do { return try source.read() } catch {
            switch error.problem {
            case .noSuchFile:
                throw Failure(status: .noInput, message: "\(error)\n  fix: name an existing file with '\(option) <file>', or leave '\(option)' out to use the spec embedded in sl-conformance ('sl-conformance spec export' writes it out)")
            case .unreadable:
                throw Failure(status: .noInput, message: "\(error)")
            case .isDirectory:
                throw Failure(status: .usage, message: "\(error)\n  fix: '\(option)' takes a spec file, e.g. '\(option) \(error.path.hasSuffix("/") ? error.path : error.path + "/")single-login.json'")
            }
        }
    }

    /// The behavioural spec `source` holds.
    static func catalogue(_ source: SpecSource, option: String = "--spec") throws(Failure) -> LoadedSpec {
        let bytes = try bytes(source, option: option)
        do { return try SpecLoader.load(bytes: bytes, file: source.displayPath) } catch {
            throw Failure(status: .invalidSpec, message: error.description, problems: error.diagnostics.count)
        }
    }

    /// The backend profile `source` holds.
    static func backend(_ source: SpecSource, option: String = "--spec") throws(Failure) -> BackendSpec {
        let bytes = try bytes(source, option: option)
        do { return try BackendSpecLoader.load(bytes: bytes, file: source.displayPath) } catch {
            throw Failure(status: .invalidSpec, message: error.description, problems: error.diagnostics.count)
        }
    }

    /// The preflight spec `source` holds.
    static func preflight(_ source: SpecSource, option: String = "--spec") throws(Failure) -> PreflightSpec {
        let bytes = try bytes(source, option: option)
        do { return try PreflightSpecLoader.load(bytes: bytes, file: source.displayPath) } catch {
            throw Failure(status: .invalidSpec, message: error.description, problems: error.diagnostics.count)
        }
    }
}
