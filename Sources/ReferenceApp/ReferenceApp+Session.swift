import Foundation
import SingleLoginAdapter

/// Sign-in, tokens, data and sign-out.
extension ReferenceApp {
    /// The scopes the app asks for silently: every scope it will use, all consented at the interactive sign-in.
    var silentScopeSets: [[String]] {
        callsTwoResources ? [Self.signInScopes, [Self.backendScope]] : [Self.signInScopes + Self.dataScopes]
    }

    /// Whether the view controller it presents the sheet from is in a window (the flawed app presents too early).
    var sheetParentInWindow: Bool { !flaws.contains(.presentsSignInBeforeWindow) }

    /// Whether it calls Microsoft Graph and its own backend, with a token for each.
    var callsTwoResources: Bool { options.contains(.twoResources) || flaws.contains(.promptsPerResource) }

    /// The flawed shift rule: a sign-in over 8 hours old (on the device's clock) needs a new one.
    var signInIsOverAShiftOld: Bool {
        guard flaws.contains(.forcesSignInAfterShift), let stored = storage.defaults["signedInAt"].flatMap(TimeInterval.init) else { return false }
        return environment!.clock.now().timeIntervalSince1970 - stored > 8 * 3600
    }

    /// The extra scopes to consent to at the interactive sign-in.
    var extraScopesToConsent: [String] {
        if flaws.contains(.asksScopesLate) { return [] }
        return callsTwoResources ? [Self.backendScope] : Self.dataScopes
    }

    // MARK: Sign-in

    /// The sign-in button: silently when the device has an account, else one interactive sheet.
    func signIn() async {
        guard memory.session == nil, !(flaws.contains(.staysCancelledAfterCancel) && memory.cancelled) else { return }
        do {
            if let account = try await broker.getCurrentAccount().account {
                if options.contains(.asksSheetOnTap) { await signInInteractively(account: account) } else { await signInSilently(account) }
            } else {
                await signInInteractively(account: nil)
            }
        } catch {
            show(error)
        }
    }

    /// Signs `account` in silently; `reason`, the account check that began it, if any.
    func signInSilently(_ account: MSALAccount, begunBy reason: Reason? = nil) async {
        if flaws.contains(.promptsPerResource) { return await tokensPerResource(for: account) }
        var asked = generation
        let process = processesEnded
        let answer: Result<(signIn: MSALResult, backend: String), any Error>
        let defers = options.contains(.finishesSignInBeforeFollowing)
        if defers { signInsUnderWay += 1 }
        do { answer = .success(try await silentTokens(for: account)) } catch { answer = .failure(error) }
        if defers, process == processesEnded {
            signInsUnderWay -= 1
            // The user changed while the token was under way: once no sign-in is left, the check
            // that follows decides, and the answer, for the user who was there when it asked, is dropped.
            if broadcastDuringSignIn, signInsUnderWay == 0 {
                broadcastDuringSignIn = false
                return await checkAccount(.broadcast)
            }
        }
        if previousUserAwaitsWipe, generation == asked {
            // The flawed change: the previous user leaves only now, with the new user's token in hand.
            wipe(farewell: nil, handingOver: true)
            asked = generation
        }
        // The user was wiped, or someone else signed in, while the token was under way: the answer,
        // a token or an error, is the previous user's.
        let current = generation == asked && (memory.session == nil || memory.session?.identifier == account.identifier)
        let appliesLate = flaws.contains(.showsLateResultUser) || (reason == .broadcast && flaws.contains(.appliesLateSignInBegunByChange))
        guard current || appliesLate else { return }
        do {
            let result = try answer.get()
            await adopt(result.signIn, backendToken: result.backend)
        } catch let error as MSALError where error.isInteractionRequired && flaws.contains(.retriesSilentlyOnInteractionRequired) {
            memory.session = nil
            guard let result = await retrySilently(account, after: error) else { return }
            await adopt(result.signIn, backendToken: result.backend)
        } catch let error as MSALError where error.isInteractionRequired || (flaws.contains(.promptsOnNetworkError) && !error.isDeclinedScopes) {
            // Only InteractionRequired justifies the sheet.
            await signInInteractively(account: account)
        } catch let error as MSALError where error.isDeclinedScopes {
            await declined(error, account: account)
        } catch {
            if flaws.contains(.showsAccountBeforeToken) { memory.errorMessage = "Something went wrong. Please try again."; return }
            memory.session = nil
            show(error)
        }
    }

