import { useCallback, useState, type ReactNode } from 'react';
import { Button } from '@/ui/button';
import { Modal } from '@/ui/modal';

/** What a staff action asks before it mails someone or changes their access: what happens, and
 *  to whom (docs/decisions/0108-staff-console.md#addendum-2026-11-29-trade-ins-the-customer-sees-and-staff-decide). */
export interface Confirmation {
  title: string;
  text: string;
  /** The confirming button's words ("Approve and mail the pass"). */
  confirm: string;
}

interface Pending {
  ask: Confirmation;
  answer: (confirmed: boolean) => void;
}

/** An accessible confirmation (the site's Modal: focus kept inside, Escape, the backdrop and
 *  Cancel decline): `ask` resolves true only when the person confirmed; render `dialog`. */
export function useConfirmation(): { ask: (confirmation: Confirmation) => Promise<boolean>; dialog: ReactNode } {
  const [pending, setPending] = useState<Pending | null>(null);
  const ask = useCallback(
    (confirmation: Confirmation) => new Promise<boolean>((resolve) => setPending({ ask: confirmation, answer: resolve })),
    [],
  );
  const close = (confirmed: boolean) => {
    pending?.answer(confirmed);
    setPending(null);
  };
  const dialog = (
    <Modal
      open={pending !== null}
      title={pending?.ask.title ?? ''}
      onClose={() => close(false)}
      actions={
        <>
          <Button variant="secondary" onClick={() => close(false)}>
            Cancel
          </Button>
          <Button onClick={() => close(true)}>{pending?.ask.confirm}</Button>
        </>
      }
    >
      <p>{pending?.ask.text}</p>
    </Modal>
  );
  return { ask, dialog };
}
