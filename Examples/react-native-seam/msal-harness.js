// react-native-msal's client API, with each call made to sl-conformance's simulated broker.
//
// The same shape as the package's `PublicClientApplication` (src/publicClientApplication.native.ts
// in stashenergy/react-native-msal): the same default export, method names, parameter and result
// fields, promises, and the errors its iOS native module (ios/RNMSAL.m) rejects with. Each method
// does what RNMSAL.m does with MSAL for iOS, one wire call per MSAL call (docs/wire-protocol.md):
//
//   init()                      createPublicClientApplication: no broker call
//   acquireToken(params)        msal.acquireToken
//   acquireTokenSilent(params)  msal.accountForIdentifier (the app's own MSAL cache), then
//                               msal.acquireTokenSilent with the account found, or with none
//   getAccounts()               msal.allAccounts
//   getAccount(identifier)      msal.accountForIdentifier
//   removeAccount(account)      msal.accountForIdentifier, then msal.removeAccount
//   signOut(params)             msal.accountForIdentifier, then msal.signout with webview parameters
//
// A test resolves the app's `import PublicClientApplication from 'react-native-msal'` to this
// file (harness/resolve-hooks.js); the app's code is not changed.
import { HostFailure, WireError } from './harness/wire.js';
import { harnessWire } from './harness/native.js';

// MSALPromptType, as react-native-msal declares it (src/types.ts).
export const MSALPromptType = Object.freeze({
  SELECT_ACCOUNT: 0, 0: 'SELECT_ACCOUNT',
  LOGIN: 1, 1: 'LOGIN',
  CONSENT: 2, 2: 'CONSENT',
  WHEN_REQUIRED: 3, 3: 'WHEN_REQUIRED',
  DEFAULT: 3,
});

// RNMSAL.m passes the number through (`[RCTConvert NSUInteger:params[@"promptType"]]`, 0 when
// absent) into MSAL's MSALPromptType, whose values since MSAL 1.2 are selectAccount 0, login 1,
// consent 2, create 3, promptIfNecessary 4. So WHEN_REQUIRED (3) reaches MSAL as `create`, and
// no promptType at all as `selectAccount`: what the wire shows, since the wire sends MSAL's value.
const MSAL_PROMPT_TYPES = ['selectAccount', 'login', 'consent', 'create', 'promptIfNecessary'];

const DEFAULT_AUTHORITY = 'https://login.microsoftonline.com/common';

/** What RN's bridge hands JS for a rejected promise: an Error with code, domain and userInfo. */
export function bridgeError(failure) {
  if (!(failure instanceof WireError)) return failure; // HostFailure and the like: not MSAL's
  const data = failure.data;
  const userInfo = { MSALErrorDescriptionKey: failure.message };
  if (data.internalCode !== undefined) userInfo.MSALInternalErrorCodeKey = data.internalCode;
  if (data.grantedScopes) userInfo.MSALGrantedScopesKey = data.grantedScopes;
  if (data.declinedScopes) userInfo.MSALDeclinedScopesKey = data.declinedScopes;
  // MSALInvalidResultKey holds an MSALResult object, which is not JSON: the bridge's JSON
  // conversion of userInfo does not carry it to JS (an assumption, not checked on a device).
  if (data.invalidResult) userInfo.MSALInvalidResultKey = null;
  if (data.oauthError) userInfo.MSALOAuthErrorKey = data.oauthError;
  if (data.correlationId) userInfo.MSALCorrelationIDKey = data.correlationId;
  // RNMSAL.m: reject([NSString stringWithFormat:@"%d", (int)error.code], error.description, error);
  // React Native (RCTJSErrorFromCodeMessageAndNSError) adds the NSError's domain and userInfo.
  const description = `Error Domain=${data.domain} Code=${failure.code} "(null)" UserInfo={${
    Object.entries(userInfo).map(([key, value]) => `${key}=${JSON.stringify(value)}`).join(', ')}}`;
  const error = new Error(description);
  error.code = String(failure.code);
  error.domain = data.domain;
  error.userInfo = userInfo;
  error.nativeStackIOS = [];
  return error;
}

/** A native crash (NSInvalidArgumentException in RNMSAL.m): the adapter reports the app crashed. */
export class NativeCrash extends Error {
  constructor(message) {
    super(message);
    NativeCrash.last = this; // an ObjC exception: no JS catch can stop it
  }
}
NativeCrash.last = null;

