import type { User } from 'firebase/auth';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { PAGE_TITLES } from '@/config/page-titles';
import { paths } from '@/config/paths';
import { useAuth } from '@/session/auth-context';
import { alertSuccess } from '@/ui/alerts';
import { Button } from '@/ui/button';
import { PageIntro } from '@/ui/page-intro';
import { StatusBadge } from '@/ui/status-badge';
import { formatPhoneNumber } from '@/data/phone-number';
import type { Profile } from '@/data/users';
import { LiveDataStatus } from './components/live-data-status';
import { ConsentSwitches } from './profile/consent-switches';
import { DeleteAccountDialog } from './profile/delete-account-dialog';
import { DownloadData } from './profile/download-data';
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
  const [deleting, setDeleting] = useState(false);
  const [emailNotice, setEmailNotice] = useState('');
  const close = () => setEditing(null);

  const onEmailLinkSent = (newEmail: string) => {
    close();
    const message = PROFILE_MESSAGES.emailLinkSent(newEmail, user?.email ?? '');
    setEmailNotice(message.text);
    void alertSuccess(message);
  };

  const signOutThen = async (path: string) => {
    try {
      await signOut(); // also removes the stored user id
    } catch (error) {
      console.warn('Signing out failed', error);
    }
    navigate(path);
  };

  const onPasswordChanged = async () => {
    close();
    await alertSuccess(PROFILE_MESSAGES.passwordChanged);
    await signOutThen(paths.signIn);
  };

  const onAccountDeleted = async () => {
    setDeleting(false);
    await signOutThen(paths.home);
    await alertSuccess(PROFILE_MESSAGES.accountDeleted);
  };

  const profile = state.status === 'ready' ? state.value : null;

  return (
    <>
      <PageIntro title={PAGE_TITLES.profileSettings} summary="Your name, address, phone number, email and password." />
      <section className={styles.section} aria-label="Your profile" aria-busy={state.status === 'loading'}>
        <LiveDataStatus state={state} subject="profile" />
        {profile && <ProfileList rows={profileRows(profile, user)} user={user} onEdit={setEditing} />}
        <p role="status" className={styles.notice}>
          {emailNotice}
        </p>
      </section>
      {profile && user && (
        <div className={styles.section}>
          <ConsentSwitches uid={user.uid} />
          <DownloadData user={user} />
          <DeleteAccountPanel onDelete={() => setDeleting(true)} />
        </div>
      )}
      {editing && user && profile && (
        <ProfileDialog
          kind={editing}
          user={user}
          profile={profile}
          onClose={close}
          onEmailLinkSent={onEmailLinkSent}
          onPasswordChanged={() => void onPasswordChanged()}
        />
      )}
      {deleting && user && <DeleteAccountDialog user={user} onClose={() => setDeleting(false)} onDeleted={() => void onAccountDeleted()} />}
    </>
  );
}

interface ProfileRow {
  kind: ProfileDialogKind;
  label: string;
  value: string;
  masked?: boolean;
}

function profileRows(profile: Profile, user: User | null): ProfileRow[] {
  return [
    { kind: 'name', label: 'Full name', value: `${profile.firstName} ${profile.lastName}`.trim() },
    { kind: 'address', label: 'Address', value: profile.address },
    { kind: 'phone', label: 'Phone number', value: formatPhoneNumber(profile.phoneNumber, profile.country) },
    // The record follows Auth's address after an email change (src/session/account-email.ts).
    { kind: 'email', label: 'Email', value: profile.email || (user?.email ?? '') },
    { kind: 'password', label: 'Password', value: MASKED_PASSWORD, masked: true },
  ];
}

/** Each field of the profile with its Edit (or Add New) button; the email with whether Auth has
 *  verified it. */
function ProfileList({ rows, user, onEdit }: { rows: ProfileRow[]; user: User | null; onEdit: (kind: ProfileDialogKind) => void }) {
  return (
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
            {kind === 'email' && user && (
              <>
                {' '}
                {/* Auth's own state, never the flag stored at sign-up. */}
                <StatusBadge label={user.emailVerified ? 'Verified' : 'Not verified'} tone={user.emailVerified ? 'good' : 'waiting'} />
              </>
            )}
          </dd>
          <dd className={styles.action}>
            <Button variant="secondary" onClick={() => onEdit(kind)}>
              {value ? 'Edit' : 'Add New'} <span className="visually-hidden">{label.toLowerCase()}</span>
            </Button>
          </dd>
        </div>
      ))}
    </dl>
  );
}

function DeleteAccountPanel({ onDelete }: { onDelete: () => void }) {
  return (
    <section className={styles.panel} aria-labelledby="delete-account-title">
      <h2 id="delete-account-title" className={styles.panelTitle}>
        Delete your account
      </h2>
      <p className={styles.panelText}>
        Cancels your plans and deletes your profile and sign-in. You will be told exactly what happens first.
      </p>
      <Button variant="secondary" className={`${styles.panelAction} ${styles.danger}`} onClick={onDelete}>
        Delete account
      </Button>
    </section>
  );
}