    /// The flawed way to get two resources' tokens: silently, each on its own, then a sheet for
    /// each resource that needed the user. When every resource needs the user, that is two sheets.
    func tokensPerResource(for account: MSALAccount) async {
        var needsUser: [[String]] = []
        var results: [MSALResult] = []
        for scopes in silentScopeSets {
            do { results.append(try await broker.acquireTokenSilent(SilentTokenParameters(scopes: scopes, accountIdentifier: account.identifier))) } catch let
                error as MSALError where error.isInteractionRequired
            {
                needsUser.append(scopes)
            } catch {
                show(error)
                return
            }
        }
        for scopes in needsUser {
            do {
                results.append(
                    try await broker.acquireToken(
                        InteractiveTokenParameters(
                            scopes: scopes, loginHint: account.username, accountIdentifier: account.identifier, parentInWindow: sheetParentInWindow)))
            } catch {
                show(error)
                return
            }
        }
        guard let signIn = results.first(where: { $0.scopes.contains(Self.signInScopes[0]) }) ?? results.first else { return }
        await adopt(signIn, backendToken: results.last!.accessToken)
    }

    /// A token for each resource, silently: the sign-in's result and the token for the backend.
    func silentTokens(for account: MSALAccount, forceRefresh: Bool = false) async throws -> (signIn: MSALResult, backend: String) {
        var results: [MSALResult] = []
        for scopes in silentScopeSets {
            results.append(
                try await broker.acquireTokenSilent(SilentTokenParameters(scopes: scopes, accountIdentifier: account.identifier, forceRefresh: forceRefresh)))
        }
        return (results[0], results[results.count - 1].accessToken)
    }

    /// The flawed answer to InteractionRequired: silently again with forceRefresh, twice, then an
    /// error on screen; never the sheet, so the user has no way to sign in.
    func retrySilently(_ account: MSALAccount, after error: MSALError) async -> (signIn: MSALResult, backend: String)? {
        for _ in 0..<2 {
            if let tokens = try? await silentTokens(for: account, forceRefresh: true) { return tokens }
        }
        show(error)
        return nil
    }

    func signInInteractively(account: MSALAccount?) async {
        let parameters = InteractiveTokenParameters(
            scopes: Self.signInScopes, extraScopesToConsent: extraScopesToConsent, loginHint: account?.username, accountIdentifier: account?.identifier,
            parentInWindow: sheetParentInWindow)
        let asked = generation
        let answer: Result<MSALResult, any Error>
        do { answer = .success(try await broker.acquireToken(parameters)) } catch { answer = .failure(error) }
        // The device was wiped (a Jamf Reset, a user change) while the sheet was up: its answer is the previous user's.
        let appliesLate = flaws.contains(.showsLateResultUser) || flaws.contains(.appliesLateSheetAfterWipe)
        guard generation == asked || appliesLate else { return }
        do {
            let result = try answer.get()
            var backend = result.accessToken
            if callsTwoResources, result.idToken != nil {
                let parameters = SilentTokenParameters(scopes: [Self.backendScope], accountIdentifier: result.account.identifier)
                let resource: Result<MSALResult, any Error>
                do { resource = .success(try await broker.acquireTokenSilent(parameters)) } catch { resource = .failure(error) }
                guard generation == asked || appliesLate else { return }
                backend = try resource.get().accessToken
            }
            await adopt(result, backendToken: backend)
        } catch let error as MSALError where error.isUserCanceled && !flaws.contains(.showsCancelAsError) {
            // The user dismissed the sheet: a normal outcome, the app stays signed out and usable.
            memory.session = nil
            memory.errorMessage = nil
            memory.cancelled = true
        } catch let error as MSALError where error.isDeclinedScopes {
            if flaws.contains(.repromptsOnDeclinedScopes), !memory.reprompted {
                memory.reprompted = true
                await signInInteractively(account: account)
                return
            }
            await declined(error, account: account)
        } catch {
            memory.session = nil
            show(error)
        }
    }

