import { Link, useLocation } from 'react-router-dom';
import { signInPath } from '@/config/paths';
import { Button } from '@/ui/button';
import styles from './checkout-panel.module.scss';

export type CheckoutState = { status: 'idle' } | { status: 'sending' } | { status: 'failed'; message: string };

interface CheckoutPanelProps {
  state: CheckoutState;
  /** Unknown until Firebase Auth has answered; the note stays empty until then. */
  signedIn: boolean | undefined;
}

/** The submit button of the configuration, what went wrong with the last try, and whose order it
 *  will be. */
export function CheckoutPanel({ state, signedIn }: CheckoutPanelProps) {
  const { pathname, search } = useLocation();
  const sending = state.status === 'sending';
  return (
    <div className={styles.checkout}>
      <Button type="submit" busy={sending} className={styles.submit}>
        {sending ? 'Starting checkout…' : 'Continue to checkout'}
      </Button>
      {state.status === 'failed' && (
        <p role="alert" className={styles.error}>
          Checkout could not start. {state.message}
        </p>
      )}
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
