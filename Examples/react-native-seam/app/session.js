// Contoso Shifts (React Native): the session logic, as it ships. The screens render
// screenModel(getState()) (SessionScreen.jsx); App.jsx calls start() once when it mounts.
//
// Shared Device Mode, the way Microsoft's guidance says:
// - check the account (getCurrentAccount) on launch, on every return to the foreground and on
//   every account-change broadcast, and compare identifiers with the session the app holds;
// - a silent token for the device's account; only InteractionRequired justifies the sheet;
// - the user dismissing the sheet is no error; a result without an id token is no sign-in;
// - sign out through MSAL (device-wide), then clear everything the app keeps.
import { AppState } from 'react-native';
import PublicClientApplication, { MSALPromptType } from 'react-native-msal';
import AsyncStorage from '@react-native-async-storage/async-storage';
import * as Keychain from 'react-native-keychain';
import SharedDeviceMode, { sharedDeviceEvents, ACCOUNT_CHANGED } from './native/SharedDeviceMode';

const msalConfig = {
  auth: {
    clientId: '6f1c2a3e-5b7d-4e8f-9a0b-1c2d3e4f5a6b',
    authority: 'https://login.microsoftonline.com/common',
    redirectUri: 'msauth.com.contoso.shifts://auth',
  },
};

// Every scope the app will use, consented at the one interactive sign-in.
const SIGN_IN_SCOPES = ['User.Read'];
const EXTRA_SCOPES_TO_CONSENT = ['Tasks.Read'];
const API_SCOPES = [...SIGN_IN_SCOPES, ...EXTRA_SCOPES_TO_CONSENT];

const SHIFTS_URL = 'https://shifts.contoso.example/api/my-shifts';
const SESSION_SERVICE = 'com.contoso.shifts.session';
const RECORDS_KEY = 'shifts.records';
const LAST_USERNAME_KEY = 'shifts.lastUsername';

// MSAL for iOS's codes, as react-native-msal rejects with them: error.code is a string.
const MSAL_DOMAIN = 'MSALErrorDomain';
const INTERACTION_REQUIRED = '-50002';
const USER_CANCELED = '-50005';
const MSAL_INTERNAL = '-50000';
const AMBIGUOUS_ACCOUNT = -42102;
const BROKER_NOT_AVAILABLE = -42714;

const isMsal = (error, code) => Boolean(error) && error.domain === MSAL_DOMAIN && error.code === code;
const internalCode = (error) => error && error.userInfo && error.userInfo.MSALInternalErrorCodeKey;
const isAmbiguousAccount = (error) => isMsal(error, MSAL_INTERNAL) && internalCode(error) === AMBIGUOUS_ACCOUNT;
const isTransient = (error) =>
  Boolean(error) &&
  (error.domain === 'NSURLErrorDomain' ||
    error.domain === 'com.apple.AuthenticationServices.AuthorizationError' ||
    (isMsal(error, MSAL_INTERNAL) && internalCode(error) === BROKER_NOT_AVAILABLE));

let pca = null;
let lastAppState = 'active';
const listeners = new Set();
let state = {
  sharedMode: null, // true, false, or null while unknown
  session: null, // { account: { identifier, username, name }, accessToken }
  pendingAccount: null, // the device's account, while its token could not be had (offline)
  records: [],
  notice: null,
  error: null,
};

function setState(patch) {
  state = { ...state, ...patch };
  for (const listener of listeners) listener(state);
}

export function getState() {
  return state;
}

export function subscribe(listener) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const report = (what) => (error) => console.warn(`${what} failed:`, error && error.message);

// -- lifecycle ------------------------------------------------------------------------------

export async function start() {
  pca = new PublicClientApplication(msalConfig);
  await pca.init();
  await SharedDeviceMode.configure(msalConfig.auth);
  lastAppState = AppState.currentState;
  AppState.addEventListener('change', onAppStateChange);
  sharedDeviceEvents.addListener(ACCOUNT_CHANGED, onAccountChanged);
  await detectSharedMode();
  await restoreSession();
  await checkAccount('launch');
}

function onAppStateChange(next) {
  const previous = lastAppState;
  lastAppState = next;
  if (next === 'active' && previous !== 'active') {
    checkAccount('resume').catch(report('the account check on resume'));
  }
}

function onAccountChanged() {
  if (AppState.currentState !== 'active') return;
  checkAccount('broadcast').catch(report('the account check on the broadcast'));
}

// -- what the user taps -----------------------------------------------------------------------

export async function signIn() {
  if (state.session) return;
  await signInInteractively(state.pendingAccount ? state.pendingAccount.username : undefined);
}

export async function signOut() {
  const account = state.session ? state.session.account : await storedAccount();
  if (account) {
    try {
      await pca.signOut({ account: { identifier: account.identifier, username: account.username }, signoutFromBrowser: false });
    } catch (error) {
      // The session ends here anyway; the next account check sees what the broker says.
      report('signOut')(error);
    }
  }
  await clearUserData();
}

export async function refresh() {
  const account = state.session ? state.session.account : state.pendingAccount;
  if (!account) {
    await checkAccount('refresh');
    return;
  }
  await signInSilently(account);
}

function openSignUp() {}

// -- the logic ------------------------------------------------------------------------------------

async function detectSharedMode() {
  try {
    const info = await SharedDeviceMode.getDeviceInformation();
    setState({ sharedMode: info.deviceMode === 'shared' });
  } catch (error) {
    report('getDeviceInformation')(error);
    setState({ sharedMode: null });
  }
}

async function storedAccount() {
  const saved = await Keychain.getGenericPassword({ service: SESSION_SERVICE });
  return saved ? JSON.parse(saved.password).account : null;
}

