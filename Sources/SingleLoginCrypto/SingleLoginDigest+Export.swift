// SHA-256 and HMAC live in SingleLoginDigest, below the app-side recorder, which must not link RSA;
// the harness's code that imports SingleLoginCrypto for its keys and signatures gets them too.
@_exported import SingleLoginDigest
