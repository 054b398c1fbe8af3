/** recountCounters: an admin has the console's counters and figures counted afresh from the
 *  submissions, orders and profiles, and sees what drift it found (docs/decisions/0112-staff-counters-by-trigger.md). Audited, with the
 *  drift as the entry's detail. */
import { STAFF_COUNTERS_PATH, type CounterRecount } from '../../../src/data/staff';
import { describeRecount, logRecount, recountCounters as recount } from '../jobs/recount';
import { FUNCTION_LIMITS } from '../limits';
import { audit } from './audit';
import type { ActionContext } from './context';

/** Stops reading with a quarter of the staff function's time limit left; pressing again goes on. */
const BUDGET_MS = FUNCTION_LIMITS.staff.timeoutSeconds * 750;

export async function recountCounters({ deps, actor, now }: ActionContext): Promise<CounterRecount> {
  const run = await recount(deps.database, { deadline: Date.now() + BUDGET_MS });
  logRecount('staff recountCounters', run);
  await audit(deps.database, actor, 'recountCounters', STAFF_COUNTERS_PATH, now, describeRecount(run));
  return run;
}
