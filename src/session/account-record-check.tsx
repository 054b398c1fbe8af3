import type { User } from 'firebase/auth';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { completeProfilePath } from '@/config/paths';
import { watchAccountRecord } from '@/firebase/users-api';
import { useLiveValueOf } from '@/firebase/use-live-value';
import { syncAccountEmailOnce } from './account-email';

/**
 * What the signed-in person's record asks for, without holding the page back: no record (the
 * profile write of sign-up failed) → "Complete your profile"; a record whose email is not Auth's
 * (an email change whose link was opened) → the accountEmail function brings it, and the Stripe
 * customer, up to date (docs/decisions/0122-half-made-accounts-and-visitor-words.md).
 */
export default function AccountRecordCheck({ user }: { user: User }) {
  const record = useLiveValueOf(user.uid, watchAccountRecord);
  const location = useLocation();
  const navigate = useNavigate();
  // A record seen here and then gone is an account being closed, not a half-made one.
  const seen = useRef(false);
  const summary = record.status === 'ready' ? record.value : null;
  const missing = summary?.exists === false;
  const profileEmail = summary?.exists ? summary.email : null;

  useEffect(() => {
    if (profileEmail !== null) seen.current = true;
    else if (missing && !seen.current) navigate(completeProfilePath(location.pathname + location.search), { replace: true });
  }, [missing, profileEmail, location.pathname, location.search, navigate]);

  useEffect(() => {
    if (profileEmail !== null && user.email && profileEmail !== user.email) syncAccountEmailOnce(user, profileEmail);
  }, [profileEmail, user]);

  return null;
}
