import { useId, useState } from 'react';
import type { User } from 'firebase/auth';
import { authErrorCode, authErrorMessage } from '@/session/auth-errors';
import { Button } from '@/ui/button';
import { AlertText } from '@/ui/alert-text';
import { useResendCooldown } from './resend-cooldown';
import styles from './dashboard.module.scss';

type Outcome = { kind: 'idle' } | { kind: 'sending' } | { kind: 'sent' } | { kind: 'failed'; message: string };

/** For a signed-in person whose email is not verified yet: says so and sends the link again, at
 *  most once a minute. The button stays focusable while it waits (aria-disabled), so keyboard and
 *  screen-reader users are not dropped onto the page when it stops working. */
export function VerifyEmailBanner({ user }: { user: User }) {
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'idle' });
  const { secondsLeft, start } = useResendCooldown(user.uid);
  const titleId = useId();
  const hintId = useId();
  const sending = outcome.kind === 'sending';
  const blocked = sending || secondsLeft > 0;

  const send = async () => {
    if (blocked) return;
    setOutcome({ kind: 'sending' });
    try {
      const { resendVerificationEmail } = await import('../account-auth-api');
      await resendVerificationEmail(user);
      start();
      setOutcome({ kind: 'sent' });
    } catch (error) {
      // Firebase's own limit: wait as if it had been sent.
      if (authErrorCode(error) === 'auth/too-many-requests') start();
      setOutcome({ kind: 'failed', message: authErrorMessage(error) });
    }
  };

  return (
    <section className={styles.banner} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.bannerTitle}>
        Please verify your email
      </h2>
      <p className={styles.bannerText}>
        We sent a verification link to <strong>{user.email ?? 'your email address'}</strong>. Open it to confirm the address is yours.
      </p>
      <div className={styles.bannerActions}>
        <Button
          variant="secondary"
          aria-disabled={blocked || undefined}
          aria-describedby={secondsLeft > 0 ? hintId : undefined}
          onClick={() => void send()}
        >
          {sending ? 'Sending…' : 'Resend verification email'}
        </Button>
        {secondsLeft > 0 && (
          <p id={hintId} className={styles.hint}>
            You can send another in {secondsLeft} s.
          </p>
        )}
      </div>
      <p role="status" className={styles.outcome}>
        {outcome.kind === 'sent' && `Sent. Check your inbox at ${user.email ?? 'your email address'}.`}
      </p>
      <AlertText message={outcome.kind === 'failed' ? outcome.message : null} className={styles.error} />
    </section>
  );
}
