// For the tests only (nothing in index.ts imports it): the Admin SDK's Auth verifying ID tokens as
// it does against production. Under FIREBASE_AUTH_EMULATOR_HOST the SDK's verifyIdToken always asks
// Auth whether the account still exists, is enabled and has not revoked its tokens; against
// production it asks only when called with checkRevoked = true, and otherwise accepts a deleted or
// revoked account's token for the rest of its hour. The attacks on a closed account's old token
// (docs/decisions/0119-account-deletion-and-retention.md) are only seen with production's rule.
import type { Auth, DecodedIdToken } from 'firebase-admin/auth';

/** The SDK's own token verifier (issuer, audience, expiry, and the signature outside the emulator). */
interface TokenVerifier {
  verifyJWT(token: string, isEmulator: boolean): Promise<DecodedIdToken>;
}

/** `auth` with verifyIdToken as production runs it; every other method is the real one. */
export function verifyingAsInProduction<A extends Auth>(auth: A): A {
  const verifier = (auth as unknown as { idTokenVerifier?: TokenVerifier }).idTokenVerifier;
  if (!verifier) throw new Error('firebase-admin changed: Auth has no idTokenVerifier to verify a token without asking Auth');
  const verifyIdToken = (token: string, checkRevoked = false): Promise<DecodedIdToken> =>
    checkRevoked ? auth.verifyIdToken(token, true) : verifier.verifyJWT(token, true);
  return new Proxy(auth, {
    get(target, property, receiver) {
      if (property === 'verifyIdToken') return verifyIdToken;
      const value: unknown = Reflect.get(target, property, receiver);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}
