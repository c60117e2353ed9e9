// The stdio adapter (docs/wire-protocol.md, protocol 1.5) that drives Contoso Shifts' own session
// code, app/session.js, as it ships, with react-native-msal played by msal-harness.js.
//
//   node Examples/react-native-seam/adapter.js
//   env RN_SEAM_VARIANT=no-resume-check node Examples/react-native-seam/adapter.js
//
// Events become what the app's code sees on a device: launch loads the app's module afresh and
// calls start() (what App.jsx's first effect does), suspend and resume change AppState, the
// broadcast is the app's native module's event, taps press the buttons of screenModel(). The
// observation is what the app holds: screenModel(), getState(), the keychain and AsyncStorage.
// Node's built-in modules only.
import { register } from 'node:module';
import { Wire, HostFailure, WireError } from './harness/wire.js';
import { attachWire, device, emit, endProcess, eraseDevice, processState, setAppState, ACCOUNT_CHANGED_EVENT }
  from './harness/native.js';
import { NativeCrash } from './msal-harness.js';
import { variants } from './harness/variants.js';

const PROTOCOL_VERSION = '1.5';
const BACKEND_HOST = 'shifts.contoso.example';
const ASYNC_STORAGE_DIR = 'Library/Application Support/com.contoso.shifts/RCTAsyncLocalStorage_V1';

const variant = process.env.RN_SEAM_VARIANT || '';
if (variant && !Object.hasOwn(variants, variant)) {
  process.stderr.write(`adapter: unknown RN_SEAM_VARIANT '${variant}'; known: ${Object.keys(variants).join(', ')}\n`);
  process.exit(2);
}
register('./harness/resolve-hooks.js', import.meta.url, { data: { variant } });

// stdout carries protocol messages only: the app's console.log goes to stderr.
console.log = console.info = console.debug = (...args) => console.error(...args);

const wire = new Wire();
attachWire(wire);

// React Native's fetch, for the app's backend: backend.fetchRecords. Offline is RN's TypeError.
globalThis.fetch = async (input, init = {}) => {
  const url = new URL(String(input));
  if (url.host !== BACKEND_HOST) throw new TypeError('Network request failed');
  const headers = new Headers(init.headers || {});
  const accessToken = (headers.get('authorization') || '').replace(/^Bearer\s+/i, '');
  try {
    const { records } = await wire.call('backend.fetchRecords', { accessToken });
    return new Response(JSON.stringify({ records }), { status: 200, headers: { 'content-type': 'application/json' } });
  } catch (failure) {
    if (failure instanceof WireError && failure.domain === 'NSURLErrorDomain') throw new TypeError('Network request failed');
    if (failure instanceof WireError && failure.domain === 'BackendErrorDomain') {
      const status = failure.code >= 400 && failure.code < 600 ? failure.code : 500;
      return new Response(JSON.stringify({ error: failure.message }), { status });
    }
    throw failure;
  }
};

// An unhandled rejection in the app is logged, as React Native does in a release build (no crash).
process.on('unhandledRejection', (reason) => {
  console.error('adapter: unhandled promise rejection in the app:', reason && reason.stack ? reason.stack : reason);
});

let app = null; // the app's session module while its process runs
let crashed = false;
let launches = 0;
let hostFailure = null;

class RpcError extends Error {
  constructor(code, message) {
    super(message);
    this.rpcCode = code;
  }
}

const sleep = (ms) => new Promise((resume) => setTimeout(resume, ms));
const nextTurn = () => new Promise((resume) => setImmediate(resume));

/**
 * Runs an action of the app and waits until it has settled: none of its calls awaits an answer
 * and two turns of the event loop passed with no new call, so every promise chain has run on.
 */
