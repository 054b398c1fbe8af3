import { describe, expect, it } from 'vitest';
import type { CounterRecount } from '@/data/staff';
import { recountText } from './recount-words';

const report = (path: string, drift: Record<string, number>) => ({
  path,
  before: {},
  after: {},
  drift,
  drifted: Object.values(drift).some((delta) => delta !== 0),
});

describe('recountText', () => {
  it('says every value was right when the recount found no drift', () => {
    const run: CounterRecount = {
      recounted: [report('staff_counters/contact', { new: 0 }), report('staff_figures', { customers: 0 })],
      stoppedAt: null,
    };
    expect(recountText(run)).toBe('Recount done: every count and figure was right.');
  });

  it('names each value that was off, in words, with how much, money as money', () => {
    const run: CounterRecount = {
      recounted: [
        report('staff_counters/contact', { new: -37, answered: 0, archived: 1 }),
        report('staff_group_counters/builder', { new: 2 }),
        report('staff_figures', { activePlans: 1, mrrCents: -2_500 }),
        report('staff_figures', { customers: 1_200 }),
      ],
      stoppedAt: null,
    };
    expect(recountText(run)).toBe(
      'Recount done: 6 values were off and are now mended: Inquiries (New) \u221237; Inquiries (Archived) +1; ' +
        'Builder waitlist (New) +2; Active plans +1; Monthly recurring revenue \u2212$25.00; Customers +1,200.',
    );
  });

  it('names the trade-ins’ and the audit log’s counts by their words', () => {
    const run: CounterRecount = {
      recounted: [
        report('staff_list_counters/tradeIns', { declared: 1, awaiting: -2 }),
        report('staff_list_counters/audit', { exportList: 3 }),
      ],
      stoppedAt: null,
    };
    expect(recountText(run)).toBe(
      'Recount done: 3 values were off and are now mended: Trade-ins (All) +1; Trade-ins (Awaiting review) \u22122; ' +
        'Audit log (Exported a list as CSV) +3.',
    );
  });

  it('says when time ran out before every record was counted', () => {
    const run: CounterRecount = {
      recounted: [report('staff_counters/preorder', { pending: 1 })],
      stoppedAt: { walk: 'orders', after: 'o9', counted: 1000 },
    };
    expect(recountText(run)).toBe(
      'Recount done: one value was off and is now mended: Pre-orders (Pending) +1. Not every record was counted in time: press Recount again to count the rest.',
    );
  });
});
