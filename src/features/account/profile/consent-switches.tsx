import { useId, useState } from 'react';
import { CONSENT_FIELDS, CONSENT_LABELS, type ConsentField, type Consents } from '@/data/users';
import { saveConsent, watchConsents } from '@/firebase/users-api';
import { useLiveValueOf } from '@/firebase/use-live-value';
import { authErrorMessage } from '@/session/auth-errors';
import { AlertText } from '@/ui/alert-text';
import { CONSENT_MESSAGES } from './messages';
import styles from './profile-settings.module.scss';

type Status = { kind: 'saving' | 'saved'; text: string } | { kind: 'failed'; text: string } | null;

/**
 * The two marketing choices as switches, each saved as soon as it is flipped, with what happened
 * said in a live region; a choice that could not be saved shows its old state again
 * (docs/decisions/0121-consent-and-unsubscribe.md).
 */
export function ConsentSwitches({ uid }: { uid: string }) {
  const stored = useLiveValueOf(uid, watchConsents);
  // What a switch shows instead of the database's view: the new choice while it saves, and the old
  // one after a failure (a write that timed out may still sit in the SDK's local copy), until the
  // switch is flipped again.
  const [overrides, setOverrides] = useState<Partial<Consents>>({});
  const [status, setStatus] = useState<Status>(null);
  const titleId = useId();
  const value = stored.status === 'ready' ? stored.value : null;

  const flip = async (field: ConsentField, current: boolean) => {
    const next = !current;
    setOverrides((all) => ({ ...all, [field]: next }));
    setStatus({ kind: 'saving', text: CONSENT_MESSAGES.saving });
    try {
      await saveConsent(uid, field, next);
      setStatus({ kind: 'saved', text: CONSENT_MESSAGES.saved(CONSENT_LABELS[field], next) });
      setOverrides((all) => {
        const { [field]: _, ...rest } = all;
        return rest;
      });
    } catch (error) {
      setOverrides((all) => ({ ...all, [field]: current }));
      setStatus({ kind: 'failed', text: CONSENT_MESSAGES.failed(CONSENT_LABELS[field], authErrorMessage(error)) });
    }
  };

  return (
    <section className={styles.panel} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.panelTitle}>
        Marketing emails
      </h2>
      <p className={styles.panelText}>Each choice is saved as soon as you change it. Emails about your account and orders always come.</p>
      {stored.status === 'error' && <p role="alert">{CONSENT_MESSAGES.loadFailed}</p>}
      <ul className={styles.switches}>
        {CONSENT_FIELDS.map((field) => (
          <ConsentSwitch
            key={field}
            field={field}
            on={value ? (overrides[field] ?? value[field]) : null}
            busy={status?.kind === 'saving' && overrides[field] !== undefined}
            onFlip={(current) => void flip(field, current)}
          />
        ))}
      </ul>
      <p role="status" className={styles.switchStatus}>
        {status && status.kind !== 'failed' ? status.text : ''}
      </p>
      <AlertText message={status?.kind === 'failed' ? status.text : null} className={styles.error} />
    </section>
  );
}

function ConsentSwitch({
  field,
  on,
  busy,
  onFlip,
}: {
  field: ConsentField;
  /** Null until the stored choice is known. */
  on: boolean | null;
  busy: boolean;
  onFlip: (current: boolean) => void;
}) {
  const labelId = useId();
  return (
    <li className={styles.switchRow}>
      <span id={labelId} className={styles.switchLabel}>
        {CONSENT_LABELS[field]}
      </span>
      <button
        type="button"
        role="switch"
        aria-checked={on ?? false}
        aria-labelledby={labelId}
        aria-busy={busy || undefined}
        disabled={on === null}
        className={styles.switch}
        onClick={() => on !== null && !busy && onFlip(on)}
      >
        <span className={styles.track} aria-hidden="true">
          <span className={styles.thumb} />
        </span>
        <span className={styles.switchState} aria-hidden="true">
          {on ? 'On' : 'Off'}
        </span>
      </button>
    </li>
  );
}
