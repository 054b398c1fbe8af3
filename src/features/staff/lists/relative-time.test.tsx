import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { exactTimeText, RelativeTime, relativeTimeText } from './relative-time';

const MINUTE = 60_000;
const NOW = Date.UTC(2026, 10, 29, 15, 0);

describe('relativeTimeText', () => {
  it('says how long ago in the largest whole unit', () => {
    expect(relativeTimeText(NOW - 20_000, NOW)).toBe('just now');
    expect(relativeTimeText(NOW - 5 * MINUTE, NOW)).toBe('5 minutes ago');
    expect(relativeTimeText(NOW - 3 * 60 * MINUTE - 10 * MINUTE, NOW)).toBe('3 hours ago');
    expect(relativeTimeText(NOW - 30 * 60 * MINUTE, NOW)).toBe('yesterday');
    expect(relativeTimeText(NOW - 3 * 24 * 60 * MINUTE, NOW)).toBe('3 days ago');
    expect(relativeTimeText(NOW - 15 * 24 * 60 * MINUTE, NOW)).toBe('2 weeks ago');
    expect(relativeTimeText(NOW - 200 * 24 * 60 * MINUTE, NOW)).toBe('6 months ago');
    expect(relativeTimeText(NOW - 800 * 24 * 60 * MINUTE, NOW)).toBe('2 years ago');
  });

  it('a time a little ahead of the reader’s clock is just now, further ahead says so', () => {
    expect(relativeTimeText(NOW + 30_000, NOW)).toBe('just now');
    expect(relativeTimeText(NOW + 2 * 60 * MINUTE, NOW)).toBe('in 2 hours');
  });
});

describe('RelativeTime', () => {
  afterEach(() => vi.useRealTimers());

  it('shows how long ago, the exact time with its zone on hover and to a screen reader, and moves on each minute', () => {
    vi.useFakeTimers({ now: NOW });
    const at = NOW - 59 * MINUTE;
    render(<RelativeTime at={at} />);
    const exact = exactTimeText(at);
    // The zone is named: the reader's own, written out.
    expect(exact).toMatch(/2026, \d{1,2}:\d\d [AP]M [A-Z]{2,5}([+-]\d+)?$/);
    const time = screen.getByText('59 minutes ago', { exact: false });
    expect(time.tagName).toBe('TIME');
    expect(time).toHaveAttribute('title', exact);
    expect(time).toHaveAttribute('dateTime', new Date(at).toISOString());
    expect(time).toHaveTextContent(`59 minutes ago (${exact})`);

    act(() => vi.advanceTimersByTime(MINUTE));
    expect(time).toHaveTextContent(`1 hour ago (${exact})`);
  });
});
