/** Signed links in mails that act without a sign-in: today the unsubscribe link
 *  (docs/decisions/0121-consent-and-unsubscribe.md). A token is `<payload>.<signature>`, both
 *  base64url: the payload is the JSON {email, choice, exp}, the signature HMAC-SHA256 of the payload
 *  part with MAIL_LINK_SECRET. Nothing is stored per token: the signature is the proof, the expiry
 *  bounds a leaked link, and what a link does (turning mail off) is harmless to repeat. */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { CONSENT_FIELDS, type ConsentField } from '../../../src/data/users';
import { normaliseEmail } from '../mail/email';

/** What an unsubscribe link turns off: one of the two marketing choices, or both. */
export type UnsubscribeChoice = ConsentField | 'all';
export const UNSUBSCRIBE_CHOICES: readonly UnsubscribeChoice[] = [...CONSENT_FIELDS, 'all'];

export function isUnsubscribeChoice(value: unknown): value is UnsubscribeChoice {
  return (UNSUBSCRIBE_CHOICES as readonly unknown[]).includes(value);
}

/** How long a mailed link works: long enough for a mail read weeks later, short enough that an
 *  old forwarded mail stops working. */
export const MAIL_LINK_DAYS = 90;
export const MAIL_LINK_LIFETIME_MS = MAIL_LINK_DAYS * 24 * 60 * 60 * 1000;

/** A secret shorter than this is a configuration mistake, not a key. */
const MIN_SECRET_LENGTH = 32;

export interface UnsubscribePayload {
  /** Lower case. */
  email: string;
  choice: UnsubscribeChoice;
  /** Milliseconds since the epoch. */
  exp: number;
}

export type TokenReading =
  | { status: 'valid'; payload: UnsubscribePayload }
  /** Not a token at all: wrong shape, not base64url, too long. */
  | { status: 'malformed' }
  /** Shaped like one, but the signature is not ours for this payload. */
  | { status: 'forged' }
  | { status: 'expired'; payload: UnsubscribePayload };

function usableSecret(secret: string): string {
  if (secret.length < MIN_SECRET_LENGTH) throw new Error(`MAIL_LINK_SECRET must be set (at least ${MIN_SECRET_LENGTH} characters)`);
  return secret;
}

function sign(secret: string, payloadPart: string): Buffer {
  return createHmac('sha256', usableSecret(secret)).update(payloadPart).digest();
}

/** A token for `email` that turns `choice` off until `now` + 90 days. */
export function unsubscribeToken(secret: string, { email, choice }: { email: string; choice: UnsubscribeChoice }, now: number): string {
  const address = normaliseEmail(email);
  if (address === null) throw new Error('An unsubscribe link needs a valid email address');
  const payload: UnsubscribePayload = { email: address, choice, exp: now + MAIL_LINK_LIFETIME_MS };
  const payloadPart = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${payloadPart}.${sign(secret, payloadPart).toString('base64url')}`;
}

const BASE64URL = /^[A-Za-z0-9_-]+$/;
/** An email of 254 characters makes a payload part of under 400; a bigger token is not ours. */
export const MAX_TOKEN_LENGTH = 600;

function parsePayload(payloadPart: string): UnsubscribePayload | null {
  try {
    const value = JSON.parse(Buffer.from(payloadPart, 'base64url').toString('utf8')) as Record<string, unknown>;
    const email = normaliseEmail(value.email);
    if (email === null || email !== value.email) return null;
    if (!isUnsubscribeChoice(value.choice)) return null;
    if (typeof value.exp !== 'number' || !Number.isSafeInteger(value.exp)) return null;
    return { email, choice: value.choice, exp: value.exp };
  } catch {
    return null;
  }
}

/** Checks the shape, then the signature (in constant time), and only then reads the payload. */
export function readUnsubscribeToken(secret: string, token: unknown, now: number): TokenReading {
  if (typeof token !== 'string' || token.length > MAX_TOKEN_LENGTH) return { status: 'malformed' };
  const parts = token.split('.');
  if (parts.length !== 2 || !parts.every((part) => BASE64URL.test(part))) return { status: 'malformed' };
  const [payloadPart, signaturePart] = parts as [string, string];
  const expected = sign(secret, payloadPart);
  const given = Buffer.from(signaturePart, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { status: 'forged' };
  const payload = parsePayload(payloadPart);
  // Signed by us yet unreadable: only a change of the format could make one.
  if (payload === null) return { status: 'malformed' };
  return payload.exp <= now ? { status: 'expired', payload } : { status: 'valid', payload };
}
