import SingleLoginAdapter

/// The Node.js stdio adapter `init stdio --language node` writes: the protocol complete, the app's parts marked places that report themselves.
enum NodeAdapterTemplate {
    /// The file's text for `app`; `command` is how the harness starts it, as its usage lines say.
    static func source(app: InitAppName, command: String) -> String {
        [
            header(app: app, command: command),
            appEvents(app: app),
            appObservation(),
            protocolWire(),
            protocolHarness(),
            protocolAdapter(),
        ].joined(separator: "\n")
    }

    /// The opening: how to run it, its two parts, and the identities it reports.
    private static func header(app: InitAppName, command: String) -> String {
        #"""
        #!/usr/bin/env node
        // A stdio adapter for sl-conformance around \#(app.name), written by `sl-conformance init stdio --language node`.
        //
        //     sl-conformance doctor --adapter '\#(command)'  # the protocol: passes as written
        //     sl-conformance run --adapter '\#(command)'     # your app: fails until every TODO is done
        //
        // Two parts. The protocol (Wire, Harness, HarnessMSAL, HarnessBackend, Adapter) is complete: newline-
        // delimited JSON-RPC 2.0 on stdin/stdout, logs on stderr, as docs/wire-protocol.md says; leave it as
        // it is. The app (class App) is yours: each place to fill in is marked TODO(sl-conformance). Until
        // it is filled in, a place reports itself: the observation shows an error element naming it (file and
        // line) and signedInAccount names it, so every failure of `run` points back here.
        // Node.js 18 or later, built-in modules only.
        'use strict';

        const path = require('path');
        const readline = require('readline');

        const PROTOCOL_VERSION = '\#(WireProtocol.version)';
        const ADAPTER_INFO = { name: '\#(app.adapterName)', version: '0.1.0' };
        // TODO(sl-conformance): your app's name, version and bundle identifier, and the MSAL version it links.
        const APP_INFO = { name: '\#(app.name)', version: '0.1.0', bundleId: '\#(app.bundleId)' };
        const MSAL_VERSION = '2.13.0';
        // The storage areas of the device's surfaces: only a harness of protocol 1.4 or later reads them.
        const SURFACE_AREAS = new Set(['notification', 'spotlight', 'pasteboard', 'widget', 'activity', 'snapshot']);
        const EVENTS = ['launch', 'suspend', 'resume', 'terminate', 'tapSignIn', 'tapSignOut', 'refresh', 'accountChangedBroadcast'];

        // stdout is the protocol: console.log and console.info write to stderr, like every log.
        console.log = console.info = console.debug = console.error;
        const log = (...parts) => console.error('adapter', ...parts);

        """#
    }

    /// The app, yours to fill in: its state and one method per event, each a marked place.
    private static func appEvents(app: InitAppName) -> String {
        #"""
        // --- The app: yours to fill in ------------------------------------------------------------------

        /**
         * \#(app.name) (or a model of it), as a fresh install: made anew at every reset.
         *
         * Its MSAL calls go to `this.msal` and its backend calls to `this.backend`, both the harness's.
         * Each event handler resolves once the app has settled (every call it started answered).
         * An exception escaping a handler is a crash: the adapter reports crashed and not running.
         */
        class App {
          constructor(msal, backend) {
            this.msal = msal;
            this.backend = backend;
            this.running = false;
            this.crashed = false;
            this.todos = []; // the marked places reached and not filled in yet, in order
          }

          // Events (docs/wire-protocol.md, EVENT): one handler each.

          async launch() {
            this.running = true;
            // TODO(sl-conformance): launch. Start the app cold: ask who is signed in on the device
            // (await this.msal.getCurrentAccount()) and show that user (a silent token, then their data),
            // or the sign-in screen. getDeviceInformation tells whether the device is shared.
            this.todo('launch: start the app cold; check the account with msal.getCurrentAccount()');
          }

          async suspend() {
            // TODO(sl-conformance): suspend. The app moves to the background (it gets no broadcasts
            // until it resumes); cover the user's data if the app hides it from the switcher's snapshot.
            this.todo('suspend: move the app to the background');
          }

          async resume() {
            // TODO(sl-conformance): resume. Back to the foreground: check the account again
            // (await this.msal.getCurrentAccount()); another user or nobody means clear everything.
            this.todo('resume: check the account again with msal.getCurrentAccount()');
          }

          async terminate() {
            this.running = false;
            // TODO(sl-conformance): terminate. The process ends: forget what the app holds in memory;
            // what it stored (keychain, files, defaults, caches) stays.
            this.todo('terminate: forget what the app holds in memory, keep what it stored');
          }

          async tapSignIn() {
            // TODO(sl-conformance): tapSignIn. The user taps what the app offers to sign in: the
            // interactive sheet (await this.msal.acquireToken(...)); a dismissed sheet (-50005) is no error.
            this.todo('tapSignIn: sign in interactively with msal.acquireToken()');
          }

          async tapSignOut() {
            // TODO(sl-conformance): tapSignOut. The user taps sign out: await this.msal.signout(...)
            // (device-wide in Shared Device Mode), then clear everything of the user the app kept.
            this.todo('tapSignOut: msal.signout(), then clear everything of the user');
          }

          async refresh() {
            // TODO(sl-conformance): refresh. The user asks for fresh data: a token again
            // (await this.msal.acquireTokenSilent(...)), then await this.backend.fetchRecords(token).
            this.todo('refresh: a silent token, then backend.fetchRecords()');
          }

          async accountChangedBroadcast() {
            // TODO(sl-conformance): accountChangedBroadcast. SHARED_MODE_CURRENT_ACCOUNT_CHANGED:
            // await this.msal.getCurrentAccount(), and compare its identifier with the app's own account.
            this.todo('accountChangedBroadcast: check the account with msal.getCurrentAccount()');
          }

        """#
    }

    /// The app, continued: one method per field of the observation, and the marked places reporting themselves.
    private static func appObservation() -> String {
        #"""
          // The observation (docs/wire-protocol.md, "An observation"): one method per field.

          isRunning() {
            // TODO(sl-conformance): running. Whether the app's process is alive: launch starts it,
            // terminate and a crash end it. Kept above; report your app's own state if it has one.
            return this.running;
          }

          hasCrashed() {
            // TODO(sl-conformance): crashed. True once the app ended abnormally since the reset (an
            // uncaught exception, a failed assertion); the adapter sets it when a handler throws.
            return this.crashed;
          }

          signedInAccount() {
            // TODO(sl-conformance): signedInAccount. The identifier (or username) of the account the
            // app considers signed in, or null when nobody is.
            return this.placeholder('signedInAccount: report the account the app considers signed in, or null');
          }

          screen() {
            // TODO(sl-conformance): screen. Every element the app shows now, as {kind, text}, kind one
            // of text, button, alert, error, signInSheet, each with its full text; nothing while not
            // running.
            if (!this.running) return [];
            const placeholder = { kind: 'error', text: this.placeholder('screen: report every element the app shows') };
            return [placeholder, ...this.todos.map((text) => ({ kind: 'error', text }))];
          }

          storage() {
            // TODO(sl-conformance): storage. Everything the app keeps, as {area, key, value}, area one
            // of keychain, file, defaults, cache, memory, or a device surface (notification, spotlight,
            // pasteboard, widget, activity, snapshot), each with its full value. Empty after reset.
            if (!this.running) return [];
            return [{ area: 'memory', key: this.placeholder('storage: report everything the app keeps'), value: '' }];
          }

          // The marked places, reporting themselves until they are filled in.

          /** Records that the calling place is still a TODO; the next observation shows it on screen. */
          todo(what) {
            const text = todoText(what, callerLine(this.todo));
            if (!this.todos.includes(text)) {
              log('TODO', text);
              this.todos.push(text);
            }
          }

          /** What an unfilled field reports: text that names the calling place. */
          placeholder(what) {
            return todoText(what, callerLine(this.placeholder));
          }
        }

        function todoText(what, line) {
          return `TODO(sl-conformance) ${path.basename(__filename)}:${line}: ${what}`;
        }

        /** The line that called `below`, from V8's structured stack frames. */
        function callerLine(below) {
          const original = Error.prepareStackTrace;
          Error.prepareStackTrace = (_, frames) => frames;
          const holder = {};
          Error.captureStackTrace(holder, below);
          const frames = holder.stack;
          Error.prepareStackTrace = original;
          return frames[0] ? frames[0].getLineNumber() : 0;
        }

        """#
    }

    /// The protocol, complete: its errors and the wire, one JSON-RPC message per line.
    private static func protocolWire() -> String {
        #"""
        // --- The protocol: complete, leave as it is ------------------------------------------------------

        /** The wire broke, or the harness answered one of our calls with an error that is not the app's. */
        class HostFailure extends Error {}

        /** An error of the simulated world (MSAL, the network, the backend): hand it to the app as that error. */
        class MSALError extends Error {
          constructor(code, message, domain, internalCode, data) {
            super(`${domain} ${code}: ${message}`);
            this.code = code;
            this.domain = domain;
            this.internalCode = internalCode;
            // Everything else the error carries (docs/wire-protocol.md): `invalidResult` with -50003,
            // the default-mode `deviceInformation` when the SSO extension failed, `declinedScopes`...
            this.data = data || {};
          }
        }

        /** A JSON-RPC error answered to a harness request. */
        class RequestError extends Error {
          constructor(code, message) {
            super(message);
            this.code = code;
          }
        }

        /** One JSON-RPC message per line in each direction; stdout carries nothing else. */
        class Wire {
          constructor() {
            this.lines = [];
            this.waiting = null;
            this.closed = false;
            const input = readline.createInterface({ input: process.stdin, crlfDelay: Infinity });
            input.on('line', (line) => this.deliver(line));
            input.on('close', () => {
              this.closed = true;
              this.deliver(null);
            });
          }

          deliver(line) {
            if (this.waiting) {
              const resolve = this.waiting;
              this.waiting = null;
              resolve(line);
            } else if (line !== null) {
              this.lines.push(line);
            }
          }

          nextLine() {
            if (this.lines.length > 0) return Promise.resolve(this.lines.shift());
            if (this.closed) return Promise.resolve(null);
            return new Promise((resolve) => {
              this.waiting = resolve;
            });
          }

          send(message) {
            process.stdout.write(JSON.stringify(message) + '\n');
          }

          /** The next message, or null at end of input. */
          async receive() {
            for (;;) {
              const line = await this.nextLine();
              if (line === null) return null;
              if (line.trim() === '') continue;
              let message;
              try {
                message = JSON.parse(line);
              } catch (error) {
                throw new HostFailure(`not JSON: ${error.message}: ${line.slice(0, 200)}`);
              }
              if (message === null || typeof message !== 'object' || Array.isArray(message)) {
                throw new HostFailure(`not a JSON-RPC object: ${line.slice(0, 200)}`);
              }
              return message;
            }
          }
        }

        """#
    }

    /// The protocol, continued: calls to the harness, and MSAL and the backend answered through it.
    private static func protocolHarness() -> String {
        #"""
        /** Calls the harness while one of its requests is pending, and waits for each answer. */
        class Harness {
          constructor(wire) {
            this.wire = wire;
            this.nextId = 1;
          }

          async call(method, params) {
            const id = this.nextId++;
            this.wire.send({ jsonrpc: '2.0', id, method, params });
            const message = await this.wire.receive();
            if (message === null || 'method' in message || message.id !== id) {
              throw new HostFailure(`no answer to ${method} (id ${id}): ${JSON.stringify(message).slice(0, 200)}`);
            }
            const error = message.error;
            if (error && typeof error === 'object') {
              const data = error.data && typeof error.data === 'object' ? error.data : {};
              if (typeof data.domain === 'string' && Number.isInteger(error.code)) {
                throw new MSALError(error.code, String(error.message || ''), data.domain, data.internalCode, data);
              }
              throw new HostFailure(`${method}: harness error ${error.code}: ${error.message}`);
            }
            return message.result;
          }
        }

        /** MSAL, answered by the harness's simulated broker: results as the wire has them (ACCOUNT, RESULT). */
        class HarnessMSAL {
          constructor(harness) {
            this.harness = harness;
          }

          getDeviceInformation() {
            return this.harness.call('msal.getDeviceInformation', {});
          }

          /** {account, previousAccount}; compare account.identifier with your app's own account. */
          async getCurrentAccount() {
            const result = (await this.harness.call('msal.getCurrentAccount', {})) || {};
            return { account: result.account || null, previousAccount: result.previousAccount || null };
          }

          acquireTokenSilent(scopes, accountIdentifier, forceRefresh = false) {
            return this.harness.call('msal.acquireTokenSilent', { scopes, accountIdentifier, forceRefresh });
          }

          acquireToken(scopes, extraScopesToConsent = [], loginHint = undefined) {
            const params = { scopes, extraScopesToConsent, promptType: 'promptIfNecessary' };
            if (loginHint) params.loginHint = loginHint;
            return this.harness.call('msal.acquireToken', params);
          }

          async signout(accountIdentifier) {
            await this.harness.call('msal.signout', { accountIdentifier, signoutFromBrowser: false, wipeAccount: false });
          }
        }

        /** The app's backend, answered by the harness: the signed-in user's records. */
        class HarnessBackend {
          constructor(harness) {
            this.harness = harness;
          }

          /** Each record has id, title and detail; a refused token throws MSALError (BackendErrorDomain, 401). */
          async fetchRecords(accessToken) {
            const result = (await this.harness.call('backend.fetchRecords', { accessToken })) || {};
            return Array.isArray(result.records) ? result.records : [];
          }
        }

        """#
    }

    /// The protocol, continued: the adapter serving the harness, and the start.
    private static func protocolAdapter() -> String {
        #"""
        /** Serves the harness: initialize, reset, event, observe, shutdown. */
        class Adapter {
          constructor(wire) {
            this.wire = wire;
            this.harness = new Harness(wire);
            this.surfaces = true; // whether the harness reads the device surfaces' areas (1.4); set at initialize
            this.app = new App(new HarnessMSAL(this.harness), new HarnessBackend(this.harness));
          }

          async serve() {
            for (;;) {
              let message;
              try {
                message = await this.wire.receive();
              } catch (error) {
                log('error', error.message);
                this.wire.send({ jsonrpc: '2.0', id: null, error: { code: -32700, message: error.message } });
                continue;
              }
              if (message === null) return 0;
              if (!('method' in message)) continue;
              let reply;
              try {
                reply = { result: await this.dispatch(message.method, message.params || {}) };
              } catch (error) {
                if (!(error instanceof RequestError || error instanceof HostFailure)) throw error;
                if (error instanceof HostFailure) log('error', `${message.method} failed: ${error.message}`);
                reply = { error: { code: error instanceof RequestError ? error.code : -32603, message: `adapter: ${error.message}` } };
              }
              if (message.id !== undefined && message.id !== null) this.wire.send({ jsonrpc: '2.0', id: message.id, ...reply });
              if (message.method === 'shutdown') return 0;
            }
          }

          async dispatch(method, params) {
            switch (method) {
              case 'initialize': {
                const version = String(params.protocolVersion || '');
                const [major, minor] = version.split('.');
                if (major !== PROTOCOL_VERSION.split('.')[0]) {
                  throw new RequestError(-32602, `protocol version ${version} is not supported; this adapter speaks ${PROTOCOL_VERSION}`);
                }
                this.surfaces = !(/^\d+$/.test(minor || '') && Number(minor) < 4);
                return {
                  protocolVersion: PROTOCOL_VERSION, adapter: ADAPTER_INFO, app: APP_INFO, msalVersion: MSAL_VERSION,
                  capabilities: [], msalConfiguration: { brokerAvailability: 'auto' },
                };
              }
              case 'reset':
                this.app = new App(new HarnessMSAL(this.harness), new HarnessBackend(this.harness)); // a fresh install, not running
                return {};
              case 'event': {
                const event = params.event;
                if (!EVENTS.includes(event)) throw new RequestError(-32601, `unknown event ${JSON.stringify(event)}`);
                try {
                  await this.app[event]();
                } catch (error) {
                  if (error instanceof HostFailure || error instanceof RequestError) throw error;
                  // An exception escaping the app is a crash, which is a result.
                  log('the app crashed during', event, error && error.stack ? error.stack : error);
                  this.app.crashed = true;
                  this.app.running = false;
                }
                return this.observation();
              }
              case 'observe':
                return this.observation();
              case 'shutdown':
                return {};
              default:
                throw new RequestError(-32601, `unknown method ${JSON.stringify(method)}`);
            }
          }

          observation() {
            const app = this.app;
            return {
              running: app.isRunning(),
              crashed: app.hasCrashed(),
              signedInAccount: app.signedInAccount(),
              screen: app.screen(),
              storage: app.storage().filter((item) => this.surfaces || !SURFACE_AREAS.has(item.area)),
            };
          }
        }

        // Exits once everything written to stdout is out (pipes are asynchronous on macOS).
        new Adapter(new Wire()).serve().then(
          (status) => process.stdout.write('', () => process.exit(status)),
          (error) => {
            log('error', error && error.stack ? error.stack : error);
            process.exit(1);
          },
        );

        """#
    }
}
