import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useAsyncSubscription, type AsyncSubscribe } from './use-async-subscription';

/** A subscription the test resolves or rejects by hand, recording what happened to it. */
function controlledSubscription() {
  const unsubscribe = vi.fn();
  let resolve: (stop: () => void) => void = () => {};
  let reject: (error: unknown) => void = () => {};
  let signal: AbortSignal | undefined;
  const subscribe = vi.fn<AsyncSubscribe>((given) => {
    signal = given;
    return new Promise<() => void>((res, rej) => {
      resolve = res;
      reject = rej;
    });
  });
  return {
    subscribe,
    unsubscribe,
    signal: () => signal,
    resolve: () => act(async () => resolve(unsubscribe)),
    reject: (error: unknown) => act(async () => reject(error)),
  };
}

function renderSubscription(subscribe: AsyncSubscribe | null, onError = vi.fn()) {
  const hook = renderHook(({ current, report }) => useAsyncSubscription(current, report), {
    initialProps: { current: subscribe, report: onError },
  });
  const rerender = (current: AsyncSubscribe | null, report = onError) => hook.rerender({ current, report });
  return { ...hook, rerender, onError };
}

describe('useAsyncSubscription', () => {
  it('subscribes once on mount, across re-renders, and unsubscribes on unmount', async () => {
    const sub = controlledSubscription();
    const { rerender, unmount } = renderSubscription(sub.subscribe);
    await sub.resolve();
    rerender(sub.subscribe);
    expect(sub.subscribe).toHaveBeenCalledTimes(1);
    expect(sub.unsubscribe).not.toHaveBeenCalled();
    unmount();
    expect(sub.unsubscribe).toHaveBeenCalledTimes(1);
    expect(sub.signal()?.aborted).toBe(true);
  });

  it('ends a subscription that resolves after the component has left', async () => {
    const sub = controlledSubscription();
    const { unmount } = renderSubscription(sub.subscribe);
    unmount();
    expect(sub.signal()?.aborted).toBe(true);
    expect(sub.unsubscribe).not.toHaveBeenCalled();
    await sub.resolve();
    expect(sub.unsubscribe).toHaveBeenCalledTimes(1);
  });

  it('ends the old subscription and starts the new one when the subscribe function changes', async () => {
    const first = controlledSubscription();
    const second = controlledSubscription();
    const { rerender, unmount } = renderSubscription(first.subscribe);
    await first.resolve();
    rerender(second.subscribe);
    expect(first.unsubscribe).toHaveBeenCalledTimes(1);
    expect(second.subscribe).toHaveBeenCalledTimes(1);
    await second.resolve();
    unmount();
    expect(second.unsubscribe).toHaveBeenCalledTimes(1);
    expect(first.unsubscribe).toHaveBeenCalledTimes(1);
  });

  it('subscribes to nothing while given null, and ends the subscription when it turns null', async () => {
    const sub = controlledSubscription();
    const { rerender } = renderSubscription(null);
    rerender(sub.subscribe);
    await sub.resolve();
    rerender(null);
    expect(sub.subscribe).toHaveBeenCalledTimes(1);
    expect(sub.unsubscribe).toHaveBeenCalledTimes(1);
  });

  it('reports a failed subscribe, rejected or thrown, to the onError of the latest render', async () => {
    const sub = controlledSubscription();
    const { rerender, onError } = renderSubscription(sub.subscribe);
    const latest = vi.fn();
    rerender(sub.subscribe, latest);
    expect(sub.subscribe).toHaveBeenCalledTimes(1);
    const failure = new Error('no configuration');
    await sub.reject(failure);
    expect(latest).toHaveBeenCalledWith(failure);
    expect(onError).not.toHaveBeenCalled();

    const thrown = new Error('thrown at once');
    const throwing = renderSubscription(() => {
      throw thrown;
    });
    await act(async () => {});
    expect(throwing.onError).toHaveBeenCalledWith(thrown);
  });

  it('says nothing of a failure that arrives after the component has left', async () => {
    const sub = controlledSubscription();
    const { unmount, onError } = renderSubscription(sub.subscribe);
    unmount();
    await sub.reject(new Error('too late'));
    expect(onError).not.toHaveBeenCalled();
  });
});