async function deliver(action) {
  Promise.resolve().then(action).catch((error) => {
    if (error instanceof HostFailure) hostFailure = hostFailure || error;
    else console.error('adapter: the app\'s handler failed:', error && error.stack ? error.stack : error);
  });
  let quiet = 0;
  let calls = -1;
  while (quiet < 2) {
    if (wire.closed) throw new HostFailure('the wire closed');
    if (wire.busy) {
      quiet = 0;
      await sleep(1);
      continue;
    }
    await nextTurn();
    if (wire.callsStarted !== calls || wire.busy) {
      calls = wire.callsStarted;
      quiet = 0;
    } else {
      quiet += 1;
    }
  }
  if (hostFailure || wire.hostFailure) {
    const failure = hostFailure || wire.hostFailure;
    hostFailure = null;
    wire.hostFailure = null;
    throw failure;
  }
  if (NativeCrash.last) {
    console.error(`adapter: the app crashed: ${NativeCrash.last.message}\n${NativeCrash.last.stack}`);
    NativeCrash.last = null;
    crashed = true;
    app = null;
    endProcess();
  }
}

function button(label) {
  if (!app) return null;
  return app.screenModel(app.getState()).find((element) => element.kind === 'button' && element.text === label) || null;
}

async function handleEvent(event) {
  switch (event) {
    case 'launch':
      if (app) return;
      crashed = false;
      endProcess();
      launches += 1;
      app = await import(new URL(`./app/session.js?launch=${launches}`, import.meta.url).href);
      await deliver(() => app.start());
      return;
    case 'suspend':
      if (app) await deliver(() => { setAppState('inactive'); setAppState('background'); });
      return;
    case 'resume':
      if (app) await deliver(() => setAppState('active'));
      return;
    case 'terminate':
      app = null;
      endProcess();
      return;
    case 'tapSignIn':
    case 'tapSignOut': {
      const pressed = button(event === 'tapSignIn' ? 'Sign in' : 'Sign out');
      if (pressed) await deliver(() => pressed.onPress());
      return;
    }
    case 'refresh':
      if (app) await deliver(() => app.refresh()); // pull to refresh, on every screen
      return;
    case 'accountChangedBroadcast':
      if (app && processState.appState === 'active') await deliver(() => emit(ACCOUNT_CHANGED_EVENT));
      return;
    default:
      throw new RpcError(-32601, `unknown event '${event}'`);
  }
}

function observation() {
  const state = app ? app.getState() : null;
  const storage = [];
  for (const [service, item] of device.keychain) {
    storage.push({ area: 'keychain', key: service, value: JSON.stringify(item) });
  }
  for (const [key, value] of device.asyncStorage) {
    storage.push({ area: 'file', key: `${ASYNC_STORAGE_DIR}/${key}`, value });
  }
  if (state) storage.push({ area: 'memory', key: 'session.getState()', value: JSON.stringify(state) });
  return {
    running: app !== null,
    crashed,
    signedInAccount: state && state.session ? state.session.account.identifier : null,
    screen: app ? app.screenModel(state).map(({ kind, text }) => ({ kind, text })) : [],
    storage,
  };
}

async function handle(request) {
  const params = request.params || {};
  switch (request.method) {
    case 'initialize': {
      const major = String(params.protocolVersion || '').split('.')[0];
      if (major !== '1') throw new RpcError(-32602, `protocol ${params.protocolVersion} is not ${PROTOCOL_VERSION}`);
      return {
        protocolVersion: PROTOCOL_VERSION,
        adapter: { name: 'react-native-seam', version: '1.0.0' },
        app: { name: 'Contoso Shifts (React Native)', version: '3.2.0', bundleId: 'com.contoso.shifts' },
        msalVersion: '2.13.0',
        capabilities: [],
        msalConfiguration: { brokerAvailability: 'auto' },
      };
    }
    case 'reset':
      app = null;
      crashed = false;
      eraseDevice();
      return {};
    case 'event':
      await handleEvent(params.event);
      return observation();
    case 'observe':
      return observation();
    case 'shutdown':
      return {};
    default:
      throw new RpcError(-32601, `unknown method '${request.method}'`);
  }
}

for (;;) {
  const request = await wire.nextRequest();
  if (!request) break;
  try {
    const result = await handle(request);
    wire.send({ id: request.id, result });
    if (request.method === 'shutdown') break;
  } catch (error) {
    console.error('adapter:', error && error.stack ? error.stack : error);
    wire.send({ id: request.id, error: { code: error.rpcCode || -32603, message: String(error.message || error) } });
  }
}
process.exit(0);
