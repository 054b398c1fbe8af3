import { PAGE_TITLES } from '@/config/page-titles';
import { AUDIT_COUNTERS_PATH, STAFF_AUDIT_ACTIONS, type StaffAuditAction } from '@/data/staff';
import { ACTION_WORDS } from './list-words';
import { StaffPage } from './components/staff-page';
import { FilteredListSection, type FilteredListSpec } from './lists/filtered-list-section';
import { RelativeTime } from './lists/relative-time';
import { auditPageRequest, toAuditRow, type AuditRow } from './people-lists';
import { ADMIN_ONLY, useStaff } from './staff-context';
import styles from './staff.module.scss';

const actionText = (action: StaffAuditAction | null, stored: string) => (action ? ACTION_WORDS[action] : stored || 'Unknown action');

const ROLE_WORDS = { admin: 'Admin', support: 'Support' } as const;

function AuditEntry({ entry }: { entry: AuditRow }) {
  const titleId = `audit-${entry.id}-title`;
  return (
    <article className={styles.card} aria-labelledby={titleId}>
      <h3 id={titleId} className={styles.cardTitle}>
        {actionText(entry.action, entry.actionName)}
      </h3>
      <dl className={styles.facts}>
        <dt>When</dt>
        <dd>{entry.at !== null ? <RelativeTime at={entry.at} /> : 'Not recorded'}</dd>
        <dt>Who</dt>
        <dd>{entry.actorEmail ?? 'An account without email'}</dd>
        <dt>Role</dt>
        <dd>{entry.role ? ROLE_WORDS[entry.role] : '—'}</dd>
        <dt>Target</dt>
        <dd className={styles.code}>{entry.target || '—'}</dd>
        <dt>Detail</dt>
        <dd>{entry.detail || '—'}</dd>
      </dl>
    </article>
  );
}

const AUDIT_LIST: FilteredListSpec<StaffAuditAction, AuditRow> = {
  titleId: 'audit-list-title',
  filter: { label: 'Action', all: 'All actions', options: STAFF_AUDIT_ACTIONS, words: (each) => actionText(each, each) },
  allTitle: 'Every change',
  noun: 'entries',
  empty: 'No staff change has been recorded yet.',
  countsPath: AUDIT_COUNTERS_PATH,
  pageRequest: auditPageRequest,
  parse: toAuditRow,
  rowKey: (entry) => entry.id,
};

/** /staff/audit: every change staff made, newest first, a page at a time; admins only, as the rules
 *  let only an admin read staff_audit (docs/decisions/0151-console-lists-a-page-at-a-time.md#addendum-2026-11-29-customers-the-audit-log-and-trade-ins). */
export default function StaffAuditPage() {
  const { role } = useStaff();
  return (
    <StaffPage
      title={PAGE_TITLES.staffAudit}
      summary="Every change staff made in the console, newest first: who, in which role, what and when."
    >
      {role === 'admin' ? (
        <FilteredListSection spec={AUDIT_LIST} renderRow={(entry) => <AuditEntry entry={entry} />} />
      ) : (
        <p className={styles.note}>{`The audit log is for admins. ${ADMIN_ONLY}`}</p>
      )}
    </StaffPage>
  );
}
