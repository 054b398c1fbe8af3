import type { SubmissionKind } from '@/config/data-limits';
import { StatusBadge } from '@/ui/status-badge';
import type { StatusOf } from '@/data/staff';
import { mailtoLink, STATUS_WORDS } from '../staff-records';
import { SUBMISSION_TONES } from '../status-tones';
import styles from '../staff.module.scss';

interface SubmissionCardHeadProps<K extends SubmissionKind> {
  kind: K;
  entry: { status: StatusOf<K>; name: string; email: string };
  /** The heading's id, which names the card. */
  titleId: string;
}

/** The top of a submission's card in the console: who sent it (or that they gave no name) with its
 *  state's badge, and their email as a link to write to them. The card's own facts follow. */
export function SubmissionCardHead<K extends SubmissionKind>({ kind, entry, titleId }: SubmissionCardHeadProps<K>) {
  return (
    <div className={styles.cardHead}>
      <h3 id={titleId} className={styles.cardTitle}>
        {entry.name || 'No name given'}
      </h3>
      <StatusBadge label={STATUS_WORDS[kind][entry.status]} tone={SUBMISSION_TONES[kind][entry.status]} />
    </div>
  );
}

/** A submission's email among its facts: a link to write to the person, or a dash. */
export function EmailFact({ email }: { email: string }) {
  return (
    <>
      <dt>Email</dt>
      <dd>{email ? <a href={mailtoLink(email)}>{email}</a> : '—'}</dd>
    </>
  );
}
