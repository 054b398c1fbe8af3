import { useEffect, useRef, useState } from 'react';
import { formatBillingDate } from '@/catalog/subscription';
import { TERM_TEXTS } from '@/catalog/term';
import { useAuth } from '@/session/auth-context';
import { Button } from '@/ui/button';
import { AlertText } from '@/ui/alert-text';
import type { Outcome } from '../plan-changes-api';
import styles from './renew-button.module.scss';

export const renewedText = (termEndsAt: number) => `Renewed: the term now ends on ${formatBillingDate(termEndsAt)}.`;

/** Renew for 12 months: manageSubscription moves the term's end twelve months on
 *  (docs/decisions/0115-the-term-ends-unless-renewed.md). What came of it is said beside it. */
export function RenewButton({ orderId, className }: { orderId: string; className?: string }) {
  const { user } = useAuth();
  const [state, setState] = useState<
    { kind: 'idle' } | { kind: 'busy' } | { kind: 'done'; termEndsAt: number } | { kind: 'failed'; message: string }
  >({ kind: 'idle' });
  const said = useRef<HTMLParagraphElement>(null);
  // The button goes once renewed: the focus goes to what happened rather than to the page's top.
  useEffect(() => {
    if (state.kind === 'done') said.current?.focus();
  }, [state.kind]);
  const renew = async () => {
    if (!user || state.kind === 'busy') return;
    setState({ kind: 'busy' });
    const { renewTerm } = await import('../plan-changes-api');
    const outcome: Outcome<number> = await renewTerm(user, orderId).catch((error: unknown) => ({
      ok: false as const,
      status: null,
      message: error instanceof Error ? error.message : String(error),
    }));
    setState(outcome.ok ? { kind: 'done', termEndsAt: outcome.value } : { kind: 'failed', message: outcome.message });
  };
  return (
    <div className={[styles.renew, className].filter(Boolean).join(' ')}>
      {state.kind !== 'done' && (
        <Button variant="secondary" busy={state.kind === 'busy'} onClick={() => void renew()}>
          {state.kind === 'busy' ? 'Renewing…' : TERM_TEXTS.renewButton}
        </Button>
      )}
      <p role="status" className={styles.done} ref={said} tabIndex={-1}>
        {state.kind === 'done' ? renewedText(state.termEndsAt) : ''}
      </p>
      <AlertText message={state.kind === 'failed' ? state.message : null} className={styles.error} />
    </div>
  );
}
