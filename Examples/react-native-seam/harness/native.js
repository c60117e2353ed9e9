// The native side under the app's JavaScript, as the harness plays it: the device's storage
// (which outlives the app's process), the process's native memory (which does not), the wire to
// the harness, and the app's own Shared Device Mode module (app/ios/SharedDeviceMode.m), whose
// calls go to the harness as MSAL's would.
import { HostFailure } from './wire.js';
import { accountToDictionary, bridgeError } from '../msal-harness.js';

let wire = null;

/** The event app/ios/SharedDeviceMode.m sends when the broker posts SHARED_MODE_CURRENT_ACCOUNT_CHANGED. */
export const ACCOUNT_CHANGED_EVENT = 'SharedDeviceModeAccountChanged';

export function attachWire(attached) {
  wire = attached;
}

export function harnessWire() {
  if (!wire) throw new HostFailure('react-native-msal was called with no harness attached');
  return wire;
}

/** What stays on the device across launches: the keychain and AsyncStorage's files. */
export const device = { keychain: new Map(), asyncStorage: new Map() };

/** The app process's native memory: gone when it ends. */
export const processState = newProcess();

function newProcess() {
  return {
    appState: 'active',
    appStateListeners: new Set(),
    eventListeners: new Map(), // event name -> Set of listeners
    currentAccounts: new Map(), // identifier -> the MSALAccount getCurrentAccount returned
  };
}

export function endProcess() {
  Object.assign(processState, newProcess());
}

export function eraseDevice() {
  device.keychain.clear();
  device.asyncStorage.clear();
  endProcess();
}

export function emit(event, ...args) {
  for (const listener of [...(processState.eventListeners.get(event) ?? [])]) listener(...args);
}

export function setAppState(next) {
  processState.appState = next;
  for (const listener of [...processState.appStateListeners]) listener(next);
}

async function bridged(work) {
  try {
    return await work();
  } catch (failure) {
    throw bridgeError(failure);
  }
}

/** NativeModules.SharedDeviceMode: what app/ios/SharedDeviceMode.m does, call for call. */
export const sharedDeviceModeModule = {
  async configure(auth) {
    if (!auth || !auth.clientId) throw new Error('clientId is required');
    return null;
  },

  // [application getDeviceInformationWithParameters:nil completionBlock:...]
  getDeviceInformation() {
    return bridged(async () => {
      const info = await harnessWire().call('msal.getDeviceInformation', {});
      return {
        deviceMode: info.deviceMode,
        hasAADSSOExtension: Boolean(info.hasAADSSOExtension),
        extraDeviceInformation: info.extraDeviceInformation ?? {},
      };
    });
  },

  // [application getCurrentAccountWithParameters:nil completionBlock:...]
  getCurrentAccount() {
    return bridged(async () => {
      const { account, previousAccount } = await harnessWire().call('msal.getCurrentAccount', {});
      if (account && account.identifier) processState.currentAccounts.set(account.identifier, account);
      return {
        account: account ? accountToDictionary(account) : null,
        previousAccount: previousAccount ? accountToDictionary(previousAccount) : null,
      };
    });
  },

  // A silent call with the MSALAccount that getCurrentAccount returned (the broker's account),
  // not one looked up again in the app's own cache as react-native-msal's acquireTokenSilent does.
  acquireTokenSilent(params) {
    return bridged(async () => {
      const w = harnessWire();
      let identifier = null;
      if (processState.currentAccounts.has(params.account.identifier)) {
        identifier = params.account.identifier;
      } else {
        const { account } = await w.call('msal.accountForIdentifier', { identifier: params.account.identifier });
        identifier = account && account.identifier ? account.identifier : null;
      }
      const call = { scopes: params.scopes, forceRefresh: Boolean(params.forceRefresh) };
      if (identifier) call.accountIdentifier = identifier;
      const result = await w.call('msal.acquireTokenSilent', call);
      return {
        accessToken: result.accessToken,
        expiresOn: Date.parse(result.expiresOn) / 1000,
        idToken: result.idToken ?? null,
        scopes: result.scopes,
        tenantId: result.tenantId ?? null,
        account: accountToDictionary(result.account),
      };
    });
  },

  // RCTEventEmitter's two methods, which NativeEventEmitter calls.
  addListener() {},
  removeListeners() {},
};
