'use strict';
// OpenID metadata + JWKS cache.
//  - metadata (issuer, jwks_uri) is fetched once and refreshed after METADATA_MAX_AGE;
//  - the JWKS is cached for JWKS_MAX_AGE; an unknown kid triggers a refetch, but at most once
//    per REFETCH_COOLDOWN (so a flood of unknown-kid tokens cannot hammer the IdP);
//  - concurrent fetches are coalesced;
//  - keys that are not usable RS256 signing keys are ignored (RFC 7517 s.5).
const crypto = require('node:crypto');

const METADATA_MAX_AGE_MS = 24 * 3600 * 1000;
const JWKS_MAX_AGE_MS = 24 * 3600 * 1000;
const REFETCH_COOLDOWN_MS = 30 * 1000;
const FETCH_TIMEOUT_MS = 5000;

class UpstreamError extends Error {}

async function getJson(url) {
  const res = await fetch(url, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS), redirect: 'error' });
  if (!res.ok) throw new UpstreamError(`GET ${url}: HTTP ${res.status}`);
  const text = await res.text();
  if (text.length > 1024 * 1024) throw new UpstreamError(`GET ${url}: document too large`);
  try { return JSON.parse(text); } catch { throw new UpstreamError(`GET ${url}: not JSON`); }
}

function importKeys(jwks, flaws) {
  const keys = new Map();
  const list = jwks && Array.isArray(jwks.keys) ? jwks.keys : [];
  for (const jwk of list) {
    if (!jwk || typeof jwk !== 'object') continue;
    if (typeof jwk.kid !== 'string' || jwk.kid === '') continue;
    if (!flaws.has('first-rsa-key')) {
      if (jwk.kty !== 'RSA') continue;
      if (jwk.use !== undefined && jwk.use !== 'sig') continue;
      if (jwk.alg !== undefined && jwk.alg !== 'RS256') continue;
    } else if (jwk.kty !== 'RSA') continue;
    let key;
    try {
      key = crypto.createPublicKey({ key: { kty: jwk.kty, n: jwk.n, e: jwk.e }, format: 'jwk' });
    } catch { continue; }
    if (!flaws.has('first-rsa-key') && (key.asymmetricKeyDetails?.modulusLength ?? 0) < 2048) continue;
    if (!keys.has(jwk.kid)) keys.set(jwk.kid, { kid: jwk.kid, key, jwk });
  }
  return keys;
}

class KeyStore {
  constructor({ metadataUrl, flaws = new Set(), log = () => {} }) {
    this.metadataUrl = metadataUrl;
    this.flaws = flaws;
    this.log = log;
    this.metadata = null; this.metadataAt = 0;
    this.keys = new Map(); this.jwksAt = 0;
    this.inflight = null;
  }

  async getMetadata() {
    if (this.metadata && Date.now() - this.metadataAt < METADATA_MAX_AGE_MS) return this.metadata;
    const doc = await getJson(this.metadataUrl);
    if (typeof doc.issuer !== 'string' || typeof doc.jwks_uri !== 'string') {
      throw new UpstreamError('discovery document lacks issuer or jwks_uri');
    }
    this.metadata = { issuer: doc.issuer, jwksUri: doc.jwks_uri };
    this.metadataAt = Date.now();
    return this.metadata;
  }

  async refresh() {
    if (!this.inflight) {
      this.inflight = (async () => {
        try {
          const { jwksUri } = await this.getMetadata();
          const keys = importKeys(await getJson(jwksUri), this.flaws);
          this.keys = keys; this.jwksAt = Date.now();
          this.log(`jwks: ${keys.size} usable key(s): ${[...keys.keys()].join(', ')}`);
        } finally { this.inflight = null; }
      })();
    }
    return this.inflight;
  }

  // Returns the key for kid, or null if the tenant does not publish it.
  async getKey(kid) {
    const stale = Date.now() - this.jwksAt >= JWKS_MAX_AGE_MS;
    if (this.jwksAt === 0 || (stale && !this.flaws.has('cache-forever'))) await this.refresh();
    if (this.flaws.has('first-rsa-key')) return this.keys.values().next().value ?? null;
    let entry = this.keys.get(kid);
    if (entry) return entry;
    if (this.flaws.has('no-refetch')) return null;
    const cooldown = this.flaws.has('refetch-every-time') ? 0 : REFETCH_COOLDOWN_MS;
    if (Date.now() - this.jwksAt >= cooldown) {
      this.log(`jwks: unknown kid ${kid}, refetching`);
      await this.refresh();
      entry = this.keys.get(kid);
    }
    return entry ?? null;
  }
}

module.exports = { KeyStore, UpstreamError };
