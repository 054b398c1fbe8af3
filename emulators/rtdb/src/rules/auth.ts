// Turns an ID token into the rules' `auth` variable
// (emulators/rtdb/docs/protocol.md#how-credentials-become-auth). The emulator trusts any token:
// nothing (signature, alg, exp, aud, iss) is verified, only decoded.

import type { AuthVar } from './types';

const BASE64URL = /^[A-Za-z0-9_\-+/]*={0,2}$/;

function decodeJsonObject(part: string): Record<string, unknown> | undefined {
  if (part.length === 0 || !BASE64URL.test(part)) return undefined;
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

export function authFromToken(token: string): AuthVar | undefined {
  if (typeof token !== 'string') return undefined;
  const parts = token.trim().split('.');
  if (parts.length < 2 || parts.length > 3) return undefined;
  const header = decodeJsonObject(parts[0]);
  const claims = decodeJsonObject(parts[1]);
  if (header === undefined || claims === undefined) return undefined;
  const uid = typeof claims.sub === 'string' ? claims.sub : typeof claims.user_id === 'string' ? claims.user_id : null;
  const firebase = claims.firebase;
  const provider =
    firebase !== null && typeof firebase === 'object' && typeof (firebase as Record<string, unknown>).sign_in_provider === 'string'
      ? ((firebase as Record<string, unknown>).sign_in_provider as string)
      : null;
  return { uid, provider, token: claims };
}
