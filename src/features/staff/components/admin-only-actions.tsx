import { useId, type ReactNode } from 'react';
import { ADMIN_ONLY } from '../staff-context';
import styles from '../staff.module.scss';

/** What a button of an admin's action spreads: disabled for support, and described by the note that
 *  says why. */
export interface AdminGate {
  disabled: boolean;
  'aria-describedby': string | undefined;
}

interface AdminOnlyActionsProps {
  /** Whether the signed-in staff member may take the action (useMayTake). */
  may: boolean;
  /** Why not, under the buttons, when they may not. */
  reason?: string;
  /** The row's buttons; those of the action spread `gate`, others (a copy) leave it. */
  children: (gate: AdminGate) => ReactNode;
  /** The row's own layout, when it is not the card's row of buttons. */
  className?: string;
}

/** A row of actions only admins take (docs/decisions/0108-staff-console.md): support sees the
 *  buttons, disabled, with the reason under them, rather than wondering where they went. */
export function AdminOnlyActions({ may, reason = ADMIN_ONLY, children, className = styles.actions }: AdminOnlyActionsProps) {
  const reasonId = useId();
  return (
    <>
      <div className={className}>{children({ disabled: !may, 'aria-describedby': may ? undefined : reasonId })}</div>
      {!may && (
        <p id={reasonId} className={styles.note}>
          {reason}
        </p>
      )}
    </>
  );
}
