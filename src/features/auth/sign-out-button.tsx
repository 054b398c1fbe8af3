import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { paths } from '@/config/paths';
import { useAuthState } from '@/session/auth-context';
import styles from './sign-out-button.module.scss';

/** Sign out (the side menu's last entry and the header's account menu): ends the session, removes
 *  the stored user id, goes to /sign-in. Rendering it loads nothing; choosing it loads Auth. */
export function SignOutButton({ className }: { className?: string }) {
  const { signOut } = useAuthState();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);

  const onClick = async () => {
    setBusy(true);
    try {
      await signOut();
      navigate(paths.signIn);
    } catch (error) {
      console.warn('Sign-out failed', error);
      setBusy(false);
    }
  };

  return (
    <button type="button" className={className ?? styles.button} onClick={onClick} disabled={busy} aria-busy={busy || undefined}>
      Sign out
    </button>
  );
}