    /// Fewer scopes granted than asked (-50003): carry on with what was granted, without another sheet.
    private func declined(_ error: MSALError, account: MSALAccount?) async {
        if flaws.contains(.repromptsOnDeclinedScopes), !memory.reprompted {
            memory.reprompted = true
            await signInInteractively(account: account)
            return
        }
        guard let partial = error.invalidResult else {
            memory.session = nil
            memory.errorMessage = "Some permissions were not granted. Ask your administrator."
            return
        }
        await adopt(partial, backendToken: partial.accessToken)
    }

    func adopt(_ result: MSALResult, backendToken: String) async {
        guard let idToken = result.idToken else {
            if flaws.contains(.crashesOnMissingIdToken) {
                // What `result.idToken!` does on a device.
                crashed = true
                running = false
                memory = AppMemory()
                return
            }
            if !flaws.contains(.showsAccountBeforeToken) { memory.session = nil }
            memory.errorMessage = "Sign-in could not be completed. Please try again."
            return
        }
        // The sheet can complete as someone else than the user the app knew (whoever holds the
        // device signs in): nothing of the previous user may stay. (Found by `explore`.)
        let displayName = result.account.accountClaims?["name"] ?? result.account.username ?? "Signed-in user"
        let known: String?
        let incoming: String?
        if flaws.contains(.comparesUsersByDisplayName) {
            (known, incoming) = (memory.session?.displayName ?? storage.keychain["session.displayName"], displayName)
        } else {
            (known, incoming) = (memory.session?.identifier ?? storage.keychain["session.account"], result.account.identifier)
        }
        if let known, known != incoming, !flaws.contains(.keepsDataOnUserChange) { wipe(farewell: nil) }
        memory.session = AppMemory.Session(account: result.account, displayName: displayName, accessToken: backendToken, tokenAt: environment!.clock.now())
        memory.errorMessage = nil
        storage.keychain["session.account"] = result.account.identifier ?? ""
        storage.keychain["session.displayName"] = displayName
        storage.keychain["session.accessToken"] = backendToken
        storage.keychain["session.idToken"] = idToken
        let username = result.account.username ?? ""
        storage.defaults["lastUsername"] = flaws.contains(.comparesUsernamesCaseSensitively) ? username.lowercased() : username
        if flaws.contains(.forcesSignInAfterShift) { storage.defaults["signedInAt"] = String(environment!.clock.now().timeIntervalSince1970) }
        await fetchRecords(accessToken: backendToken, account: result.account)
    }

    /// Refresh: a token again (silently, MSAL renews it when it is about to expire), then the records.
    func loadData(for account: MSALAccount) async {
        if flaws.contains(.reusesExpiredToken), let token = memory.session?.accessToken {
            await fetchRecords(accessToken: token, account: account)
            return
        }
        if flaws.contains(.promptsPerResource) { return await tokensPerResource(for: account) }
        // Every answer from here on is dropped when the user was wiped while it was under way.
        let asked = generation
        if let kept = memory.session, let at = kept.tokenAt,
            flaws.contains(.renewsTokenOnlyWhenRefused)
                || (options.contains(.keepsTokenUntilRefused) && environment!.clock.now().timeIntervalSince(at) < 55 * 60)
        {
            let records = try? await environment!.backend.fetchRecords(accessToken: kept.accessToken)
            guard generation == asked || flaws.contains(.appliesLateDownloadAfterWipe) else { return }
            if let records {
                keep(records, of: account)
                return
            }
        }
        let answer: Result<(signIn: MSALResult, backend: String), any Error>
        do { answer = .success(try await silentTokens(for: account)) } catch { answer = .failure(error) }
        guard generation == asked || flaws.contains(.storesLateTokenAfterSignOut) else {
            if flaws.contains(.sendsLateTokenAfterSignOut), let tokens = try? answer.get() {
                _ = try? await environment!.backend.fetchRecords(accessToken: tokens.backend)
            }
            return
        }
        do {
            await refreshed(try answer.get().backend, for: account)
        } catch let error as MSALError where error.isInteractionRequired && flaws.contains(.retriesSilentlyOnInteractionRequired) {
            guard let tokens = await retrySilently(account, after: error) else { return }
            await refreshed(tokens.backend, for: account)
        } catch let error as MSALError where error.isInteractionRequired || (flaws.contains(.promptsOnNetworkError) && !error.isDeclinedScopes) {
            await signInInteractively(account: account)
        } catch {
            show(error)
        }
    }

