import type { MouseEvent } from 'react';
import { ExternalButtonLink } from '@/ui/button';
import { callStaff } from '../staff-api';
import { useStaff } from '../staff-context';
import { dateTimeText, replyMailto, type ContactInquiry } from '../staff-records';
import { useStaffAction } from '../use-staff-action';
import { ActionError } from './action-error';

type Inquiry = Pick<ContactInquiry, 'id' | 'name' | 'email'>;

/** Reply: a real mailto: link, so Enter, a click and a middle click all open the mail program, and
 *  each records who replied and when (recordReply) without holding the mail up: the record is for
 *  the team, the mail is for the person
 *  (docs/decisions/0152-staff-export-and-recorded-reply.md). */
export function ReplyButton({ inquiry }: { inquiry: Inquiry }) {
  const { user } = useStaff();
  const { error, run } = useStaffAction();
  const record = () => void run('reply', () => callStaff(user, 'recordReply', { id: inquiry.id }));
  return (
    <>
      <ExternalButtonLink
        href={replyMailto(inquiry.email)}
        variant="secondary"
        onClick={record}
        onAuxClick={(event: MouseEvent) => {
          // The middle button opens the link elsewhere; the right one only opens a menu.
          if (event.button === 1) record();
        }}
      >
        Reply<span className="visually-hidden"> to {inquiry.name || inquiry.email}</span>
      </ExternalButtonLink>
      <ActionError message={error} />
    </>
  );
}

/** "Replied by <address>, <time>" from the inquiry's record, or nothing before the first reply. */
export function RepliedFact({ inquiry }: { inquiry: Pick<ContactInquiry, 'repliedAt' | 'repliedByEmail'> }) {
  if (inquiry.repliedAt === null) return null;
  return (
    <>
      <dt>Replied</dt>
      <dd>
        by {inquiry.repliedByEmail || 'a staff member'},{' '}
        <time dateTime={new Date(inquiry.repliedAt).toISOString()}>{dateTimeText(inquiry.repliedAt)}</time>
      </dd>
    </>
  );
}
