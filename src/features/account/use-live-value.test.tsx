import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SERVER_WAIT_MS } from '@/config/layout';
import { useLiveValue } from './use-live-value';

/** The connection watcher, driven by the test: `setConnected` stands for `.info/connected`. */
const connection = vi.hoisted(() => ({ setConnected: (_connected: boolean) => {} }));
vi.mock('@/firebase/connection', () => ({
  watchConnection: (onChange: (connected: boolean) => void) => {
    connection.setConnected = onChange;
    onChange(false);
    return Promise.resolve(() => {});
  },
}));

/** A watch function whose value the test delivers through `deliver`. */
function fakeWatch() {
  const source = { deliver: (_value: string) => {} };
  const watch = (_uid: string, onChange: (value: string) => void) => {
    source.deliver = onChange;
    return Promise.resolve(() => {});
  };
  return { source, watch };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

async function start() {
  const { source, watch } = fakeWatch();
  const hook = renderHook(() => useLiveValue('u1', watch));
  await act(async () => {}); // the watchers subscribe
  return { ...hook, source };
}

describe('useLiveValue while the database cannot be reached', () => {
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
