import { describe, expect, it } from 'vitest';
import { formatUsd } from './money';

describe('formatUsd', () => {
  it('formats cents as US dollars with thousands separators', () => {
    expect(formatUsd(750000)).toBe('$7,500.00');
    expect(formatUsd(79999)).toBe('$799.99');
    expect(formatUsd(375000)).toBe('$3,750.00');
    expect(formatUsd(60000000)).toBe('$600,000.00');
    expect(formatUsd(5)).toBe('$0.05');
    expect(formatUsd(0)).toBe('$0.00');
  });

  it('can drop zero cents but keeps real ones', () => {
    expect(formatUsd(750000, { trimZeroCents: true })).toBe('$7,500');
    expect(formatUsd(79999, { trimZeroCents: true })).toBe('$799.99');
  });

  it('formats refunds and credits with a minus sign', () => {
    expect(formatUsd(-75000)).toBe('-$750.00');
  });

  it('rejects amounts that are not integer cents', () => {
    expect(() => formatUsd(7.5)).toThrow(RangeError);
    expect(() => formatUsd(Number.NaN)).toThrow(RangeError);
    expect(() => formatUsd(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });
});
