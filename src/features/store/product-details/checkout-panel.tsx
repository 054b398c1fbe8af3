import { Link, useLocation } from 'react-router-dom';
import { CHECKOUT_CANCELED } from '@/catalog/checkout';
import { TERM_TEXTS } from '@/catalog/term';
import { paths, signInPath } from '@/config/paths';
import { Button } from '@/ui/button';
import styles from './checkout-panel.module.scss';

export type CheckoutState = { status: 'idle' } | { status: 'sending' } | { status: 'failed'; message: string };

interface CheckoutPanelProps {
  state: CheckoutState;
  /** Back from Stripe's Cancel: said until the next try. */
  canceled?: boolean;
  /** Unknown until Firebase Auth has answered; the note stays empty until then. */
  signedIn: boolean | undefined;
}

/** The submit button of the configuration, that Stripe's Cancel brought the buyer back, what went
 *  wrong with the last try, what the purchase
 *  binds to (the 12-month term, docs/decisions/0115-the-term-ends-unless-renewed.md; tax and
 *  promotion codes on the payment page), and whose order it will be. */
export function CheckoutPanel({ state, canceled = false, signedIn }: CheckoutPanelProps) {
  const { pathname, search } = useLocation();
  const sending = state.status === 'sending';
  return (
    <div className={styles.checkout}>
      <Button type="submit" busy={sending} className={styles.submit}>
        {sending ? 'Starting checkout…' : 'Continue to checkout'}
      </Button>
      <p role="status" className={styles.canceled}>
        {canceled && state.status === 'idle' ? CHECKOUT_CANCELED.text : ''}
      </p>
      {state.status === 'failed' && (
        <p role="alert" className={styles.error}>
          Checkout could not start. {state.message}
        </p>
      )}
      <p className={styles.note}>
        {TERM_TEXTS.summary} Tax is added where the law requires it, from the billing address you give on the payment page, where promotion
        codes are entered too. You accept our <Link to={paths.termsOfService}>Terms of Service</Link> there before paying.
      </p>
      <p className={styles.note}>
        {signedIn === undefined ? null : signedIn ? (
          'After paying you come back to your order history.'
        ) : (
          <>
            You are checking out as a guest, so the order will not be listed in an account.{' '}
            <Link to={signInPath(pathname + search)}>Sign in first</Link> to follow it in your order history.
          </>
        )}
      </p>
    </div>
  );
}
