import { describe, expect, it } from 'vitest';
import { SUBMISSION_QUOTA } from '@/config/data-limits';
import { minutesUntil, nextQuotaStep, quotaRecord } from './submission-quota';

const NOW = 1_800_000_000_000;
const { max, windowMs } = SUBMISSION_QUOTA;

describe('nextQuotaStep', () => {
  it('opens a window for a first submission, and for anything that is not a stored quota', () => {
    for (const stored of [null, undefined, 'x', { count: '1' }, { windowStart: NOW }]) {
      expect(nextQuotaStep(stored, NOW)).toEqual({ kind: 'new-window' });
    }
  });

  it(`counts up within the window, to ${max}`, () => {
    const windowStart = NOW - 1000;
    for (let count = 1; count < max; count++) {
      expect(nextQuotaStep({ count, windowStart, lastId: 'k' }, NOW)).toEqual({ kind: 'next', count: count + 1, windowStart });
    }
  });

  it('refuses the next one once the window is full, saying when it ends', () => {
    const windowStart = NOW - 1000;
    expect(nextQuotaStep({ count: max, windowStart, lastId: 'k' }, NOW)).toEqual({ kind: 'exhausted', retryAt: windowStart + windowMs });
  });

  it('opens a new window exactly when the last one is over', () => {
    const stored = { count: max, windowStart: NOW - windowMs, lastId: 'k' };
    expect(nextQuotaStep(stored, NOW)).toEqual({ kind: 'new-window' });
    expect(nextQuotaStep(stored, NOW - 1)).toMatchObject({ kind: 'exhausted' });
  });
});

describe('quotaRecord', () => {
  it('writes the server time into a new window and keeps the window of a next step', () => {
    expect(quotaRecord({ kind: 'new-window' }, 'key1', 'SERVER_TIME')).toEqual({ count: 1, windowStart: 'SERVER_TIME', lastId: 'key1' });
    expect(quotaRecord({ kind: 'next', count: 3, windowStart: NOW }, 'key3', 'SERVER_TIME')).toEqual({
      count: 3,
      windowStart: NOW,
      lastId: 'key3',
    });
  });
});

describe('minutesUntil', () => {
  it('rounds up to whole minutes, at least one', () => {
    expect(minutesUntil(NOW + 60_000 * 11 + 1, NOW)).toBe(12);
    expect(minutesUntil(NOW + 1, NOW)).toBe(1);
    expect(minutesUntil(NOW - 5000, NOW)).toBe(1);
  });
});
