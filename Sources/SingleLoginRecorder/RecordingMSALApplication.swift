import Foundation
import SingleLoginSeam

/// The app's MSAL, recorded: every call goes to `base` (the app's real MSAL behind the seam)
/// unchanged, and when it ends the recorder writes its parameters and its result or error
/// (tokens as keyed digests). Give the app this instead of `base` in debug builds:
///
///     #if DEBUG
///     let msal: any MSALPublicClientApplicationProtocol = RecordingMSALApplication(base: liveMSAL, recorder: recorder)
///     #else
///     let msal: any MSALPublicClientApplicationProtocol = liveMSAL
///     #endif
public final class RecordingMSALApplication: MSALPublicClientApplicationProtocol {
    /// The MSAL the app would use without the recorder.
    public let base: any MSALPublicClientApplicationProtocol
    /// Where calls are recorded.
    public let recorder: SessionRecorder

    /// Records every call made on `base` into `recorder`.
    public init(base: any MSALPublicClientApplicationProtocol, recorder: SessionRecorder) {
        self.base = base
        self.recorder = recorder
    }

    // MARK: Completion forms

    public func acquireTokenSilent(with parameters: MSALSilentTokenParameters, completionBlock: @escaping @Sendable (MSALResult?, (any Error)?) -> Void) {
        let recorded = Self.silent(parameters)
        base.acquireTokenSilent(with: parameters) { [recorder] result, error in
            recorder.record(Self.token(.acquireTokenSilent, recorded, result, error, recorder.digest))
            completionBlock(result, error)
        }
    }

    public func acquireToken(with parameters: MSALInteractiveTokenParameters, completionBlock: @escaping @Sendable (MSALResult?, (any Error)?) -> Void) {
        let recorded = Self.interactive(parameters)
        base.acquireToken(with: parameters) { [recorder] result, error in
            recorder.record(Self.token(.acquireToken, recorded, result, error, recorder.digest))
            completionBlock(result, error)
        }
    }

    public func getCurrentAccount(with parameters: MSALParameters?, completionBlock: @escaping @Sendable (MSALAccount?, MSALAccount?, (any Error)?) -> Void) {
        let atLaunch = recorder.startsLaunchAccountCheck()
        base.getCurrentAccount(with: parameters) { [recorder] account, previous, error in
            let deliver: @Sendable () -> Void = {
                recorder.record(Self.currentAccount(account, previous, error, recorder.digest))
                completionBlock(account, previous, error)
            }
            guard atLaunch else { return deliver() }
            // The screen is taken before the app has the answer; the answer then reaches the app on
            // the main queue when MSAL answered there (its default), or else from the recorder's task.
            let onMain = Thread.isMainThread
            Task {
                await recorder.checkpoint(label: SessionRecorder.launchAccountCheckLabel)
                if onMain { DispatchQueue.main.async(execute: deliver) } else { deliver() }
            }
        }
    }

    public func signout(with account: MSALAccount, signoutParameters: MSALSignoutParameters, completionBlock: @escaping @Sendable (Bool, (any Error)?) -> Void)
    {
        let recorded = Self.signout(account, signoutParameters)
        base.signout(with: account, signoutParameters: signoutParameters) { [recorder] success, error in
            recorder.record(Self.signedOut(recorded, success, error, recorder.digest))
            completionBlock(success, error)
        }
    }

    public func getDeviceInformation(with parameters: MSALParameters?, completionBlock: @escaping @Sendable (MSALDeviceInformation?, (any Error)?) -> Void) {
        base.getDeviceInformation(with: parameters) { [recorder] information, error in
            recorder.record(Self.deviceInformation(information, error, recorder.digest))
            completionBlock(information, error)
        }
    }

    public func accountsFromDevice(
        for parameters: MSALAccountEnumerationParameters, completionBlock: @escaping @Sendable ([MSALAccount]?, (any Error)?) -> Void
    ) {
        base.accountsFromDevice(for: parameters) { [recorder] accounts, error in
            recorder.record(Self.accounts(.accountsFromDevice, RecordedCall.Parameters(), accounts, error, recorder.digest))
            completionBlock(accounts, error)
        }
    }

    // MARK: Async forms: the base's own, which may not go through its completion forms

