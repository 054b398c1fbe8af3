// Matrix of the jobs' own state (database.rules.json, "jobs"): the counters' ledger of events taken
// and the cursors the clean-up, the recount and termNotices go on from. Only the functions write
// them, with admin access; every browser is refused, staff included: a forged ledger entry would
// make the counters skip a real change, a forged cursor would make a job skip records.
import { get, ref, remove, set } from 'firebase/database';
import { accessMatrix } from './matrix.testing';
import { EVERYTHING, NOBODY, STAFF_CAST } from './staff-cast.testing';

const LEDGER_ENTRY = 'jobs/staffCounters/events/evt-1';
const STATE = {
  ...EVERYTHING,
  [LEDGER_ENTRY]: { at: 1_700_000_000_000, state: 'counted' },
  'jobs/cleanup/cursor/submission_quota': { after: 'uid-9', carry: 3 },
};

accessMatrix(
  'jobs-access',
  [
    {
      path: 'jobs (the ledger and the cursors)',
      rows: [
        { op: 'read the whole node (get)', seed: STATE, run: (db) => get(ref(db, 'jobs')), allowed: NOBODY },
        { op: 'read a ledger entry (get)', seed: STATE, run: (db) => get(ref(db, LEDGER_ENTRY)), allowed: NOBODY },
        {
          op: 'forge a ledger entry for an event not yet delivered',
          seed: STATE,
          run: (db) => set(ref(db, 'jobs/staffCounters/events/evt-2'), { at: Date.now(), state: 'counted' }),
          allowed: NOBODY,
          target: 'jobs/staffCounters/events',
        },
        {
          op: 'delete a ledger entry (replay an event)',
          seed: STATE,
          run: (db) => remove(ref(db, LEDGER_ENTRY)),
          allowed: NOBODY,
          target: LEDGER_ENTRY,
        },
        {
          op: "move a job's cursor",
          seed: STATE,
          run: (db) => set(ref(db, 'jobs/cleanup/cursor/submission_quota'), { after: 'zzz', carry: 0 }),
          allowed: NOBODY,
          target: 'jobs/cleanup/cursor',
        },
      ],
    },
  ],
  STAFF_CAST,
);
