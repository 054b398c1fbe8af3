import { lazy, Suspense, useEffect, useRef } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { paths, signInPath } from '@/config/paths';
import { alertError } from '@/ui/alerts';
import { Spinner } from '@/ui/spinner';
import { useAuth } from './auth-context';
import { INACTIVE_SESSION } from './messages';
import { hadSession } from './stored-user-id';

// Its own chunk: the route table, and with it this guard, is part of every page's bundle, and the
// database code it needs belongs to the customer area only.
const AccountRecordCheck = lazy(() => import('./account-record-check'));

/** The customer area's guard lets every address containing /store through (docs/product.md#session-guard). */
export function isOpenToVisitors(pathname: string): boolean {
  return pathname.includes(paths.store);
}

/**
 * The customer area's session guard (docs/product.md#session-guard). The store is open to
 * visitors, so there it asks nothing and loads no Firebase; elsewhere it shows a spinner until the
 * auth state is known. With nobody signed in, a session that ended (the stored user id said there
 * was one) gets the "Inactive Session" dialog and then the sign-in page; a visitor who never signed
 * in goes to the sign-in page at once, which says "Sign in to continue"; both come back here
 * afterwards (docs/decisions/0122-half-made-accounts-and-visitor-words.md).
 */
export function SessionGuard() {
  const { pathname } = useLocation();
  return isOpenToVisitors(pathname) ? <Outlet /> : <SignedInOutlet />;
}

function SignedInOutlet() {
  const { user, ready, signingOut } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const handled = useRef(false);
  const locked = ready && !user;

  useEffect(() => {
    if (!locked || signingOut || handled.current) return;
    handled.current = true;
    const next = signInPath(location.pathname + location.search);
    if (hadSession()) void alertError(INACTIVE_SESSION).then(() => navigate(next, { replace: true }));
    else navigate(next, { replace: true });
  }, [locked, signingOut, location.pathname, location.search, navigate]);

  if (!ready) return <Spinner block label="Checking your session…" />;
  return user ? (
    <>
      <Suspense fallback={null}>
        <AccountRecordCheck key={user.uid} user={user} />
      </Suspense>
      <Outlet />
    </>
  ) : null;
}
