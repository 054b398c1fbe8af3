// The forms' requests are exercised for real by the function's tests (functions/src/submissions,
// against the database and Auth emulators) and the e2e forms tests; here, what each answer of the
// `submitForm` function becomes: a stored submission, or the message a failure gets.
import { describe, expect, it } from 'vitest';
import { FirebaseSetupError } from '@/firebase/clients';
import { ServerUnreachableError } from '@/firebase/connection';
import { StoreError, storeFailureOf, storedOrError } from './submissions';

const answer = (status: number, body: unknown) => ({ reached: true as const, status, body });

describe('storedOrError', () => {
  it('201: the key and whether a mail went out', () => {
    expect(storedOrError(answer(201, { statusCode: 201, data: { id: '-Nabc', mailed: true } }))).toEqual({ id: '-Nabc', mailed: true });
    expect(storedOrError(answer(201, { statusCode: 201, data: { id: '-Nabc', mailed: false } }))).toEqual({ id: '-Nabc', mailed: false });
    expect(storedOrError(answer(201, { statusCode: 201, data: { id: '-Nabc' } }))).toEqual({ id: '-Nabc', mailed: false });
  });

  it('429: the quota, with the minutes and whose limit', () => {
    const held = storedOrError(answer(429, { statusCode: 429, error: { message: 'x' }, limit: 'address', retryAfterMinutes: 1439.2 }));
    expect(held).toBeInstanceOf(StoreError);
    expect(held).toMatchObject({ reason: 'quota', waitMinutes: 1440, limit: 'address' });
    expect(storedOrError(answer(429, { limit: 'visitor', retryAfterMinutes: 59 }))).toMatchObject({ waitMinutes: 59, limit: 'visitor' });
    expect(storedOrError(answer(429, null))).toMatchObject({ reason: 'unknown' });
  });

  it('a refusal is "denied", anything else "unknown"; no answer is "timeout", no address "setup"', () => {
    for (const status of [400, 401, 403, 413]) expect(storedOrError(answer(status, {}))).toMatchObject({ reason: 'denied' });
    for (const status of [500, 502, 201]) expect(storedOrError(answer(status, 'oops'))).toMatchObject({ reason: 'unknown' });
    expect(storedOrError({ reached: false, reason: 'unreachable' })).toMatchObject({ reason: 'timeout' });
    expect(storedOrError({ reached: false, reason: 'not-configured' })).toMatchObject({ reason: 'setup' });
  });
});

describe('storeFailureOf', () => {
  it('reports a build without Firebase as "setup" and a request that took too long as "timeout"', () => {
    expect(storeFailureOf(new FirebaseSetupError())).toBe('setup');
    expect(storeFailureOf(new ServerUnreachableError())).toBe('timeout');
  });

  it('keeps the reason of a StoreError (the quota) and calls anything else "unknown"', () => {
    expect(storeFailureOf(new StoreError('quota', { waitMinutes: 12 }))).toBe('quota');
    expect(storeFailureOf(new TypeError('Failed to fetch'))).toBe('unknown');
  });
});
