// The adapter's side of the wire protocol (docs/wire-protocol.md): newline-delimited JSON-RPC 2.0
// on stdin and stdout. The harness sends one request at a time; while it is pending, the app's
// MSAL and backend calls go the other way (`call`) and are answered before the adapter answers.
// Node's built-in modules only.
import readline from 'node:readline';

/** An error of the simulated world (MSAL, the network, the backend): it has data.domain. */
export class WireError extends Error {
  constructor(error) {
    super(error.message ?? 'error');
    this.code = error.code;
    this.data = error.data ?? {};
    this.domain = this.data.domain;
  }
}

/** The adapter called something wrongly, or the wire broke: never the app's business. */
export class HostFailure extends Error {}

export class Wire {
  constructor(input = process.stdin, output = process.stdout) {
    this.output = output;
    this.nextId = 1;
    this.pending = new Map(); // id -> {resolve, reject, method}
    this.callsStarted = 0;
    this.requests = [];
    this.waiting = null;
    this.closed = false;
    this.hostFailure = null;
    const lines = readline.createInterface({ input, crlfDelay: Infinity });
    lines.on('line', (line) => this.receive(line));
    lines.on('close', () => {
      this.closed = true;
      for (const { reject } of this.pending.values()) reject(new HostFailure('the wire closed'));
      this.pending.clear();
      this.wake();
    });
  }

  send(message) {
    // One message per line, written at once: Node writes a pipe's chunks in order, unbuffered.
    this.output.write(JSON.stringify({ jsonrpc: '2.0', ...message }) + '\n');
  }

  receive(line) {
    if (!line.trim()) return;
    let message;
    try {
      message = JSON.parse(line);
    } catch {
      process.stderr.write(`adapter: not JSON on the wire: ${line.slice(0, 200)}\n`);
      return;
    }
    if (typeof message.method === 'string') {
      this.requests.push(message);
      this.wake();
      return;
    }
    const waiter = this.pending.get(message.id);
    if (!waiter) {
      process.stderr.write(`adapter: an answer to no call of ours: ${line.slice(0, 200)}\n`);
      return;
    }
    this.pending.delete(message.id);
    if (message.error) {
      const failure = message.error.data && message.error.data.domain
        ? new WireError(message.error)
        : new HostFailure(`${waiter.method}: ${message.error.code} ${message.error.message}`);
      if (failure instanceof HostFailure) this.hostFailure = this.hostFailure || failure; // even if the app catches it
      waiter.reject(failure);
    } else {
      waiter.resolve(message.result ?? {});
    }
  }

  wake() {
    if (this.waiting) {
      const resume = this.waiting;
      this.waiting = null;
      resume();
    }
  }

  /** The next request from the harness, or null once the wire has closed. */
  async nextRequest() {
    while (this.requests.length === 0) {
      if (this.closed) return null;
      await new Promise((resume) => { this.waiting = resume; });
    }
    return this.requests.shift();
  }

  /** An app's call to the harness (msal.*, backend.*): resolves with the result, rejects with WireError. */
  call(method, params = {}) {
    if (this.closed) return Promise.reject(new HostFailure('the wire closed'));
    const id = this.nextId++;
    this.callsStarted += 1;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject, method });
      this.send({ id, method, params });
    });
  }

  /** True while any of the app's calls awaits its answer. */
  get busy() {
    return this.pending.size > 0;
  }
}
