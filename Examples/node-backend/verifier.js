'use strict';
// Verifies an Entra ID v2 ID token (compact JWS, RS256) for one client ID.
const crypto = require('node:crypto');
const { UpstreamError } = require('./keys');

const CLOCK_SKEW_S = 300;                 // as Microsoft.IdentityModel
const MAX_TOKEN_LENGTH = 32 * 1024;
const B64URL = /^[A-Za-z0-9_-]*$/;
const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

class TokenError extends Error {
  constructor(status, message) { super(message); this.status = status; }
}
const malformed = (m) => new TokenError(400, m);
const invalid = (m) => new TokenError(401, m);

function b64urlDecode(part, what) {
  if (!B64URL.test(part)) throw malformed(`${what}: not base64url`);
  if (part.length % 4 === 1) throw malformed(`${what}: bad base64url length`);
  return Buffer.from(part, 'base64url');
}

function jsonObject(buf, what) {
  let value;
  try { value = JSON.parse(buf.toString('utf8')); } catch { throw malformed(`${what}: not JSON`); }
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw malformed(`${what}: not a JSON object`);
  return value;
}

function looseDecode(part) {  // what a "just decode it" backend does
  return JSON.parse(Buffer.from(part, 'base64').toString('utf8'));
}

class Verifier {
  constructor({ keyStore, clientId, tenantId, mode, flaws = new Set() }) {
    this.keyStore = keyStore; this.clientId = clientId; this.tenantId = tenantId;
    this.mode = mode; this.flaws = flaws;
  }

  async verify(token) {
    const f = this.flaws;
    if (typeof token !== 'string' || token === '') throw malformed('no token');
    if (!f.has('unbounded') && token.length > MAX_TOKEN_LENGTH) throw malformed('token too long');
    const parts = token.split('.');
    if (parts.length !== 3) throw malformed('not a compact JWS (3 parts)');
    const [h, p, s] = parts;

    if (f.has('crash-on-garbage')) {
      // "it's a JWT, just parse it": any exception bubbles up as a 500
      looseDecode(h); looseDecode(p);
    }
    const header = jsonObject(b64urlDecode(h, 'header'), 'header');
    const payloadBytes = b64urlDecode(p, 'payload');
    const signature = b64urlDecode(s, 'signature');

    if (f.has('decode-only')) {
      const claims = jsonObject(payloadBytes, 'payload');
      await this.checkClaims(claims);
      return claims;
    }

    const signingInput = Buffer.from(`${h}.${p}`, 'ascii');
    let signingEntry = null;
    if (f.has('trust-alg')) {
      // honours the token's alg, keys from the JWKS
      await this.verifyWithHeaderAlg(header, signingInput, signature);
    } else {
      if (header.alg !== 'RS256') throw invalid(`alg ${JSON.stringify(header.alg)} not allowed`);
      if (header.crit !== undefined) throw invalid('crit not supported');
      let key, entry;
      if (f.has('embedded-jwk') && header.jwk && typeof header.jwk === 'object') {
        try { key = crypto.createPublicKey({ key: header.jwk, format: 'jwk' }); } catch { throw invalid('bad jwk'); }
      } else {
        if (typeof header.kid !== 'string' || header.kid === '') throw invalid('no kid');
        entry = await this.keyStore.getKey(header.kid);
        if (!entry) {
          if (f.has('unknown-kid-500')) throw new Error(`no key for kid ${header.kid}`);
          throw invalid(`unknown kid ${header.kid}`);
        }
        key = entry.key;
      }
      let ok = false;
      try {
        ok = crypto.verify('sha256', signingInput, { key, padding: crypto.constants.RSA_PKCS1_PADDING }, signature);
      } catch { ok = false; }
      if (!ok) throw invalid('bad signature');
      signingEntry = entry;
    }

    const claims = jsonObject(payloadBytes, 'payload');
    await this.checkClaims(claims);
    // Defence in depth (as Microsoft.Identity.Web): an Entra JWK names the issuer it signs for.
    const keyIssuer = signingEntry?.jwk?.issuer;
    if (!f.has('iss-prefix') && !f.has('no-iss') && !f.has('any-ms-issuer') && !f.has('iss-ci') && !f.has('iss-from-token-tid')
        && typeof keyIssuer === 'string' && keyIssuer.replace('{tenantid}', String(claims.tid)) !== claims.iss) {
      throw invalid('iss not allowed for this signing key');
    }
    return claims;
  }

