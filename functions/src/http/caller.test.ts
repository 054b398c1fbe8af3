import type { Auth } from 'firebase-admin/auth';
import { describe, expect, it } from 'vitest';
import { bearerToken, identifyCaller } from './caller';

const auth = {
  verifyIdToken: async (token: string) => {
    if (token !== 'good-token' && token !== 'unverified-token') throw Object.assign(new Error('bad'), { code: 'auth/argument-error' });
    return { uid: 'uid-ada', email: 'ada@example.com', email_verified: token === 'good-token' } as Awaited<
      ReturnType<Auth['verifyIdToken']>
    >;
  },
};

describe('bearerToken', () => {
  it('reads the token of a Bearer header', () => {
    expect(bearerToken('Bearer abc.def.ghi')).toBe('abc.def.ghi');
    expect(bearerToken('bearer   abc ')).toBe('abc');
  });

  it('is null without a header, and empty for a header of another form', () => {
    expect(bearerToken(undefined)).toBeNull();
    expect(bearerToken('  ')).toBeNull();
    expect(bearerToken('Basic dXNlcjpwYXNz')).toBe('');
    expect(bearerToken('Bearer')).toBe('');
    expect(bearerToken('Bearer a b')).toBe('');
  });
});

describe('identifyCaller', () => {
  it('treats a request without Authorization as a visitor', async () => {
    expect(await identifyCaller(auth, undefined)).toEqual({ kind: 'visitor' });
  });

  it('identifies the customer of a valid token', async () => {
    expect(await identifyCaller(auth, 'Bearer good-token')).toEqual({
      kind: 'customer',
      uid: 'uid-ada',
      email: 'ada@example.com',
      emailVerified: true,
      anonymous: false,
    });
  });

  it('says whether Auth has verified the email (only a verified one may claim guest orders)', async () => {
    expect(await identifyCaller(auth, 'Bearer unverified-token')).toMatchObject({ kind: 'customer', emailVerified: false });
  });

  it('rejects an invalid token or a malformed header instead of falling back to a visitor', async () => {
    expect(await identifyCaller(auth, 'Bearer forged')).toMatchObject({ kind: 'rejected' });
    expect(await identifyCaller(auth, 'Token good-token')).toMatchObject({ kind: 'rejected' });
  });
});
