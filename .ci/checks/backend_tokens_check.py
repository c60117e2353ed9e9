#!/usr/bin/env python3
"""Check the backend profile's tokens with libraries others wrote (PyJWT, cryptography).

Reads the JSON that `sl-backend-tokens MODE` prints. Every token signed by the tenant or the
rotation key must verify under the published JWK with PyJWT (RS256 only); every forged RS256
signature must not; the HS256 forgeries must be HMAC-SHA256 under exactly the PEM (or n) that
cryptography serialises from the published JWK; alg none tokens must not verify. The decoy keys
must be what their case says (an unknown kty, an RSA key with alg RS1024, a valid EC P-256 key).
BE-HEADER-1's tokens must verify under the attacker's key and no published one; the attacker's
certificate must be a self-signed X.509 certificate (cryptography parses it and verifies its
signature) of exactly the key the header's jwk carries, and each token must offer it as its case says.
Exits 1 with every problem listed.
"""
import base64
import hashlib
import hmac
import json
import sys

import jwt
from cryptography.hazmat.primitives import hashes, serialization
from cryptography import x509
from cryptography.hazmat.primitives.asymmetric import ec, padding

document = json.load(open(sys.argv[1]))
problems = []
keys = {key["kid"]: key for key in document["jwks"]["keys"]}
tenant_kid, rotation_kid = [key["kid"] for key in document["jwks"]["keys"] if key["kty"] == "RSA" and "alg" not in key]
published = {kid: jwt.PyJWK(keys[kid], algorithm="RS256") for kid in (tenant_kid, rotation_kid)}

# The PEM is what OpenSSL writes for the published JWK (SubjectPublicKeyInfo, final newline).
pem = published[tenant_kid].key.public_bytes(serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo).decode()
if pem != document["pem"]:
    problems.append("the PEM the harness keys BE-SIG-3 with is not cryptography's PEM of the published key")

# Decoys: what BE-DECOY-1 says they are.
if keys["decoy-unknown-kty"]["kty"] != "XYZ" or keys["decoy-rs1024"].get("alg") != "RS1024":
    problems.append("the decoys are not an unknown kty and an RSA key with alg RS1024")
ec_key = keys["decoy-ec-p256"]
point = b"\x04" + base64.urlsafe_b64decode(ec_key["x"] + "==") + base64.urlsafe_b64decode(ec_key["y"] + "==")
ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), point)  # raises if not on the curve

# The attacker's key (BE-HEADER-1): its JWK, under the tenant kid, and its self-signed certificate.
attacker_jwk = document["attacker"]["jwk"]
attacker = jwt.PyJWK(attacker_jwk, algorithm="RS256")
if attacker_jwk["kid"] != tenant_kid:
    problems.append("the attacker's JWK does not carry the tenant key's kid")
certificate = x509.load_pem_x509_certificate(document["attacker"]["certificate"].encode())
if certificate.public_key().public_numbers() != attacker.key.public_numbers():
    problems.append("the attacker's certificate does not hold the attacker's key")
if certificate.issuer != certificate.subject:
    problems.append("the attacker's certificate is not self-signed (issuer and subject differ)")
try:
    certificate.public_key().verify(certificate.signature, certificate.tbs_certificate_bytes, padding.PKCS1v15(), certificate.signature_hash_algorithm)
except Exception as error:
    problems.append(f"the attacker's certificate's signature does not verify under its own key: {error!r}")
certificate_b64 = base64.b64encode(certificate.public_bytes(serialization.Encoding.DER)).decode()

def b64(part):
    return base64.urlsafe_b64decode(part + "=" * (-len(part) % 4))

def verifies(token, kid):
    try:
        jwt.decode(token, published[kid].key, algorithms=["RS256"], options={"verify_aud": False, "verify_exp": False, "verify_nbf": False, "verify_iat": False, "verify_iss": False})
        return True
    except jwt.InvalidSignatureError:
        return False
    except jwt.DecodeError:
        return False

counts = {}
for entry in document["tokens"]:
    token, kind, name = entry["token"], entry["signature"], f"{entry['case']} ({entry['label']})"
    counts[kind] = counts.get(kind, 0) + 1
    parts = token.split(".")
    if kind in ("tenant", "rotation"):
        kid = tenant_kid if kind == "tenant" else rotation_kid
        if entry["case"] == "BE-INPUT-2":
            # The non-JSON header: check the RS256 signature over the signing input directly.
            signing_input = (parts[0] + "." + parts[1]).encode()
            try:
                published[kid].key.verify(b64(parts[2]), signing_input, padding.PKCS1v15(), hashes.SHA256())
            except Exception as error:
                problems.append(f"{name}: the signature over the non-JSON header does not verify: {error!r}")
            continue
        if not verifies(token, kid):
            problems.append(f"{name}: PyJWT does not verify our RS256 signature under the published key {kid}")
        header = json.loads(b64(parts[0]))
        if header.get("kid") != kid or header.get("alg") != "RS256":
            problems.append(f"{name}: header {header} does not name {kid} with RS256")
    elif kind == "forged":
        if any(verifies(token, kid) for kid in published):
            problems.append(f"{name}: a forged signature verifies under a published key")
    elif kind == "attacker":
        header = json.loads(b64(parts[0]))
        try:
            jwt.decode(token, attacker.key, algorithms=["RS256"], options={"verify_signature": True, "verify_aud": False, "verify_exp": False, "verify_nbf": False, "verify_iat": False, "verify_iss": False})
        except jwt.PyJWTError as error:
            problems.append(f"{name}: PyJWT does not verify it under the attacker's key: {error!r}")
        if any(verifies(token, kid) for kid in published):
            problems.append(f"{name}: it verifies under a published key")
        if header.get("kid") != tenant_kid:
            problems.append(f"{name}: its kid is not the tenant key's")
        offered = [member for member in ("jwk", "jku", "x5u", "x5c") if member in header]
        if len(offered) != 1:
            problems.append(f"{name}: the header offers {offered}, not one way")
        elif offered == ["jwk"] and header["jwk"] != attacker_jwk:
            problems.append(f"{name}: the header's jwk is not the attacker's")
        elif offered == ["x5c"] and header["x5c"] != [certificate_b64]:
            problems.append(f"{name}: the header's x5c is not the attacker's certificate")
        elif offered[0] in ("jku", "x5u") and not header[offered[0]].startswith("http://127.0.0.1:"):
            problems.append(f"{name}: the header's {offered[0]} is not on loopback")
    elif kind in ("hmacPEM", "hmacN"):
        secret = pem.encode() if kind == "hmacPEM" else keys[tenant_kid]["n"].encode()
        expected = hmac.new(secret, (parts[0] + "." + parts[1]).encode(), hashlib.sha256).digest()
        if b64(parts[2]) != expected or json.loads(b64(parts[0])).get("alg") != "HS256":
            problems.append(f"{name}: not HS256 keyed with the {'PEM' if kind == 'hmacPEM' else 'JWK n'}")
    elif kind == "none":
        if len(parts) == 3 and parts[2] and any(verifies(token, kid) for kid in published):
            problems.append(f"{name}: an unsigned or malformed token verifies")

if counts.get("tenant", 0) < 8 or counts.get("forged", 0) < 3 or counts.get("rotation", 0) != 1 or counts.get("attacker", 0) != 4:
    problems.append(f"too few tokens of each kind to mean anything: {counts}")
for problem in problems:
    print("backend-tokens: " + problem, file=sys.stderr)
if problems:
    sys.exit(1)
print(f"backend-tokens: {document['mode']} mode: {sum(counts.values())} tokens checked with PyJWT {jwt.__version__}: {counts}")
