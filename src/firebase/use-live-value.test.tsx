import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SERVER_WAIT_MS } from '@/config/layout';
import { useLiveValueOf, type KeyedWatch } from './use-live-value';

/** The connection watcher, driven by the test: `setConnected` stands for `.info/connected`. */
const connection = vi.hoisted(() => ({ setConnected: (_connected: boolean) => {} }));
vi.mock('./connection', () => ({
  watchConnection: (onChange: (connected: boolean) => void) => {
    connection.setConnected = onChange;
    onChange(false);
    return Promise.resolve(() => {});
  },
}));

/** A watch function whose value the test delivers through `deliver`; `watched` lists the keys it
 *  was started for and `stopped` the ones it ended. */
function fakeWatch() {
  const source = {
    deliver: (_value: string) => {},
    fail: (_error: Error) => {},
    watched: [] as string[],
    stopped: [] as string[],
  };
  const watch: KeyedWatch<string> = (key, onChange, onError) => {
    source.deliver = onChange;
    source.fail = onError;
    source.watched.push(key);
    return Promise.resolve(() => source.stopped.push(key));
  };
  return { source, watch };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

async function start(key: string | null = 'u1') {
  const { source, watch } = fakeWatch();
  const hook = renderHook(({ uid }) => useLiveValueOf(uid, watch), { initialProps: { uid: key } });
  await act(async () => {}); // the watchers subscribe
  return { ...hook, source };
}

describe('useLiveValueOf while the database cannot be reached', () => {
  it('keeps loading quietly at first, then reports unreachable after the wait', async () => {
    const { result } = await start();
    act(() => vi.advanceTimersByTime(SERVER_WAIT_MS - 1));
    expect(result.current).toEqual({ status: 'loading', unreachable: false });
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toEqual({ status: 'loading', unreachable: true });
  });

  it('shows the data and drops the notice when the connection comes back', async () => {
    const { result, source } = await start();
    act(() => vi.advanceTimersByTime(SERVER_WAIT_MS));
    act(() => {
      connection.setConnected(true);
      source.deliver('orders');
    });
    expect(result.current).toEqual({ status: 'ready', value: 'orders', unreachable: false });
  });

  it('says nothing when the data arrives in time', async () => {
    const { result, source } = await start();
    act(() => {
      connection.setConnected(true);
      source.deliver('orders');
    });
    act(() => vi.advanceTimersByTime(SERVER_WAIT_MS * 3));
    expect(result.current).toEqual({ status: 'ready', value: 'orders', unreachable: false });
  });

  it('reports a connection lost after the data arrived once it has lasted the wait, keeping the data', async () => {
    const { result, source } = await start();
    act(() => {
      connection.setConnected(true);
      source.deliver('orders');
    });
    act(() => connection.setConnected(false));
    act(() => vi.advanceTimersByTime(SERVER_WAIT_MS - 1));
    expect(result.current.unreachable).toBe(false);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toEqual({ status: 'ready', value: 'orders', unreachable: true });
    act(() => connection.setConnected(true));
    expect(result.current.unreachable).toBe(false);
  });
});

describe('useLiveValueOf and its key', () => {
  it('watches nothing while the key is unknown', async () => {
    const { result, source } = await start(null);
    expect(source.watched).toEqual([]);
    expect(result.current.status).toBe('loading');
  });

  it('ends the old listener on a new key and loads again, ignoring what the old one still sends', async () => {
    const { result, source, rerender } = await start('u1');
    const oldDeliver = source.deliver;
    act(() => source.deliver('first'));
    rerender({ uid: 'u2' });
    await act(async () => {});
    expect(source.watched).toEqual(['u1', 'u2']);
    expect(source.stopped).toEqual(['u1']);
    expect(result.current.status).toBe('loading');
    act(() => oldDeliver('late reading of u1'));
    expect(result.current.status).toBe('loading');
    act(() => source.deliver('second'));
    expect(result.current).toMatchObject({ status: 'ready', value: 'second' });
  });

  it('says why the value could not be read', async () => {
    const { result, source } = await start();
    act(() => source.fail(new Error('permission_denied')));
    expect(result.current).toMatchObject({ status: 'error', message: 'permission_denied' });
  });
});
