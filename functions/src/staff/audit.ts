/** staff_audit/<push id>: one entry per staff change, written after the change (who, role, action,
 *  target, time), readable by admins only (docs/decisions/0108-staff-console.md). */
import type { Database } from 'firebase-admin/database';
import { STAFF_AUDIT_PATH, type StaffAuditAction, type StaffAuditEntry } from '../../../src/data/staff';
import type { StaffMember } from './claims';

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
  await database.ref(STAFF_AUDIT_PATH).push(entry);
}
