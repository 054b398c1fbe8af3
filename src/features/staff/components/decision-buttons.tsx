import type { ReactNode } from 'react';
import { Button, type ButtonVariant } from '@/ui/button';
import { AdminOnlyActions } from './admin-only-actions';

export interface DecisionChoice {
  /** The useStaffAction key the press runs under (its button shows busy). */
  key: string;
  label: ReactNode;
  onPress: () => void;
  variant?: ButtonVariant;
}

/** An admin's row of decisions on one record: while one runs, none can be pressed again. */
export function DecisionButtons({
  may,
  reason,
  busy,
  choices,
}: {
  may: boolean;
  reason?: string;
  busy: string | null;
  choices: readonly DecisionChoice[];
}) {
  return (
    <AdminOnlyActions may={may} reason={reason}>
      {(gate) =>
        choices.map(({ key, label, onPress, variant }) => (
          <Button key={key} {...gate} variant={variant} busy={busy === key} disabled={gate.disabled || busy !== null} onClick={onPress}>
            {label}
          </Button>
        ))
      }
    </AdminOnlyActions>
  );
}