async function restoreSession() {
  const saved = await Keychain.getGenericPassword({ service: SESSION_SERVICE });
  if (!saved) return;
  const { account, accessToken } = JSON.parse(saved.password);
  let records = [];
  try {
    records = JSON.parse((await AsyncStorage.getItem(RECORDS_KEY)) || '[]');
  } catch {
    records = [];
  }
  setState({ session: { account, accessToken }, records });
}

async function checkAccount(reason) {
  let current;
  try {
    ({ account: current } = await SharedDeviceMode.getCurrentAccount());
  } catch (error) {
    if (isAmbiguousAccount(error)) {
      await clearUserData();
      setState({ error: 'More than one account is signed in on this device. Ask your administrator.' });
    } else {
      report(`getCurrentAccount (${reason})`)(error);
      setState({ notice: "Can't reach Microsoft sign-in right now. Pull to refresh." });
    }
    return;
  }
  // previousAccount is not looked at: it is non-nil whenever an earlier call saw anyone.
  const ours = state.session ? state.session.account.identifier : ((await storedAccount()) || {}).identifier;
  if (!current) {
    if (ours || state.pendingAccount) await clearUserData();
    return;
  }
  if (ours && ours !== current.identifier) await clearUserData();
  if (state.session && state.session.account.identifier === current.identifier && reason !== 'launch') {
    return; // nothing changed: keep everything, ask for nothing
  }
  await signInSilently(current);
}

async function signInSilently(account) {
  let result;
  try {
    result = await SharedDeviceMode.acquireTokenSilent({ scopes: API_SCOPES, account });
  } catch (error) {
    if (isMsal(error, INTERACTION_REQUIRED)) {
      await signInInteractively(account.username);
    } else if (isTransient(error)) {
      setState({
        pendingAccount: state.session ? null : account,
        notice: "You're offline. Pull to refresh to try again.",
      });
    } else {
      report('acquireTokenSilent')(error);
      await clearUserData();
      setState({ error: "Couldn't sign you in. Try again." });
    }
    return;
  }
  await completeSignIn(result);
}

async function signInInteractively(loginHint) {
  let result;
  try {
    result = await pca.acquireToken({
      scopes: SIGN_IN_SCOPES,
      extraScopesToConsent: EXTRA_SCOPES_TO_CONSENT,
      promptType: MSALPromptType.WHEN_REQUIRED,
      loginHint,
    });
  } catch (error) {
    if (isMsal(error, USER_CANCELED)) return; // the user closed the sheet: nothing to say
    if (isTransient(error)) {
      setState({ notice: "You're offline. Try again when you're connected." });
    } else {
      report('acquireToken')(error);
      setState({ error: "Couldn't sign you in. Try again." });
    }
    return;
  }
  await completeSignIn(result);
}

async function completeSignIn(result) {
  if (!result || !result.idToken) {
    await clearUserData();
    setState({ error: "Couldn't finish signing you in. Try again." });
    return;
  }
  const ours = state.session ? state.session.account.identifier : ((await storedAccount()) || {}).identifier;
  if (ours && ours !== result.account.identifier) await clearUserData();
  const claims = result.account.claims || {};
  const account = {
    identifier: result.account.identifier,
    username: result.account.username,
    name: claims.name || null,
  };
  await Keychain.setGenericPassword(
    account.identifier,
    JSON.stringify({ account, accessToken: result.accessToken, idToken: result.idToken }),
    { service: SESSION_SERVICE });
  if (account.username) await AsyncStorage.setItem(LAST_USERNAME_KEY, account.username);
  setState({ session: { account, accessToken: result.accessToken }, pendingAccount: null, notice: null, error: null });
  await loadRecords();
}

async function loadRecords() {
  const { session } = state;
  if (!session) return;
  let response;
  try {
    response = await fetch(SHIFTS_URL, { headers: { Authorization: `Bearer ${session.accessToken}` } });
  } catch (error) {
    setState({ notice: "Couldn't load your shifts. Pull to refresh." });
    return;
  }
  if (!response.ok) {
    setState({ notice: "Couldn't load your shifts. Pull to refresh." });
    return;
  }
  const { records } = await response.json();
  await AsyncStorage.setItem(RECORDS_KEY, JSON.stringify(records));
  setState({ records });
}

async function clearUserData() {
  await Keychain.resetGenericPassword({ service: SESSION_SERVICE });
  await AsyncStorage.multiRemove([RECORDS_KEY, LAST_USERNAME_KEY]);
  setState({ session: null, pendingAccount: null, records: [], notice: null, error: null });
}

// -- what the screen shows --------------------------------------------------------------------

export function screenModel(s = state) {
  const elements = [];
  if (s.session) {
    const { account } = s.session;
    elements.push({ kind: 'text', text: `Signed in as ${account.name || account.username || account.identifier}` });
    if (account.username) elements.push({ kind: 'text', text: account.username });
    for (const record of s.records) elements.push({ kind: 'text', text: `${record.title}: ${record.detail}` });
  } else {
    elements.push({ kind: 'text', text: 'Not signed in' });
  }
  if (s.notice) elements.push({ kind: 'text', text: s.notice });
  if (s.error) elements.push({ kind: 'error', text: s.error });
  if (s.session) {
    elements.push({ kind: 'button', text: 'Refresh', onPress: refresh });
    elements.push({ kind: 'button', text: 'Sign out', onPress: signOut });
  } else {
    elements.push({ kind: 'button', text: 'Sign in', onPress: signIn });
    if (s.sharedMode === false) elements.push({ kind: 'button', text: 'Sign up', onPress: openSignUp });
  }
  return elements;
}
