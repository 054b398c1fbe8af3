// takeAllowance against the project's database emulator with firebase-admin: the count, the
// sliding window, keys kept apart, and concurrent takers that cannot share the last use.
import { describe, expect, it } from 'vitest';
import { startDatabaseApp, useForFile } from '../testing/emulators.testing';
import { allowanceKey, RATE_LIMITS_PATH, takeAllowance } from './rate-limit';

const backend = useForFile(() => startDatabaseApp('rate-limit'));

const HOUR = 3_600_000;
const T0 = 1_800_000_000_000;

describe('takeAllowance', () => {
  it('allows max uses in a window, then refuses until the oldest use leaves it', async () => {
    const take = (now: number) =>
      takeAllowance(backend.database, { bucket: 'test-bucket', key: '203.0.113.7', max: 3, windowMs: HOUR, now });
    expect(await take(T0)).toEqual({ allowed: true, remaining: 2 });
    expect(await take(T0 + 1_000)).toEqual({ allowed: true, remaining: 1 });
    expect(await take(T0 + 2_000)).toEqual({ allowed: true, remaining: 0 });
    expect(await take(T0 + 3_000)).toEqual({ allowed: false, retryAfterMs: HOUR - 3_000 });
    // A refusal is not a use: it does not push the window further out.
    expect(await take(T0 + HOUR - 1)).toEqual({ allowed: false, retryAfterMs: 1 });
    expect(await take(T0 + HOUR)).toEqual({ allowed: true, remaining: 0 });
    expect(await take(T0 + HOUR + 1)).toEqual({ allowed: false, retryAfterMs: 999 });
  });

  it('counts each key and each bucket apart, and stores no key in the clear', async () => {
    const limit = { max: 1, windowMs: HOUR, now: T0 };
    expect((await takeAllowance(backend.database, { ...limit, bucket: 'one', key: '203.0.113.7' })).allowed).toBe(true);
    expect((await takeAllowance(backend.database, { ...limit, bucket: 'one', key: '203.0.113.7' })).allowed).toBe(false);
    expect((await takeAllowance(backend.database, { ...limit, bucket: 'one', key: '2001:db8::1' })).allowed).toBe(true);
    expect((await takeAllowance(backend.database, { ...limit, bucket: 'two', key: '203.0.113.7' })).allowed).toBe(true);
    const stored = (await backend.database.ref(RATE_LIMITS_PATH).get()).val() as Record<string, Record<string, unknown>>;
    expect(Object.keys(stored.one).sort()).toEqual([allowanceKey('203.0.113.7'), allowanceKey('2001:db8::1')].sort());
    expect(JSON.stringify(stored)).not.toContain('203.0.113.7');
  });

  it('gives 20 concurrent takers exactly max uses', async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        takeAllowance(backend.database, { bucket: 'race', key: 'one-address', max: 5, windowMs: HOUR, now: T0 }),
      ),
    );
    expect(answers.filter((answer) => answer.allowed)).toHaveLength(5);
    const record = (await backend.database.ref(`${RATE_LIMITS_PATH}/race/${allowanceKey('one-address')}`).get()).val() as {
      uses: number[];
    };
    expect(record.uses).toHaveLength(5);
  });

  it('refuses a bucket that is not a plain name, and a limit that is not a positive whole number', async () => {
    await expect(takeAllowance(backend.database, { bucket: 'a/b', key: 'k', max: 1, windowMs: HOUR, now: T0 })).rejects.toThrow(/Bucket/);
    await expect(takeAllowance(backend.database, { bucket: 'ok', key: 'k', max: 0, windowMs: HOUR, now: T0 })).rejects.toThrow(/max/);
    await expect(takeAllowance(backend.database, { bucket: 'ok', key: 'k', max: 1, windowMs: 0, now: T0 })).rejects.toThrow(/windowMs/);
  });
});
