import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { externalLinks } from '@/config/external-links';
import { PAGE_TITLES } from '@/config/page-titles';
import { paths } from '@/config/paths';
import { useAuth } from '@/session/auth-context';
import { alertSuccess } from '@/ui/alerts';
import { Button, ExternalButtonLink } from '@/ui/button';
import { PageIntro } from '@/ui/page-intro';
import { formatPhoneNumber } from '@/data/phone-number';
import { LiveDataStatus } from './components/live-data-status';
import { PROFILE_MESSAGES } from './profile/messages';
import { ProfileDialog, type ProfileDialogKind } from './profile/profile-dialogs';
import styles from './profile/profile-settings.module.scss';
import { useProfile } from './profile/use-profile';

/** Shown instead of the password, which is never readable. */
const MASKED_PASSWORD = '••••••••';

export default function ProfileSettingsPage() {
  const { user, signOut } = useAuth();
  const navigate = useNavigate();
  const state = useProfile(user?.uid);
  const [editing, setEditing] = useState<ProfileDialogKind | null>(null);
  const close = () => setEditing(null);

  const onEmailChanged = () => {
    close();
    void alertSuccess(PROFILE_MESSAGES.emailChanged);
  };

  const onPasswordChanged = async () => {
    close();
    await alertSuccess(PROFILE_MESSAGES.passwordChanged);
    try {
      await signOut(); // also removes the stored user id
    } catch (error) {
      console.warn('Sign-out after the password change failed', error);
    }
    navigate(paths.signIn);
  };

  const profile = state.status === 'ready' ? state.value : null;
  const rows: { kind: ProfileDialogKind; label: string; value: string; masked?: boolean }[] = profile
    ? [
        { kind: 'name', label: 'Full name', value: `${profile.firstName} ${profile.lastName}`.trim() },
        { kind: 'address', label: 'Address', value: profile.address },
        { kind: 'phone', label: 'Phone number', value: formatPhoneNumber(profile.phoneNumber, profile.country) },
        { kind: 'email', label: 'Email', value: profile.email || (user?.email ?? '') },
        { kind: 'password', label: 'Password', value: MASKED_PASSWORD, masked: true },
      ]
    : [];

  return (
    <>
      <PageIntro title={PAGE_TITLES.profileSettings} summary="Your name, address, phone number, email and password." />
      <section className={styles.section} aria-label="Your profile" aria-busy={state.status === 'loading'}>
        <LiveDataStatus state={state} subject="profile" />
        {profile && (
          <dl className={styles.list}>
            {rows.map(({ kind, label, value, masked }) => (
              <div key={kind} className={styles.row}>
                <dt className={styles.term}>{label}</dt>
                <dd className={value ? styles.value : `${styles.value} ${styles.empty}`}>
                  {masked ? (
                    <>
                      <span aria-hidden="true">{value}</span>
                      <span className="visually-hidden">Hidden</span>
                    </>
                  ) : (
                    value || 'Not set'
                  )}
                </dd>
                <dd className={styles.action}>
                  <Button variant="secondary" onClick={() => setEditing(kind)}>
                    {value ? 'Edit' : 'Add New'} <span className="visually-hidden">{label.toLowerCase()}</span>
                  </Button>
                </dd>
              </div>
            ))}
          </dl>
        )}
        <ExternalButtonLink href={externalLinks.deleteAccount} variant="ghost" className={styles.delete}>
          Delete account
        </ExternalButtonLink>
      </section>
      {editing && user && profile && (
        <ProfileDialog
          kind={editing}
          user={user}
          profile={profile}
          onClose={close}
          onEmailChanged={onEmailChanged}
          onPasswordChanged={() => void onPasswordChanged()}
        />
      )}
    </>
  );
}
