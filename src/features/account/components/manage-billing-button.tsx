import { useState } from 'react';
import { paths } from '@/config/paths';
import { useAuth } from '@/session/auth-context';
import { alertError } from '@/ui/alerts';
import { Button } from '@/ui/button';
import { BILLING_MESSAGES } from '../billing-api';

interface ManageBillingButtonProps {
  label?: string;
  /** Where Stripe's "Return" link brings the person back. */
  returnPath?: string;
  className?: string;
}

/** Opens the Stripe billing portal of the signed-in customer (payment method, invoices, cancel).
 *  The button stays busy until the browser has left for Stripe. */
export function ManageBillingButton({ label = 'Manage billing', returnPath = paths.orderHistory, className }: ManageBillingButtonProps) {
  const { user } = useAuth();
  const [busy, setBusy] = useState(false);
  const open = async () => {
    if (!user || busy) return;
    setBusy(true);
    const { openBillingPortal } = await import('../billing-api');
    const outcome = await openBillingPortal(user, returnPath);
    if (outcome.ok) {
      window.location.assign(outcome.url);
      return;
    }
    setBusy(false);
    await alertError({ title: BILLING_MESSAGES.title, text: outcome.message });
  };
  return (
    <Button variant="secondary" busy={busy} className={className} onClick={() => void open()}>
      {label}
    </Button>
  );
}