    public func acquireTokenSilent(with parameters: MSALSilentTokenParameters) async throws -> MSALResult {
        try await outcome(.acquireTokenSilent, Self.silent(parameters), as: Self.token) { try await base.acquireTokenSilent(with: parameters) }
    }

    public func acquireToken(with parameters: MSALInteractiveTokenParameters) async throws -> MSALResult {
        try await outcome(.acquireToken, Self.interactive(parameters), as: Self.token) { try await base.acquireToken(with: parameters) }
    }

    public func getCurrentAccount(with parameters: MSALParameters?) async throws -> (MSALAccount?, MSALAccount?) {
        let atLaunch = recorder.startsLaunchAccountCheck()
        return try await outcome {
            let answer: Result<(MSALAccount?, MSALAccount?), any Error>
            do { answer = .success(try await base.getCurrentAccount(with: parameters)) } catch { answer = .failure(error) }
            // The screen is taken before the app has the answer, whether it is accounts or an error.
            if atLaunch { await recorder.checkpoint(label: SessionRecorder.launchAccountCheckLabel) }
            return try answer.get()
        } record: { accounts, error in
            Self.currentAccount(accounts?.0, accounts?.1, error, self.recorder.digest)
        }
    }

    public func signout(with account: MSALAccount, signoutParameters: MSALSignoutParameters) async throws -> Bool {
        let recorded = Self.signout(account, signoutParameters)
        return try await outcome {
            try await base.signout(with: account, signoutParameters: signoutParameters)
        } record: { success, error in
            Self.signedOut(recorded, success ?? false, error, self.recorder.digest)
        }
    }

    public func getDeviceInformation(with parameters: MSALParameters?) async throws -> MSALDeviceInformation {
        try await outcome {
            try await base.getDeviceInformation(with: parameters)
        } record: { information, error in
            Self.deviceInformation(information ?? (error as? MSALError)?.deviceInformation, error, self.recorder.digest)
        }
    }

    public func accountsFromDevice(for parameters: MSALAccountEnumerationParameters) async throws -> [MSALAccount] {
        try await outcome(.accountsFromDevice, RecordedCall.Parameters(), as: Self.accounts) { try await base.accountsFromDevice(for: parameters) }
    }

    // MARK: The app's own MSAL cache

    public func allAccounts() async throws -> [MSALAccount] {
        try await outcome(.allAccounts, RecordedCall.Parameters(), as: Self.accounts) { try await base.allAccounts() }
    }

    public func account(forIdentifier identifier: String) async throws -> MSALAccount {
        var parameters = RecordedCall.Parameters()
        parameters.identifier = identifier
        return try await outcome(.accountForIdentifier, parameters, as: Self.account) { try await base.account(forIdentifier: identifier) }
    }

    public func account(forUsername username: String) async throws -> MSALAccount {
        var parameters = RecordedCall.Parameters()
        parameters.username = username
        return try await outcome(.accountForUsername, parameters, as: Self.account) { try await base.account(forUsername: username) }
    }

    public func remove(_ account: MSALAccount) async throws {
        var parameters = RecordedCall.Parameters()
        parameters.accountIdentifier = account.identifier
        try await outcome {
            try await base.remove(account)
        } record: { removed, error in
            RecordedCall(
                method: RecordedMethod.removeAccount.rawValue, parameters: parameters, result: removed == nil ? nil : RecordedCall.Result(),
                error: Self.error(error, self.recorder.digest))
        }
    }

    /// Runs `call`, records what `record` makes of its value or error, and returns or rethrows.
    private func outcome<Value>(_ call: () async throws -> Value, record: (Value?, (any Error)?) -> RecordedCall) async throws -> Value {
        do {
            let value = try await call()
            recorder.record(record(value, nil))
            return value
        } catch {
            recorder.record(record(nil, error))
            throw error
        }
    }

    /// Runs `call` and records it as `method` with `parameters`, its value or error as `record`
    /// writes them: the calls whose record is only that (tokens, accounts).
    private func outcome<Value>(
        _ method: RecordedMethod, _ parameters: RecordedCall.Parameters,
        as record: (RecordedMethod, RecordedCall.Parameters, Value?, (any Error)?, TokenDigest) -> RecordedCall, _ call: () async throws -> Value
    ) async throws -> Value {
        try await outcome(call) { value, error in record(method, parameters, value, error, recorder.digest) }
    }
}
