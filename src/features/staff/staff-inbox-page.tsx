import { useRef } from 'react';
import { PAGE_TITLES } from '@/config/page-titles';
import { formatPhoneNumber } from '@/data/phone-number';
import { STAFF_COUNTERS_PATH, type ContactStatus } from '@/data/staff';
import { ActionError } from './components/action-error';
import { ExportCsvButton } from './components/export-button';
import { RepliedFact, ReplyButton } from './components/reply-button';
import { useAnnouncer } from './components/announcer';
import { StaffPage } from './components/staff-page';
import { EmailFact, SubmissionCardHead } from './components/submission-card-head';
import { StatusMoves } from './components/status-moves';
import { RelativeTime } from './lists/relative-time';
import { SubmissionListPanel } from './lists/submission-list-panel';
import { submissionListSpec, useSubmissionList } from './lists/use-submission-list';
import { callStaff } from './staff-api';
import { useStaff } from './staff-context';
import { STATUS_WORDS, toContactInquiry, type ContactInquiry } from './staff-records';
import { useStaffAction } from './use-staff-action';
import styles from './staff.module.scss';

const INBOX = submissionListSpec('contact', 'contact', `${STAFF_COUNTERS_PATH}/contact`, toContactInquiry, {
  legend: 'Show inquiries',
  noun: 'inquiries',
  empty: 'No inquiries yet. What visitors send from the contact form appears here as it arrives.',
});

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
        <dd>{inquiry.receivedAt !== null ? <RelativeTime at={inquiry.receivedAt} /> : 'Not recorded'}</dd>
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

/** /staff/inbox: contact inquiries a page at a time, newest first unless asked otherwise, live, with
 *  their state and the way to answer. */
export default function StaffInboxPage() {
  const view = useSubmissionList(INBOX);
  const { params } = view;
  const { region, announce } = useAnnouncer();
  const listHeading = useRef<HTMLHeadingElement>(null);

  const onMoved = (inquiry: ContactInquiry, status: ContactStatus) => {
    announce(`Inquiry from ${inquiry.name || inquiry.email} marked ${STATUS_WORDS.contact[status]}.`);
    // The pressed button is gone now; in a filtered list the whole card goes with it.
    const card = params.status === null ? document.getElementById(`inquiry-${inquiry.id}`) : null;
    (card ?? listHeading.current)?.focus();
  };

  return (
    <StaffPage
      title={PAGE_TITLES.staffInbox}
      summary="What visitors sent from the contact form, newest first. Answer by mail, then mark it."
    >
      {region}
      <ExportCsvButton query={{ list: 'contact', status: params.status, search: params.search, sort: params.sort }} />
      <section className={styles.section} aria-labelledby="inbox-list-title">
        <SubmissionListPanel
          spec={INBOX}
          view={view}
          heading={
            <h2 id="inbox-list-title" ref={listHeading} tabIndex={-1} className={styles.sectionTitle}>
              {params.status === null ? 'All inquiries' : `${STATUS_WORDS.contact[params.status]} inquiries`}
            </h2>
          }
          renderRow={(inquiry) => <InquiryCard inquiry={inquiry} onMoved={onMoved} />}
        />
      </section>
    </StaffPage>
  );
}
