import Foundation
import SingleLoginAdapter

/// Field Notes' sign-in, sync and log-out.
extension FieldNotesApp {
    enum Trigger { case launch, resume, broadcast, sync }

    func detectMode() async {
        do {
            isShared = try await broker.getDeviceInformation().deviceMode == .shared
        } catch let error as MSALError {
            // The object MSAL hands back beside the error says nothing about the device.
            isShared = has(.personalUIOnDeviceInfoError) || has(.changeAccountOnDeviceInfoError) ? (error.deviceInformation?.deviceMode == .shared) : true
        } catch {
            isShared = true
        }
    }

    /// Who is on the device, compared with who the app holds.
    func reconcile(_ trigger: Trigger) async {
        var current: MSALAccount?
        var previous: MSALAccount?
        do {
            if has(.allAccountsInsteadOfCurrentAccount), let cached = try await broker.allAccounts().first {
                current = cached
            } else {
                let answer = try await broker.getCurrentAccount()
                current = answer.account
                previous = answer.previousAccount
            }
        } catch let error as MSALError where error.isInternal(.ambiguousAccount) {
            if has(.picksFirstAccountWhenAmbiguous), let first = try? await broker.accountsFromDevice().first {
                current = first
            } else {
                purge()
                phase = .blocked("This iPad has more than one account signed in. Return it to your manager.")
                return
            }
        } catch {
            if has(.promptsOnAnyError) { await signInInteractively(hint: nil); return }
            if trigger == .launch, style.showsStoredSessionWhenOffline { restoreVault() }
            notice = "Microsoft sign-in is unavailable right now. Tap Sync to try again."
            return
        }
        if firstAccountSeen == nil { firstAccountSeen = current?.identifier }
        // "Continue as ..." names whoever needed the sheet: never anyone but the device's user.
        if let waiting = sheetWaitsForTap, waiting.identifier != current?.identifier { sheetWaitsForTap = nil }
        if let pending = keychain["fieldnotes.pendingLogOut"] {
            // A log-out whose device sign-out failed: finish it for that account, or forget it.
            keychain["fieldnotes.pendingLogOut"] = nil
            if profile == nil, let account = current, account.identifier == pending {
                do { try await broker.signout(SignoutParameters(accountIdentifier: pending)) } catch { keychain["fieldnotes.pendingLogOut"] = pending }
                return
            }
        }
        guard let account = current else {
            if profile != nil || !keychain.isEmpty || !files.isEmpty { purge() }
            if trigger == .launch, has(.promptsAtFirstLaunch) { await signInInteractively(hint: nil) }
            return
        }
        if let held = profile {
            var changed = held.account.identifier != account.identifier
            if has(.comparesPreviousAccount), trigger == .broadcast { changed = previous?.identifier != account.identifier }
            if !changed {
                if trigger == .resume, style.syncOnResume { await sync(held) }
                return
            }
            if has(.keepsDataOnUserChangeWhileSuspended), trigger == .resume { phase = .signedOut } else { purge() }
        } else if has(.keepsNotesFileOnColdUserChange), trigger == .launch, !keychain.isEmpty {
            // The flaw: the session and the drafts go, the notes file is left for the next sync to overwrite.
            keychain = [:]
            defaults = [:]
            files = files.filter { !$0.key.hasPrefix("Documents/Drafts/") }
        } else if !keychain.isEmpty || !files.isEmpty {
            purge()
        }
        if has(.greetsBeforeToken) {
            phase = .signedIn(Profile(account: account, name: account.username ?? "there", notesToken: ""))
        }
        await signInSilently(account)
    }

    /// The scopes of each token the app needs, silently.
    var silentScopes: [[String]] {
        style.twoResources ? [[Self.graphScope], [Self.notesScope]] : [[Self.graphScope, Self.notesScope]]
    }

    func signInSilently(_ account: MSALAccount) async {
        do {
            var results: [MSALResult] = []
            for scopes in silentScopes {
                results.append(try await broker.acquireTokenSilent(SilentTokenParameters(scopes: scopes, accountIdentifier: account.identifier)))
            }
            await adopt(results[0], notesToken: results[results.count - 1].accessToken)
        } catch let error as MSALError {
            await recover(from: error, account: account)
        } catch {
            notice = "Something went wrong."
        }
    }

