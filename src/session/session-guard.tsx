import { useEffect, useRef } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { paths, signInPath } from '@/config/paths';
import { alertError } from '@/ui/alerts';
import { Spinner } from '@/ui/spinner';
import { useAuth } from './auth-context';
import { INACTIVE_SESSION } from './messages';

/** The customer area's guard lets every address containing /store through (docs/product.md#session-guard). */
export function isOpenToVisitors(pathname: string): boolean {
  return pathname.includes(paths.store);
}

/**
 * The customer area's session guard (docs/product.md#session-guard). The store is open to
 * visitors, so there it asks nothing and loads no Firebase; elsewhere it shows a spinner until the
 * auth state is known, then, with nobody signed in, the "Inactive Session" dialog and, once it is
 * dismissed, the sign-in page, which comes back here afterwards.
 */
export function SessionGuard() {
  const { pathname } = useLocation();
  return isOpenToVisitors(pathname) ? <Outlet /> : <SignedInOutlet />;
}

function SignedInOutlet() {
  const { user, ready, signingOut } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const alerted = useRef(false);
  const locked = ready && !user;

  useEffect(() => {
    if (!locked || signingOut || alerted.current) return;
    alerted.current = true;
    const returnTo = location.pathname + location.search;
    void alertError(INACTIVE_SESSION).then(() => navigate(signInPath(returnTo), { replace: true }));
  }, [locked, signingOut, location.pathname, location.search, navigate]);

  if (!ready) return <Spinner block label="Checking your session…" />;
  return user ? <Outlet /> : null;
}