  async verifyWithHeaderAlg(header, signingInput, signature) {
    const alg = header.alg;
    if (alg === 'none') return;
    const entry = await this.keyStore.getKey(header.kid);
    if (!entry) throw invalid('unknown kid');
    let ok;
    if (alg === 'HS256') {
      const secret = entry.key.export({ type: 'spki', format: 'pem' });
      const mac = crypto.createHmac('sha256', secret).update(signingInput).digest();
      ok = mac.length === signature.length && crypto.timingSafeEqual(mac, signature);
    } else if (alg === 'RS256') {
      ok = crypto.verify('sha256', signingInput, entry.key, signature);
    } else throw invalid('alg not supported');
    if (!ok) throw invalid('bad signature');
  }

  async checkClaims(c) {
    const f = this.flaws;
    const now = Math.floor(Date.now() / 1000);
    // skew-ms: the leeway written in milliseconds where the code wants seconds
    const skew = f.has('no-skew') ? 0 : f.has('skew-ms') ? CLOCK_SKEW_S * 1000 : CLOCK_SKEW_S;

    // audience: this app's client ID
    if (!f.has('no-aud')) {
      const aud = c.aud;
      if (Array.isArray(aud)) {
        if (!aud.includes(this.clientId) || (aud.length > 1 && c.azp !== this.clientId)) throw invalid('aud');
      } else if (aud !== this.clientId) throw invalid('aud');
    }

    // issuer: the tenant's (multi: the template filled with the token's own tid)
    const { issuer } = await this.keyStore.getMetadata();
    if (typeof c.iss !== 'string') throw invalid('iss missing');
    if (f.has('no-iss')) {
      // "ValidateIssuer = false" for a multi-tenant app
    } else if (f.has('iss-ci')) {
      const expected = this.mode === 'multi' ? issuer.replace('{tenantid}', String(c.tid)) : issuer;
      if (c.iss.toLowerCase() !== expected.toLowerCase()) throw invalid('iss');
    } else if (f.has('iss-prefix')) {
      if (!c.iss.startsWith('https://login.microsoftonline.com/')) throw invalid('iss');
    } else if (this.mode === 'multi') {
      if (typeof c.tid !== 'string' || !GUID.test(c.tid)) throw invalid('tid');
      if (f.has('any-ms-issuer')) {
        if (!/^https:\/\/login\.microsoftonline\.com\/[0-9a-f-]{36}\/v2\.0$/i.test(c.iss)) throw invalid('iss');
      } else if (c.iss !== issuer.replace('{tenantid}', c.tid)) throw invalid('iss does not match tid');
      // Microsoft's advice for multi-tenant apps: admit only the tenants that signed up
      if (f.has('tenant-allowlist')) {
        const allowed = (process.env.ALLOWED_TENANTS || this.tenantId).split(',');
        if (!allowed.includes(c.tid)) throw new TokenError(403, `tenant ${c.tid} not onboarded`);
      }
    } else if (f.has('iss-from-token-tid')) {
      // builds "the tenant's issuer" from the token itself
      if (c.iss !== `https://login.microsoftonline.com/${c.tid}/v2.0`) throw invalid('iss');
    } else {
      if (c.iss !== issuer) throw invalid('iss');
      if (c.tid !== undefined && c.tid !== this.tenantId) throw invalid('tid');
    }

    // times
    if (typeof c.exp !== 'number') throw invalid('exp missing');
    if (now - skew >= c.exp) throw invalid('expired');
    if (!f.has('ignore-nbf') && c.nbf !== undefined) {
      if (typeof c.nbf !== 'number') throw invalid('nbf');
      if (now + skew < c.nbf) throw invalid('not yet valid');
    }
    if (c.iat !== undefined && (typeof c.iat !== 'number' || now + skew < c.iat)) throw invalid('iat in the future');

    // an ID token of the v2 endpoint
    if (!f.has('no-ver') && c.ver !== '2.0') throw invalid('ver');
    if (typeof c.sub !== 'string' || typeof c.oid !== 'string') throw invalid('sub/oid missing');
    // an ID token, not an access token for this app's own API obtained by another client
    if (!f.has('own-api-access-token')) {
      if (c.scp !== undefined) throw invalid('scp: an access token');
      if (c.azp !== undefined && c.azp !== this.clientId) throw invalid('azp is another client');
      if (c.idtyp !== undefined && c.idtyp !== 'user') throw invalid('idtyp');
    }
  }
}

module.exports = { Verifier, TokenError, UpstreamError };
