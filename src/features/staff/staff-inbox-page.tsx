import { useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { PAGE_TITLES } from '@/config/page-titles';
import { formatPhoneNumber } from '@/data/phone-number';
import { SUBMISSION_STATUSES, type ContactStatus } from '@/data/staff';
import { ActionError } from './components/action-error';
import { ExportCsvButton } from './components/export-button';
import { RepliedFact, ReplyButton } from './components/reply-button';
import { useAnnouncer } from './components/announcer';
import { LiveStatus } from './components/live-status';
import { StaffPage } from './components/staff-page';
import { EmailFact, SubmissionCardHead } from './components/submission-card-head';
import { StatusFilter } from './components/status-filter';
import { StatusMoves } from './components/status-moves';
import { callStaff } from './staff-api';
import { STATE_PARAM } from './staff-links';
import { useStaff } from './staff-context';
import {
  byStatus,
  countByStatus,
  dateTimeText,
  filterFrom,
  STATUS_WORDS,
  type ContactInquiry,
  type StatusFilter as Filter,
} from './staff-records';
import { useContactInquiries } from './use-staff-lists';
import { useStaffAction } from './use-staff-action';
import styles from './staff.module.scss';

const STATUSES = SUBMISSION_STATUSES.contact;

const EMPTY: Readonly<Record<Filter<ContactStatus>, string>> = {
  all: 'No inquiries yet. What visitors send from the contact form appears here as it arrives.',
  new: 'No new inquiries: every one has been answered.',
  answered: 'No answered inquiries.',
  archived: 'No archived inquiries.',
};

interface InquiryCardProps {
  inquiry: ContactInquiry;
  /** After a change: the outcome in words, and whether the card stays in the list shown. */
  onMoved: (inquiry: ContactInquiry, status: ContactStatus) => void;
}

function InquiryCard({ inquiry, onMoved }: InquiryCardProps) {
  const { user } = useStaff();
  const { busy, error, run } = useStaffAction();
  const titleId = `inquiry-${inquiry.id}-title`;
  const move = async (status: ContactStatus) => {
    const done = await run(status, () => callStaff(user, 'setSubmissionStatus', { kind: 'contact', id: inquiry.id, status }));
    if (done) onMoved(inquiry, status);
  };
  return (
    <article id={`inquiry-${inquiry.id}`} className={styles.card} aria-labelledby={titleId} tabIndex={-1}>
      <SubmissionCardHead kind="contact" entry={inquiry} titleId={titleId} />
      <dl className={styles.facts}>
        <EmailFact email={inquiry.email} />
        <dt>Phone</dt>
        <dd>{inquiry.phone ? <a href={`tel:${inquiry.phone.replace(/[^+0-9]/g, '')}`}>{formatPhoneNumber(inquiry.phone)}</a> : '—'}</dd>
        <dt>City</dt>
        <dd>{inquiry.city || '—'}</dd>
        <dt>Received</dt>
        <dd>
          {inquiry.receivedAt !== null ? (
            <time dateTime={new Date(inquiry.receivedAt).toISOString()}>{dateTimeText(inquiry.receivedAt)}</time>
          ) : (
            'Not recorded'
          )}
        </dd>
        <RepliedFact inquiry={inquiry} />
      </dl>
      <p className={styles.message}>{inquiry.message}</p>
      <div className={styles.actions}>
        {inquiry.email && <ReplyButton inquiry={inquiry} />}
        <StatusMoves kind="contact" entry={inquiry} busy={busy} onMove={move} />
      </div>
      <ActionError message={error} />
    </article>
  );
}

/** /staff/inbox: contact inquiries newest first, live, with their state and the way to answer. */
export default function StaffInboxPage() {
  const inquiries = useContactInquiries();
  const [search, setSearch] = useSearchParams();
  const filter = filterFrom(search.get(STATE_PARAM), STATUSES);
  const { region, announce } = useAnnouncer();
  const listHeading = useRef<HTMLHeadingElement>(null);

  const setFilter = (value: Filter<ContactStatus>) =>
    setSearch(value === 'all' ? {} : { [STATE_PARAM]: value }, { replace: true, preventScrollReset: true });

  const onMoved = (inquiry: ContactInquiry, status: ContactStatus) => {
    announce(`Inquiry from ${inquiry.name || inquiry.email} marked ${STATUS_WORDS.contact[status]}.`);
    // The pressed button is gone now; in a filtered list the whole card goes with it.
    const card = filter === 'all' ? document.getElementById(`inquiry-${inquiry.id}`) : null;
    (card ?? listHeading.current)?.focus();
  };

  const all = inquiries.status === 'ready' ? inquiries.value : [];
  const shown = byStatus(all, filter);
  return (
    <StaffPage
      title={PAGE_TITLES.staffInbox}
      summary="What visitors sent from the contact form, newest first. Answer by mail, then mark it."
    >
      {region}
      <ExportCsvButton query={{ list: 'contact', status: filter === 'all' ? null : filter }} />
      <LiveStatus live={inquiries} subject="inquiries" />
      {inquiries.status === 'ready' && (
        <section className={styles.section} aria-labelledby="inbox-list-title">
          <StatusFilter
            legend="Show inquiries"
            statuses={STATUSES}
            words={STATUS_WORDS.contact}
            counts={countByStatus(all, STATUSES)}
            total={all.length}
            value={filter}
            onChange={setFilter}
          />
          <h2 id="inbox-list-title" ref={listHeading} tabIndex={-1} className={styles.sectionTitle}>
            {filter === 'all' ? 'All inquiries' : `${STATUS_WORDS.contact[filter]} inquiries`} ({shown.length})
          </h2>
          {shown.length === 0 ? (
            <p>{EMPTY[filter]}</p>
          ) : (
            <ul className={styles.list} role="list">
              {shown.map((inquiry) => (
                <li key={inquiry.id}>
                  <InquiryCard inquiry={inquiry} onMoved={onMoved} />
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
    </StaffPage>
  );
}
