import { useEffect, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { PAGE_TITLES } from '@/config/page-titles';
import { NEXT_PARAM, paths, safeNextPath, signInPath } from '@/config/paths';
import { watchAccountRecord } from '@/firebase/users-api';
import { useLiveValueOf } from '@/firebase/use-live-value';
import { useAuth } from '@/session/auth-context';
import { ConnectionNotice } from '@/ui/connection-notice';
import { PageIntro } from '@/ui/page-intro';
import { Spinner } from '@/ui/spinner';
import { CompleteProfileForm } from './complete-profile-form';
import { COMPLETE_PROFILE_MESSAGES } from './messages';
import styles from './auth-form.module.scss';

/**
 * /complete-profile: where a signed-in account without users/<uid> is sent, from the customer area
 * and after signing in (docs/decisions/0122-half-made-accounts-and-visitor-words.md). A visitor
 * signs in first; an account that has its profile goes straight on to ?next= or the dashboard.
 * Kept out of search engines.
 */
export default function CompleteProfilePage() {
  const { user, ready } = useAuth();
  const [params] = useSearchParams();
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const next = safeNextPath(params.get(NEXT_PARAM)) ?? paths.dashboard;
  const record = useLiveValueOf(user?.uid, watchAccountRecord);
  const exists = record.status === 'ready' ? record.value.exists : null;
  // While this page's own save is under way, the record the database shows is the local copy of
  // that write: the form goes on once the server has confirmed it.
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (ready && !user) navigate(signInPath(pathname + search), { replace: true });
  }, [ready, user, pathname, search, navigate]);

  useEffect(() => {
    if (exists && !saving) navigate(next, { replace: true });
  }, [exists, saving, next, navigate]);

  let body;
  if (record.status === 'error') body = <p role="alert">{COMPLETE_PROFILE_MESSAGES.loadFailed}</p>;
  else if (user && (exists === false || saving))
    body = <CompleteProfileForm user={user} onSaving={setSaving} onDone={() => navigate(next, { replace: true })} />;
  else body = <Spinner block label="Checking your account…" />;

  return (
    <>
      <meta name="robots" content="noindex, nofollow" />
      <PageIntro title={PAGE_TITLES.completeProfile} summary={COMPLETE_PROFILE_MESSAGES.summary} />
      <div className={`container ${styles.page}`}>
        <ConnectionNotice show={record.unreachable && !!user} />
        {body}
      </div>
    </>
  );
}
