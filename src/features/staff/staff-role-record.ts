/** staff_roles/{uid}: the signed-in person's staff role as the server last recorded it. The rules
 *  count a token's role only while this record says the same, and let each person read their own,
 *  so the console can end as soon as the role does (docs/decisions/0149-staff-role-claim-and-record.md). */
import { STAFF_ROLES_PATH, isStaffRole, type StaffRole } from '@/data/staff';
import { getDatabaseWithSdk } from '@/firebase/clients';
import { useLiveValueOf, type KeyedWatch, type LiveValue } from '@/firebase/use-live-value';

const watchOwnStaffRole: KeyedWatch<StaffRole | null> = async (uid, onChange, onError) => {
  const [db, { onValue, ref }] = await getDatabaseWithSdk();
  return onValue(
    ref(db, `${STAFF_ROLES_PATH}/${uid}`),
    (snapshot) => {
      const value: unknown = snapshot.val();
      onChange(isStaffRole(value) ? value : null);
    },
    onError,
  );
};

/** The recorded role of `uid`, live; nothing is watched while `uid` is null. */
export function useStaffRoleRecord(uid: string | null): LiveValue<StaffRole | null> {
  return useLiveValueOf(uid, watchOwnStaffRole);
}
