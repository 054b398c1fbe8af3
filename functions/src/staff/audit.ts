/** staff_audit/<push id>: one entry per staff change, written after the change (who, role, action,
 *  target, time), readable by admins only (docs/decisions/0108-staff-console.md), and its action's
 *  count at staff_list_counters/audit, moved in the same write, for the audit log's "of N"
 *  (docs/decisions/0157-audit-log-and-trade-ins-counted.md). */
import { ServerValue, type Database } from 'firebase-admin/database';
import {
  AUDIT_COUNTERS_PATH,
  isStaffAuditAction,
  STAFF_AUDIT_ACTIONS,
  STAFF_AUDIT_PATH,
  type StaffAuditAction,
  type StaffAuditEntry,
} from '../../../src/data/staff';
import type { CountedSource } from '../jobs/event-ledger';
import type { StaffMember } from './claims';

const actionCounter = (action: string) => `${AUDIT_COUNTERS_PATH}/${action}`;

/** staff_audit: each entry adds one to its action's count; the recount sums them afresh. */
export const AUDIT_SOURCE: CountedSource = {
  path: STAFF_AUDIT_PATH,
  counters: STAFF_AUDIT_ACTIONS.map(actionCounter),
  contribution: (record) => {
    const { action } = (record ?? {}) as Partial<StaffAuditEntry>;
    return isStaffAuditAction(action) ? { [actionCounter(action)]: 1 } : {};
  },
};

export async function audit(
  database: Database,
  actor: StaffMember,
  action: StaffAuditAction,
  target: string,
  at: number,
  detail?: string,
): Promise<void> {
  const entry: StaffAuditEntry = {
    actorUid: actor.uid,
    actorEmail: actor.email,
    role: actor.role,
    action,
    target,
    at,
    ...(detail === undefined ? {} : { detail }),
  };
  // One write: an entry is never there without its count, nor counted without being there.
  const id = database.ref(STAFF_AUDIT_PATH).push().key!;
  await database.ref().update({ [`${STAFF_AUDIT_PATH}/${id}`]: entry, [actionCounter(action)]: ServerValue.increment(1) });
}
