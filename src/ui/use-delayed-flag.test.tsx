import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useDelayedFlag } from './use-delayed-flag';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const render = (active: boolean) => renderHook(({ on }) => useDelayedFlag(on, 10_000), { initialProps: { on: active } });

describe('useDelayedFlag', () => {
  it('turns true only once the condition has lasted the whole delay', () => {
    const { result } = render(true);
    act(() => vi.advanceTimersByTime(9_999));
    expect(result.current).toBe(false);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toBe(true);
  });

  it('turns false at once when the condition ends', () => {
    const { result, rerender } = render(true);
    act(() => vi.advanceTimersByTime(10_000));
    rerender({ on: false });
    expect(result.current).toBe(false);
  });

  it('starts the delay afresh after a break', () => {
    const { result, rerender } = render(true);
    act(() => vi.advanceTimersByTime(8_000));
    rerender({ on: false });
    rerender({ on: true });
    act(() => vi.advanceTimersByTime(8_000));
    expect(result.current).toBe(false);
    act(() => vi.advanceTimersByTime(2_000));
    expect(result.current).toBe(true);
  });

  it('stays false while the condition is false', () => {
    const { result } = render(false);
    act(() => vi.advanceTimersByTime(60_000));
    expect(result.current).toBe(false);
  });
});
