import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { paths } from '@/config/paths';
import { useAuth } from './auth-context';
import styles from './sign-out-button.module.scss';

/** The side menu's last entry: ends the session, removes the stored user id, goes to /sign-in. */
export function SignOutButton() {
  const { signOut } = useAuth();
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
    <button type="button" className={styles.button} onClick={onClick} disabled={busy} aria-busy={busy || undefined}>
      Sign out
    </button>
  );
}