/** RNMSAL.m's MSALAccountToDictionary. */
export function accountToDictionary(account) {
  if (!account.identifier) {
    // [dict setObject:account.identifier forKey:@"identifier"] with nil raises: the app dies.
    throw new NativeCrash('*** -[__NSDictionaryM setObject:forKey:]: object cannot be nil (key: identifier)');
  }
  return {
    identifier: account.identifier,
    username: account.username ?? null,
    environment: account.environment,
    claims: account.accountClaims ?? null,
    tenantId: account.tenantId,
  };
}

/** RNMSAL.m's MSALResultToDictionary: expiresOn in seconds since 1970, idToken null when absent. */
export function resultToDictionary(result, authority) {
  return {
    accessToken: result.accessToken,
    expiresOn: Date.parse(result.expiresOn) / 1000,
    idToken: result.idToken ?? null,
    scopes: result.scopes,
    authority: authority ?? DEFAULT_AUTHORITY,
    tenantId: result.tenantId ?? null,
    account: accountToDictionary(result.account),
  };
}

async function bridged(work) {
  try {
    return await work();
  } catch (failure) {
    throw bridgeError(failure);
  }
}

export class PublicClientApplication {
  constructor(config) {
    this.config = config;
    this.isInitialized = false;
  }

  async init() {
    if (!this.isInitialized) {
      if (!this.config || !this.config.auth || !this.config.auth.clientId) {
        throw new Error('clientId is required'); // what MSAL's config init would refuse
      }
      this.isInitialized = true;
    }
    return this;
  }

  async acquireToken(params) {
    this.validateIsInitialized();
    const wire = harnessWire();
    return bridged(async () => {
      const call = { scopes: params.scopes };
      if (params.extraScopesToConsent) call.extraScopesToConsent = params.extraScopesToConsent;
      call.promptType = MSAL_PROMPT_TYPES[params.promptType ?? 0] ?? 'selectAccount';
      if (params.loginHint) call.loginHint = params.loginHint;
      const result = await wire.call('msal.acquireToken', call);
      return resultToDictionary(result, params.authority ?? this.config.auth.authority);
    });
  }

  async acquireTokenSilent(params) {
    this.validateIsInitialized();
    const wire = harnessWire();
    return bridged(async () => {
      // [application accountForIdentifier:...]: the app's own MSAL cache, never the broker.
      const { account } = await wire.call('msal.accountForIdentifier', { identifier: params.account.identifier });
      const call = { scopes: params.scopes, forceRefresh: Boolean(params.forceRefresh) };
      if (account && account.identifier) call.accountIdentifier = account.identifier; // else MSAL gets nil
      const result = await wire.call('msal.acquireTokenSilent', call);
      return resultToDictionary(result, params.authority ?? this.config.auth.authority);
    });
  }

  async getAccounts() {
    this.validateIsInitialized();
    const wire = harnessWire();
    return bridged(async () => {
      const { accounts } = await wire.call('msal.allAccounts', {});
      return (accounts ?? []).map(accountToDictionary);
    });
  }

  async getAccount(accountIdentifier) {
    this.validateIsInitialized();
    const wire = harnessWire();
    return bridged(async () => {
      const { account } = await wire.call('msal.accountForIdentifier', { identifier: accountIdentifier });
      return account ? accountToDictionary(account) : null; // resolve(nil)
    });
  }

  async removeAccount(account) {
    this.validateIsInitialized();
    const wire = harnessWire();
    return bridged(async () => {
      const found = (await wire.call('msal.accountForIdentifier', { identifier: account.identifier })).account;
      await wire.call('msal.removeAccount', found && found.identifier ? { accountIdentifier: found.identifier } : {});
      return true;
    });
  }

  async signOut(params) {
    this.validateIsInitialized();
    const wire = harnessWire();
    return bridged(async () => {
      const found = (await wire.call('msal.accountForIdentifier', { identifier: params.account.identifier })).account;
      // RNMSAL.m always builds MSALSignoutParameters with webview parameters (the current view
      // controller), and never sets wipeAccount.
      const call = {
        signoutFromBrowser: Boolean(params.signoutFromBrowser),
        wipeAccount: false,
        hasWebviewParameters: true,
      };
      if (found && found.identifier) call.accountIdentifier = found.identifier; // else MSAL gets nil: -42000
      await wire.call('msal.signout', call);
      return true;
    });
  }

  validateIsInitialized() {
    if (!this.isInitialized) {
      throw new Error(
        'PublicClientApplication is not initialized. You must call the `init` method before any other method.');
    }
  }
}

export default PublicClientApplication;
export { HostFailure };
