// Staff matrix of the counters and figures the triggers keep beside staff_counters
// (docs/decisions/0112-staff-counters-by-trigger.md): staff_group_counters (the waitlist per
// programme) and staff_figures (the overview's active plans, MRR and customers) are read by staff,
// admin and support alike, and by nobody else; staff_list_counters' trade-in counts by staff, its
// audit counts by admins (docs/decisions/0157-audit-log-and-trade-ins-counted.md). No browser
// writes them, staff included, so nobody can dress up the overview's figures.
import { expect } from 'vitest';
import { accessMatrix, rowsOn, valueOf } from './matrix.testing';
import { ADMIN_ONLY, NOBODY, STAFF, STAFF_CAST, STAFF_RECORDS, type StaffActor } from './staff-cast.testing';

const GROUPS = { builder: { new: 3, contacted: 1, archived: 0 }, 'open-access': { new: 40, contacted: 2, archived: 5 } };
const FIGURES = { activePlans: 12, mrrCents: 1_234_00, customers: 57 };
const LIST_COUNTS = { tradeIns: { awaiting: 2, credited: 1 }, audit: { exportList: 4, grantRole: 1 } };
const seeded = rowsOn<StaffActor>({
  ...STAFF_RECORDS,
  staff_group_counters: GROUPS,
  staff_figures: FIGURES,
  staff_list_counters: LIST_COUNTS,
});

accessMatrix<StaffActor>(
  'staff-access-figures',
  [
    {
      path: 'staff_group_counters (the waitlist per programme, kept by a trigger)',
      rows: [
        seeded.get('read (get)', 'staff_group_counters', STAFF, (snap) => expect(valueOf(snap)).toEqual(GROUPS)),
        seeded.listen('listen onValue(staff_group_counters/builder/new)', 'staff_group_counters/builder/new', STAFF),
        seeded.set('write (zero a programme’s count)', 'staff_group_counters/builder/new', 0, NOBODY),
        seeded.update('update (both programmes at once)', 'staff_group_counters', { 'builder/new': 0, 'open-access/new': 0 }, NOBODY),
      ],
    },
    {
      path: 'staff_figures (the overview’s figures, kept by triggers)',
      rows: [
        seeded.get('read (get)', 'staff_figures', STAFF, (snap) => expect(valueOf(snap)).toEqual(FIGURES)),
        seeded.listen('listen onValue(staff_figures)', 'staff_figures', STAFF),
        seeded.set('write (inflate the monthly revenue)', 'staff_figures/mrrCents', 99_999_999_00, NOBODY),
        seeded.update('update (every figure at once)', 'staff_figures', { activePlans: 1000, customers: 1000 }, NOBODY),
        seeded.remove('delete (wipe the figures)', 'staff_figures', NOBODY),
      ],
    },
    {
      path: 'staff_list_counters (the trade-ins by state and the audit log by action, for their "of N")',
      rows: [
        seeded.get('read the trade-ins’ counts', 'staff_list_counters/tradeIns', STAFF, (snap) =>
          expect(valueOf(snap)).toEqual(LIST_COUNTS.tradeIns),
        ),
        // The audit log's counts say what admins did: only admins read them, as only they read the log.
        seeded.get('read the audit log’s counts', 'staff_list_counters/audit', ADMIN_ONLY, (snap) =>
          expect(valueOf(snap)).toEqual(LIST_COUNTS.audit),
        ),
        seeded.get('read the whole node', 'staff_list_counters', NOBODY),
        seeded.set('write (hide exports from the count)', 'staff_list_counters/audit/exportList', 0, NOBODY),
        seeded.set('write (a trade-in count)', 'staff_list_counters/tradeIns/awaiting', 0, NOBODY),
        seeded.remove('delete (wipe the counts)', 'staff_list_counters', NOBODY),
      ],
    },
  ],
  STAFF_CAST,
);
