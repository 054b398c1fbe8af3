import { useContext, useEffect, useState, type ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { NEXT_PARAM, safeNextPath } from '@/config/paths';
import { Spinner } from '@/ui/spinner';
import { AuthConnectContext, useAuthState, useSessionHint } from '@/session/auth-context';
import { readStoredUserId } from '@/session/stored-user-id';
import { landingPathOf } from './landing';

/**
 * The sign-in and sign-up pages are for people who are not signed in: someone who already was when
 * they arrived goes on to where they were headed (?next=) or their landing (the dashboard, staff
 * their console). Only the session hint
 * makes this page load Auth early, so a visitor's form stays light; a person who signs in or signs up
 * here is never redirected by this (the forms decide where they go).
 */
export function SignedOutOnly({ children }: { children: ReactNode }) {
  const { user, ready } = useAuthState();
  const connect = useContext(AuthConnectContext);
  const hinted = useSessionHint();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  // Who the hint said was signed in on arrival; read once, never rendered.
  const [arrivedAs] = useState(() => (typeof window === 'undefined' ? null : readStoredUserId()));
  const alreadySignedIn = ready && user !== null && user.uid === arrivedAs;

  useEffect(() => {
    if (arrivedAs) connect();
  }, [arrivedAs, connect]);

  useEffect(() => {
    if (!alreadySignedIn) return;
    const next = safeNextPath(searchParams.get(NEXT_PARAM));
    if (next) {
      void navigate(next, { replace: true });
      return;
    }
    let current = true;
    void landingPathOf(user).then((path) => current && navigate(path, { replace: true }));
    return () => {
      current = false;
    };
  }, [alreadySignedIn, user, navigate, searchParams]);

  // `hinted` is false while hydrating, so the first render matches the pre-rendered form.
  if (alreadySignedIn || (hinted && arrivedAs && !ready)) return <Spinner block label="Checking your session…" />;
  return children;
}
