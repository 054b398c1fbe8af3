import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ServerUnreachableError, watchConnection, withinServerWait } from './connection';

/** `.info/connected` as the SDK would report it, driven by the test. */
const sdk = vi.hoisted(() => ({ report: (_connected: boolean) => {}, path: '' }));
vi.mock('./clients', async () => ({ getDatabaseWithSdk: async () => [{}, await import('firebase/database')] }));
vi.mock('firebase/database', () => ({
  ref: (_db: unknown, path: string) => path,
  onValue: (path: string, onSnapshot: (snapshot: { val(): unknown }) => void) => {
    sdk.path = path;
    sdk.report = (connected) => onSnapshot({ val: () => connected });
    return () => {};
  },
}));

describe('withinServerWait', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('gives up with ServerUnreachableError when the write has not settled in time', async () => {
    const outcome = expect(withinServerWait(new Promise(() => {}), 10_000)).rejects.toBeInstanceOf(ServerUnreachableError);
    await vi.advanceTimersByTimeAsync(10_000);
    await outcome;
  });

  it('passes a write that settles in time through, success or failure', async () => {
    await expect(withinServerWait(Promise.resolve('key'), 10_000)).resolves.toBe('key');
    await expect(withinServerWait(Promise.reject(new Error('denied')), 10_000)).rejects.toThrow('denied');
  });
});

describe('watchConnection', () => {
  const setOnline = (online: boolean) => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  };
  afterEach(() => vi.restoreAllMocks());

  it('follows .info/connected, and says offline at once when the browser goes offline', async () => {
    const states: boolean[] = [];
    const stop = await watchConnection((connected) => states.push(connected));
    expect(sdk.path).toBe('.info/connected');
    sdk.report(true);
    setOnline(false);
    setOnline(true);
    sdk.report(false);
    expect(states).toEqual([false, true, false, true, false]);
    stop();
    setOnline(false);
    expect(states).toHaveLength(5);
  });
});
