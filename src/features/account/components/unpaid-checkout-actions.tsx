import { useState } from 'react';
import { UNPAID_CHECKOUT_TEXTS as TEXTS } from '@/catalog/unpaid-checkouts';
import type { Order } from '@/data/orders';
import { isNotPaidYet } from '@/data/order-display';
import { useAuth } from '@/session/auth-context';
import { AlertText } from '@/ui/alert-text';
import { Button } from '@/ui/button';
import { Modal } from '@/ui/modal';
import styles from './order-card.module.scss';

type Step = { kind: 'idle' } | { kind: 'resuming' } | { kind: 'confirming' } | { kind: 'removing' } | { kind: 'failed'; message: string };

/**
 * What a never-paid order offers its buyer (src/catalog/unpaid-checkouts.ts): Complete payment
 * while Stripe keeps the checkout open (the server gives its own session's address to its owner
 * only), and Remove, confirmed first, for it and for an expired one. A refusal is said beside the
 * buttons; once removed, the order leaves the list by itself.
 */
export function UnpaidCheckoutActions({ order }: { order: Order }) {
  const { user } = useAuth();
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const open = isNotPaidYet(order);
  const busy = step.kind === 'resuming' || step.kind === 'removing';

  const resume = async () => {
    if (!user || busy) return;
    setStep({ kind: 'resuming' });
    const { resumeCheckout } = await import('@/firebase/unpaid-checkout');
    const outcome = await resumeCheckout(user, order.id);
    if (outcome.ok) window.location.assign(outcome.value);
    else setStep({ kind: 'failed', message: outcome.message });
  };

  const remove = async () => {
    if (!user || busy) return;
    setStep({ kind: 'removing' });
    const { removeUnpaidOrder } = await import('@/firebase/unpaid-checkout');
    const outcome = await removeUnpaidOrder(user, order.id);
    // Removed: the live list drops the order, and this with it.
    if (!outcome.ok) setStep({ kind: 'failed', message: outcome.message });
  };

  return (
    <>
      <p className={styles.unpaidNote}>{open ? TEXTS.notPaidNote : TEXTS.expiredNote}</p>
      <div className={styles.actions}>
        {open && (
          <Button busy={step.kind === 'resuming'} disabled={busy} onClick={() => void resume()}>
            {step.kind === 'resuming' ? TEXTS.resuming : TEXTS.resume}
          </Button>
        )}
        <Button variant="secondary" disabled={busy} onClick={() => setStep({ kind: 'confirming' })}>
          {TEXTS.remove}
        </Button>
      </div>
      <AlertText message={step.kind === 'failed' ? step.message : null} />
      <Modal
        open={step.kind === 'confirming' || step.kind === 'removing'}
        title={TEXTS.confirmTitle}
        onClose={step.kind === 'removing' ? () => undefined : () => setStep({ kind: 'idle' })}
        actions={
          <>
            <Button variant="secondary" disabled={step.kind === 'removing'} onClick={() => setStep({ kind: 'idle' })}>
              {TEXTS.keep}
            </Button>
            <Button busy={step.kind === 'removing'} onClick={() => void remove()}>
              {step.kind === 'removing' ? TEXTS.removing : TEXTS.confirmRemove}
            </Button>
          </>
        }
      >
        <p>{TEXTS.confirmBody}</p>
      </Modal>
    </>
  );
}