    /// What an MSAL failure means for the app.
    func recover(from error: MSALError, account: MSALAccount?) async {
        if error.isInteractionRequired, style.continuesOnTap, let account {
            // Not a sheet the user did not ask for: "Continue as ..." opens it on their tap.
            sheetWaitsForTap = account
            return
        }
        if error.isInteractionRequired || (has(.promptsOnAnyError) && !error.isUserCanceled) {
            await signInInteractively(hint: account?.username)
        } else if error.isDeclinedScopes {
            if has(.repromptsOnDeclinedScopes), !repromptedOnce {
                repromptedOnce = true
                await signInInteractively(hint: account?.username)
            } else if let partial = error.invalidResult {
                await adopt(partial, notesToken: partial.accessToken)
            }
        } else if error.isUserCanceled {
            if has(.cancelShownAsAlert) { problem = "Sign-in was cancelled." }
            if !has(.greetsBeforeToken) { phase = .signedOut }
        } else if error.domain == MSALError.urlDomain {
            notice = "You're offline. Tap Sync when you're back online."
        } else {
            if !has(.greetsBeforeToken) { phase = .signedOut }
            problem = "Couldn't sign you in."
        }
    }

    func signInInteractively(hint: String?) async {
        do {
            let result = try await broker.acquireToken(
                InteractiveTokenParameters(scopes: [Self.graphScope], extraScopesToConsent: [Self.notesScope], loginHint: hint))
            var notesToken = result.accessToken
            if style.twoResources, result.idToken != nil || has(.showsNotesOfTokenWithoutIdToken) {
                notesToken = try await broker.acquireTokenSilent(SilentTokenParameters(scopes: [Self.notesScope], accountIdentifier: result.account.identifier))
                    .accessToken
            }
            await adopt(result, notesToken: notesToken)
        } catch let error as MSALError {
            if error.isInteractionRequired { phase = .signedOut; problem = "Couldn't sign you in."; return }
            await recover(from: error, account: nil)
        } catch {
            problem = "Couldn't sign you in."
        }
    }

    func adopt(_ result: MSALResult, notesToken: String) async {
        guard result.idToken != nil else {
            if has(.forceUnwrapsIdToken) { crash(); return }
            if has(.showsNotesOfTokenWithoutIdToken) {
                // Shows the notes although it will not call anyone signed in.
                if let fetched = try? await environment.backend.fetchRecords(accessToken: notesToken) { notes = fetched; notice = "\(fetched.count) notes" }
            }
            if !has(.greetsBeforeToken) { phase = .signedOut }
            if !has(.showsNotesOfTokenWithoutIdToken) { problem = "Couldn't finish signing you in." }
            return
        }
        // The sheet can complete as someone else than the user the app held (whoever holds the device
        // signs in): nothing of the previous user may stay. (Found by explore.)
        if let held = profile, held.account.identifier != result.account.identifier, !has(.keepsDataOnUserChangeWhileSuspended) { purge() }
        let name = result.account.accountClaims?["name"] ?? result.account.username ?? "there"
        let profile = Profile(account: result.account, name: name, notesToken: notesToken)
        phase = .signedIn(profile)
        problem = nil
        notice = nil
        await fetch(profile)
    }

    func fetch(_ profile: Profile) async {
        do {
            notes = try await environment.backend.fetchRecords(accessToken: profile.notesToken)
            persist(profile)
        } catch {
            notice = "Couldn't sync your notes."
        }
    }

    /// Sync: a fresh token for the notes API, then the notes.
    func sync(_ held: Profile) async {
        var profile = held
        if !has(.reusesExpiredToken) {
            do {
                let scopes = silentScopes[silentScopes.count - 1]
                profile.notesToken = try await broker.acquireTokenSilent(
                    SilentTokenParameters(scopes: scopes, accountIdentifier: held.account.identifier, forceRefresh: style.forceRefreshOnSync)
                ).accessToken
            } catch let error as MSALError {
                await recover(from: error, account: held.account)
                return
            } catch {
                return
            }
        }
        phase = .signedIn(profile)
        await fetch(profile)
    }

    /// "Log out": the app forgets the user at once, then MSAL signs the device out.
    func logOut() async {
        guard let held = profile else { return }
        var identifier = held.account.identifier
        if has(.logsOutFirstAccountSeen), let first = firstAccountSeen { identifier = first }
        if !has(.waitsForBroadcastOnLogOut) { purge() }
        if has(.farewellByFirstName) { farewell = "See you next shift, \(held.name.split(separator: " ").first.map(String.init) ?? held.name)!" }
        do {
            if has(.logOutRemovesAccountOnly) {
                try await broker.removeAccount(identifier: identifier)
            } else if has(.signoutFromBrowserWithoutWebview) {
                try await broker.signout(SignoutParameters(accountIdentifier: identifier, signoutFromBrowser: true))
            } else if style.browserLogOut {
                try await broker.signout(
                    SignoutParameters(accountIdentifier: identifier, signoutFromBrowser: true, wipeAccount: true, hasWebviewParameters: true))
            } else {
                try await broker.signout(SignoutParameters(accountIdentifier: identifier))
            }
        } catch {
            // The app already forgot the user; the broker's answer changes nothing for it, except
            // that the device may still be signed in: the finishing build retries at the next check.
            if style.finishesFailedLogOutLater, let identifier { keychain["fieldnotes.pendingLogOut"] = identifier }
        }
    }
}
