import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Auth, type User, onIdTokenChanged } from 'firebase/auth';
import { startTokenSync } from './token-sync';

vi.mock('firebase/auth', () => ({ onIdTokenChanged: vi.fn() }));

const URL = 'https://sessions.example.com/token';
let emit: (user: User | null) => void;
let stop: (() => void) | undefined;
const fetchMock = vi.fn();

beforeEach(() => {
  vi.clearAllMocks();
  vi.mocked(onIdTokenChanged).mockImplementation(((_auth: Auth, next: (user: User | null) => void) => {
    emit = next;
    return () => {};
  }) as typeof onIdTokenChanged);
  vi.stubGlobal('fetch', fetchMock.mockResolvedValue(new Response(null, { status: 204 })));
});
afterEach(() => {
  stop?.();
  vi.unstubAllGlobals();
});

const userWithToken = (token: string) => ({ getIdToken: async () => token }) as unknown as User;
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('startTokenSync', () => {
  it('does nothing without a URL', () => {
    expect(startTokenSync({} as Auth, '')).toBeUndefined();
    expect(onIdTokenChanged).not.toHaveBeenCalled();
  });

  it('POSTs each new token with a Bearer header and DELETEs on sign-out', async () => {
    stop = startTokenSync({} as Auth, URL);
    emit(userWithToken('t1'));
    emit(userWithToken('t1'));
    emit(userWithToken('t2'));
    emit(null);
    await settle();
    expect(fetchMock.mock.calls).toEqual([
      [URL, { method: 'POST', headers: { Authorization: 'Bearer t1' } }],
      [URL, { method: 'POST', headers: { Authorization: 'Bearer t2' } }],
      [URL, { method: 'DELETE', headers: { Authorization: 'Bearer t2' } }],
    ]);
  });

  it('starts once per Auth client', () => {
    const auth = {} as Auth;
    stop = startTokenSync(auth, URL);
    expect(startTokenSync(auth, URL)).toBeUndefined();
    expect(onIdTokenChanged).toHaveBeenCalledTimes(1);
  });

  it('logs failures and never throws', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    fetchMock.mockRejectedValueOnce(new TypeError('offline')).mockResolvedValueOnce(new Response(null, { status: 500 }));
    stop = startTokenSync({} as Auth, URL);
    emit(userWithToken('t1'));
    emit(null);
    await settle();
    expect(warn).toHaveBeenCalledTimes(2);
  });
});
