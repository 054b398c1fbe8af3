/**
 * Calendar arithmetic for billing periods, as Stripe does it: periods are whole calendar months or
 * years counted from the billing cycle anchor (the start date), at the anchor's time of day, in
 * UTC; when the anchor's day does not exist in a month the period ends on that month's last day
 * (anchor Jan 31 → Feb 28 → Mar 31: always counted from the anchor, never from the last end).
 */

import type { Interval } from '../core/store';

export function addInterval(timestamp: number, interval: Interval, count: number): number {
  if (interval === 'day') return timestamp + count * 86_400;
  if (interval === 'week') return timestamp + count * 7 * 86_400;
  const start = new Date(timestamp * 1000);
  const months = interval === 'year' ? count * 12 : count;
  const end = new Date(start);
  end.setUTCDate(1);
  end.setUTCMonth(end.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() + 1, 0)).getUTCDate();
  end.setUTCDate(Math.min(start.getUTCDate(), lastDay));
  return Math.floor(end.getTime() / 1000);
}

/** The end of period number `index` (0 = the first) of a subscription anchored at `anchor`. */
export function periodEnd(anchor: number, interval: Interval, count: number, index: number): number {
  return addInterval(anchor, interval, count * (index + 1));
}