    /// A refresh got `backendToken`: kept as the session's, then used for the records.
    private func refreshed(_ backendToken: String, for account: MSALAccount) async {
        memory.session?.tokenAt = environment!.clock.now()
        memory.session?.accessToken = backendToken
        storage.keychain["session.accessToken"] = backendToken
        await fetchRecords(accessToken: backendToken, account: account)
    }

    private func fetchRecords(accessToken: String, account: MSALAccount) async {
        let asked = generation
        do {
            let records = try await environment!.backend.fetchRecords(accessToken: accessToken)
            // Records of a user wiped while they were downloading are that user's: dropped.
            guard generation == asked || flaws.contains(.appliesLateDownloadAfterWipe) else {
                if flaws.contains(.publishesLateDownloadAfterWipe) {
                    surfaces.publish(user: account.username ?? "", records: records, at: environment!.clock.now())
                }
                return
            }
            keep(records, of: account)
        } catch {
            guard generation == asked || flaws.contains(.appliesLateDownloadAfterWipe) else { return }
            show(error)
        }
    }

    /// Shows and stores the records the backend returned.
    private func keep(_ records: [UserRecord], of account: MSALAccount) {
        var records = records
        if flaws.contains(.restoresRecordsOnReturn), let identifier = account.identifier {
            // What the cache kept of this user's earlier sessions comes back beside the new records.
            let earlier = (recordsByUser[identifier] ?? []).filter { old in !records.contains { $0.id == old.id } }
            records = earlier + records
            recordsByUser[identifier] = records
        }
        memory.records = records
        memory.banner = nil
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let json = (try? encoder.encode(records)).map { String(decoding: $0, as: UTF8.self) } ?? "[]"
        storage.files["Documents/records.json"] = json
        storage.cache["records/\(account.identifier ?? "current")"] = json
        if let session = memory.session { surfaces.publish(user: session.displayName, records: records, at: environment!.clock.now()) }
    }

    // MARK: Sign-out

    /// The sign-out button: the app's own session ends at once, whatever the broker does next; then the
    /// broker signs the current account out device-wide and tells every app.
    func signOut() async {
        guard let session = memory.session else { return }
        var identifier = session.account.identifier
        if flaws.contains(.signsOutStaleAccount), let first = try? await broker.allAccounts().first {
            identifier = first.identifier
        }
        let parameters = SignoutParameters(accountIdentifier: identifier, signoutFromBrowser: flaws.contains(.signsOutFromBrowserWithoutWebview))
        if flaws.contains(.waitsForBroadcastToSignOut) {
            // Leaves the clean-up to the broadcast that may never come.
            try? await broker.signout(parameters)
            return
        }
        if flaws.contains(.clearsSurfacesOnlyAfterSignout) {
            // The flawed sign-out: the device's surfaces wait for the broker's word that the device is signed out.
            let kept = surfaces
            wipe(farewell: session.displayName)
            surfaces = kept
            if (try? await broker.signout(parameters)) != nil { surfaces.clear(keeping: []) }
            return
        }
        wipe(farewell: session.displayName)
        try? await broker.signout(parameters)
        if flaws.contains(.syncsDraftsAfterSignOut) { await syncDrafts(accessToken: session.accessToken) }
    }

    /// The flawed final sync: the signed-out user's unsent drafts go to the backend with the ended
    /// session's token (its one call, ``BackendService/fetchRecords(accessToken:)``, stands for the
    /// sync). The backend refuses it; the app ignores the answer.
    func syncDrafts(accessToken: String) async {
        _ = try? await environment!.backend.fetchRecords(accessToken: accessToken)
    }
}
