'use strict';
// POST /session {"id_token": "<jwt>"} -> 200 {session...} | 400 malformed | 401 invalid | 413 too large
// GET /health -> 200
// Usage: node server.js [--flaw NAME]...
const http = require('node:http');
const crypto = require('node:crypto');
const { KeyStore } = require('./keys');
const { Verifier, TokenError, UpstreamError } = require('./verifier');

const flaws = new Set();
for (let i = 2; i < process.argv.length; i++) {
  if (process.argv[i] === '--flaw') flaws.add(process.argv[++i]);
}

function env(name, fallback) {
  const v = process.env[name] ?? fallback;
  if (v === undefined || v === '') { console.error(`missing ${name}`); process.exit(78); }
  return v;
}
const port = Number(env('SL_BACKEND_PORT', '8080'));
const clientId = env('SL_CLIENT_ID');
const tenantId = env('SL_TENANT_ID');
const mode = env('SL_TENANT_MODE', 'single');
if (mode !== 'single' && mode !== 'multi') { console.error(`bad SL_TENANT_MODE ${mode}`); process.exit(78); }
const metadataUrl = env('SL_OIDC_METADATA_URL',
  `https://login.microsoftonline.com/${mode === 'multi' ? 'organizations' : tenantId}/v2.0/.well-known/openid-configuration`);

const MAX_BODY = 64 * 1024;
const logFile = (() => { const i = process.argv.indexOf('--log'); return i > 0 ? process.argv[i + 1] : null; })();
const log = (m) => {
  const line = `[backend ${port}${flaws.size ? ' flaws=' + [...flaws].join(',') : ''}] ${m}`;
  console.error(line);
  if (logFile) require('node:fs').appendFileSync(logFile, `${new Date().toISOString()} ${line}\n`);
};
const keyStore = new KeyStore({ metadataUrl, flaws, log });
const verifier = new Verifier({ keyStore, clientId, tenantId, mode, flaws });

function send(res, status, body, extra = {}) {
  const data = JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(data), ...extra });
  res.end(data);
}

function readBody(req, limit) {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > limit) return reject(Object.assign(new Error('too large'), { status: 413 }));
    const chunks = []; let size = 0;
    req.on('data', (c) => {
      size += c.length;
      if (size > limit) { req.removeAllListeners('data'); reject(Object.assign(new Error('too large'), { status: 413 })); return; }
      chunks.push(c);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

async function handleSession(req, res) {
  let body;
  try {
    body = await readBody(req, flaws.has('unbounded') ? Infinity : MAX_BODY);
  } catch (e) {
    if (e.status === 413 && flaws.has('destroy-after-413')) {
      send(res, 413, { error: 'request too large' }, { Connection: 'close' });
      req.destroy();
      return;
    }
    if (e.status === 413 && flaws.has('no-drain')) {
      send(res, 413, { error: 'request too large' });
      return;
    }
    if (e.status === 413) {
      // Answer now, then drain (bounded) so the client sees the reply rather than a reset.
      send(res, 413, { error: 'request too large' }, { Connection: 'close' });
      let drained = 0;
      req.on('data', (c) => { drained += c.length; if (drained > 16 * 1024 * 1024) req.destroy(); });
      req.resume();
      return;
    }
    throw e;
  }
  let token;
  const authz = req.headers.authorization;
  if (authz !== undefined) {
    const m = /^Bearer ([A-Za-z0-9._~+\/-]+=*)$/.exec(authz);
    if (!m) return send(res, 401, { error: 'invalid_request' }, { 'WWW-Authenticate': 'Bearer' });
    token = m[1];
  } else if (process.env.AUTH_MODE === 'bearer') {
    return send(res, 401, { error: 'no bearer token' }, { 'WWW-Authenticate': 'Bearer' });
  } else if (flaws.has('dies-on-garbage')) {
    // parsing in a callback: the throw escapes every handler and kills the process
    await new Promise((resolve) => setImmediate(() => { token = JSON.parse(body.toString('utf8')).id_token; resolve(); }));
  } else if (flaws.has('hang-on-garbage')) {
    try { token = JSON.parse(body.toString('utf8')).id_token; } catch { return; /* forgot to answer */ }
  } else if (flaws.has('crash-on-garbage')) {
    token = JSON.parse(body.toString('utf8')).id_token;   // throws on an empty / non-JSON body
  } else {
    let parsed;
    try { parsed = JSON.parse(body.toString('utf8')); } catch { return send(res, 400, { error: 'body is not JSON' }); }
    if (!parsed || typeof parsed !== 'object' || typeof parsed.id_token !== 'string' || parsed.id_token === '') {
      return send(res, 400, { error: 'id_token missing' });
    }
    token = parsed.id_token;
  }
  let claims;
  try {
    claims = await verifier.verify(token);
  } catch (e) {
    if (e instanceof TokenError) {
      log(`rejected ${e.status}: ${e.message}`);
      if (flaws.has('status-422')) return send(res, 422, { error: 'invalid_token', detail: e.message });
      return send(res, e.status, { error: 'invalid_token' },
        e.status === 401 ? { 'WWW-Authenticate': 'Bearer error="invalid_token"' } : {});
    }
    if (e instanceof UpstreamError || e.name === 'TimeoutError') {
      log(`upstream: ${e.message}`);
      return send(res, 503, { error: 'identity provider unavailable' }, { 'Retry-After': '5' });
    }
    throw e;
  }
  log(`accepted oid=${claims.oid} tid=${claims.tid} iss=${claims.iss}`);
  send(res, 200, { session: crypto.randomUUID(), oid: claims.oid, tid: claims.tid, name: claims.name });
}

const server = http.createServer((req, res) => {
  const path = (req.url || '/').split('?')[0];
  Promise.resolve().then(async () => {
    if (path === '/health') {
      if (req.method !== 'GET' && req.method !== 'HEAD') return send(res, 405, { error: 'method' }, { Allow: 'GET, HEAD' });
      return send(res, 200, { ok: true });
    }
    if (path === '/session') {
      if (req.method !== 'POST') return send(res, 405, { error: 'method' }, { Allow: 'POST' });
      return handleSession(req, res);
    }
    send(res, 404, { error: 'not found' });
  }).catch((e) => {
    log(`500: ${e && e.stack || e}`);
    if (!res.headersSent) send(res, 500, { error: 'internal error' }); else res.destroy();
  });
});
server.requestTimeout = 10000;
server.headersTimeout = 5000;
server.listen(port, '127.0.0.1', () => {
  log(`listening on 127.0.0.1:${port}, mode ${mode}, metadata ${metadataUrl}`);
  if (!flaws.has('lazy')) keyStore.refresh().catch((e) => log(`warm-up failed: ${e.message}`));
  if (flaws.has('poll-10s')) setInterval(() => keyStore.refresh().catch((e) => log(`poll failed: ${e.message}`)), 10000).unref();
});
for (const sig of ['SIGTERM', 'SIGINT']) process.on(sig, () => process.exit(0));
