import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FirebaseSetupError, getDatabaseClient } from '@/firebase/clients';
import { STORE_TIMEOUT_MS, StoreError, storeSubmission } from './submissions';

const database = vi.hoisted(() => ({
  set: vi.fn(),
  push: vi.fn((parent: { path: string }) => ({ path: `${parent.path}/-Nkey`, key: '-Nkey' })),
  ref: vi.fn((_db: unknown, path: string) => ({ path })),
  serverTimestamp: () => ({ '.sv': 'timestamp' }),
}));
vi.mock('firebase/database', () => database);
vi.mock('@/firebase/clients', async (original) => ({
  ...(await original<typeof import('@/firebase/clients')>()),
  getDatabaseClient: vi.fn(),
}));
const client = vi.mocked(getDatabaseClient);

const FIELDS = { full__name: 'Ada', email: 'ada@example.com' };

beforeEach(() => {
  client.mockReset().mockResolvedValue({} as Awaited<ReturnType<typeof getDatabaseClient>>);
  database.set.mockReset().mockResolvedValue(undefined);
});
afterEach(() => vi.useRealTimers());

describe('storeSubmission', () => {
  it('pushes the fields with the server time and the page under submissions/{kind}', async () => {
    await expect(storeSubmission('waitlist', FIELDS, '/open-access-program')).resolves.toBe('-Nkey');
    expect(database.ref).toHaveBeenCalledWith(expect.anything(), 'submissions/waitlist');
    expect(database.set).toHaveBeenCalledWith(
      { path: 'submissions/waitlist/-Nkey', key: '-Nkey' },
      { ...FIELDS, createdAt: { '.sv': 'timestamp' }, page: '/open-access-program' },
    );
  });

  it('cuts the page to the length the rules accept', async () => {
    await storeSubmission('preorder', FIELDS, `/${'p'.repeat(200)}`);
    expect(database.set.mock.calls[0]![1].page).toHaveLength(100);
  });

  it('reports a refusal by the rules as "denied"', async () => {
    database.set.mockRejectedValue(Object.assign(new Error('PERMISSION_DENIED: Permission denied'), { code: 'PERMISSION_DENIED' }));
    await expect(storeSubmission('contact', FIELDS as never, '/contact')).rejects.toMatchObject({ reason: 'denied' });
  });

  it('reports a build without Firebase as "setup"', async () => {
    client.mockRejectedValue(new FirebaseSetupError());
    await expect(storeSubmission('contact', FIELDS as never, '/contact')).rejects.toMatchObject({ reason: 'setup' });
  });

  it('gives up after the time-out when the database does not answer', async () => {
    vi.useFakeTimers();
    database.set.mockReturnValue(new Promise(() => {}));
    const stored = storeSubmission('preorder', FIELDS, '/preorder');
    const outcome = expect(stored).rejects.toEqual(new StoreError('timeout'));
    await vi.advanceTimersByTimeAsync(STORE_TIMEOUT_MS - 1);
    await vi.advanceTimersByTimeAsync(1);
    await outcome;
  });
});
