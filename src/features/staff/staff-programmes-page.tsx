import { useId, useRef, type ReactNode } from 'react';
import { PAGE_TITLES } from '@/config/page-titles';
import { paths } from '@/config/paths';
import { WAITLIST_PROGRAMMES, type WaitlistProgramme } from '@/config/waitlist-programmes';
import {
  SUBMISSION_STATUSES,
  type PreorderDecision,
  type PreorderPass,
  type PreorderStatus,
  type StaffMailOutcome,
  type WaitlistStatus,
} from '@/data/staff';
import { Button, type ButtonVariant } from '@/ui/button';
import { ActionError } from './components/action-error';
import { AdminOnlyActions } from './components/admin-only-actions';
import { useAnnouncer } from './components/announcer';
import { LiveStatus } from './components/live-status';
import { StaffPage } from './components/staff-page';
import { EmailFact, SubmissionCardHead } from './components/submission-card-head';
import { StatusMoves } from './components/status-moves';
import { callStaff } from './staff-api';
import { ADMIN_ONLY, useMayTake, useStaff } from './staff-context';
import { PROGRAMME_SECTIONS } from './staff-links';
import { countByStatus, dateTimeText, nextStatuses, STATUS_WORDS, type Preorder, type WaitlistEntry } from './staff-records';
import { useScrollToSection } from './use-scroll-to-section';
import { usePreorders, useWaitlist } from './use-staff-lists';
import { useStaffAction } from './use-staff-action';
import { useConfirmation, type Confirmation } from './components/confirm-dialog';
import { DecisionButtons } from './components/decision-buttons';
import styles from './staff.module.scss';

type Announce = (text: string) => void;

export const PASS_WORDS = {
  sent: (at: number) => `Pass sent ${dateTimeText(at)}`,
  notMailed: 'Pass issued — mail not sent',
  mail: {
    sent: (email: string) => `Pass sent to ${email}.`,
    'not-configured': 'Pass issued — mail not sent: this site has no mail settings. Copy the pass link and send it yourself.',
    failed: 'Pass issued — mail not sent: the mail service refused or did not answer. Resend it, or copy the pass link.',
  } satisfies Record<StaffMailOutcome, unknown>,
  declined: (name: string) => `Pre-order of ${name} declined.`,
  declineMail: {
    sent: (email: string) => `A mail told ${email}.`,
    'not-configured': 'No mail went out: this site has no mail settings.',
    failed: 'The decline mail did not go out: the mail service refused or did not answer.',
  } satisfies Record<StaffMailOutcome, unknown>,
  reopened: (name: string) => `Pre-order of ${name} reopened: pending again.`,
  alreadyApproved: 'This pre-order was approved already; its pass is the one shown.',
  adminOnly: `${ADMIN_ONLY} Approving issues a beta-tester pass.`,
} as const;

function passMailText(mail: StaffMailOutcome | null, email: string): string {
  if (mail === 'sent') return PASS_WORDS.mail.sent(email);
  return mail ? PASS_WORDS.mail[mail] : PASS_WORDS.notMailed;
}

/** The address of a pass page on this site. */
export function passLink(code: string, origin = window.location.origin): string {
  return new URL(paths.spacePass(code), origin).href;
}

function Received({ at }: { at: number | null }) {
  return at !== null ? <time dateTime={new Date(at).toISOString()}>{dateTimeText(at)}</time> : <>Not recorded</>;
}

function WaitlistCard({ entry, announce }: { entry: WaitlistEntry; announce: Announce }) {
  const { user } = useStaff();
  const { busy, error, run } = useStaffAction();
  const titleId = useId();
  const move = async (status: WaitlistStatus) => {
    const done = await run(status, () => callStaff(user, 'setSubmissionStatus', { kind: 'waitlist', id: entry.id, status }));
    if (done) announce(`${entry.name || entry.email} marked ${STATUS_WORDS.waitlist[status]}.`);
  };
  return (
    <article className={styles.card} aria-labelledby={titleId}>
      <SubmissionCardHead kind="waitlist" entry={entry} titleId={titleId} />
      <dl className={styles.facts}>
        <EmailFact email={entry.email} />
        <dt>Joined</dt>
        <dd>
          <Received at={entry.receivedAt} />
        </dd>
      </dl>
      {nextStatuses('waitlist', entry.status).length > 0 && (
        <div className={styles.actions}>
          <StatusMoves kind="waitlist" entry={entry} busy={busy} onMove={move} />
        </div>
      )}
      <ActionError message={error} />
    </article>
  );
}

/** The pass of an approved pre-order: when it was mailed, or the way to pass it on by hand. */
function PassDetails({ preorder, pass, announce }: { preorder: Preorder; pass: PreorderPass; announce: Announce }) {
  const { user } = useStaff();
  const mayResend = useMayTake('resendPass');
  const { busy, error, run } = useStaffAction();
  const linkId = useId();
  const field = useRef<HTMLInputElement>(null);
  const link = passLink(pass.code);

  const resend = async () => {
    const done = await run('resend', () => callStaff(user, 'resendPass', { id: preorder.id }));
    if (done) announce(passMailText(done.mail, preorder.email));
  };
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      announce('Pass link copied.');
    } catch {
      // No clipboard permission: select the link so the keyboard's copy takes it.
      field.current?.select();
      announce('Pass link selected: copy it with your keyboard.');
    }
  };

  if (pass.mailedAt !== undefined) {
    return (
      <>
        <p className={styles.success}>{PASS_WORDS.sent(pass.mailedAt)}</p>
        <p className={styles.note}>
          Pass code <span className={styles.code}>{pass.code}</span>
        </p>
      </>
    );
  }
  return (
    <>
      <p>
        <strong>{PASS_WORDS.notMailed}</strong>
      </p>
      <AdminOnlyActions may={mayResend} className={styles.inlineField}>
        {(gate) => (
          <>
            <label htmlFor={linkId} className="visually-hidden">
              Pass link for {preorder.name || preorder.email}
            </label>
            <input
              id={linkId}
              ref={field}
              className={styles.linkField}
              readOnly
              value={link}
              onFocus={(event) => event.currentTarget.select()}
            />
            <Button variant="secondary" onClick={() => void copy()}>
              Copy link
            </Button>
            <Button {...gate} busy={busy === 'resend'} onClick={() => void resend()}>
              Resend pass
            </Button>
          </>
        )}
      </AdminOnlyActions>
      <ActionError message={error} />
    </>
  );
}

/** What Approve and Decline ask first: each mails the person (docs/decisions/0108-staff-console.md#addendum-2026-11-29-trade-ins-the-customer-sees-and-staff-decide).
 *  Reopening mails nobody and can be decided again, so it asks nothing. */
const PREORDER_CONFIRMATIONS: Partial<Record<PreorderDecision, (who: string, email: string) => Confirmation>> = {
  approve: (who, email) => ({
    title: `Approve the pre-order of ${who}?`,
    text: `A Space beta-tester pass is issued and mailed to ${email}. An issued pass cannot be taken back.`,
    confirm: 'Approve and mail the pass',
  }),
  decline: (who, email) => ({
    title: `Decline the pre-order of ${who}?`,
    text: `No pass is issued, and ${email} is mailed that the pre-order was declined. An admin can reopen it later.`,
    confirm: 'Decline and mail',
  }),
};

/** What an admin may decide of a pre-order in each state; an approved one has its pass instead. */
const PREORDER_DECISIONS_BY_STATUS: Partial<
  Record<PreorderStatus, readonly { decision: PreorderDecision; label: string; variant?: ButtonVariant }[]>
> = {
  pending: [
    { decision: 'approve', label: 'Approve' },
    { decision: 'decline', label: 'Decline', variant: 'ghost' },
  ],
  declined: [{ decision: 'reopen', label: 'Reopen', variant: 'secondary' }],
};

function PreorderCard({ preorder, announce }: { preorder: Preorder; announce: Announce }) {
  const { user } = useStaff();
  const mayDecide = useMayTake('decidePreorder');
  const { busy, error, run } = useStaffAction();
  const titleId = useId();
  const card = useRef<HTMLElement>(null);
  const who = preorder.name || preorder.email;

  const { ask, dialog } = useConfirmation();
  const decisions = PREORDER_DECISIONS_BY_STATUS[preorder.status];

  const decide = async (decision: PreorderDecision) => {
    const confirmation = PREORDER_CONFIRMATIONS[decision]?.(who, preorder.email);
    if (confirmation && !(await ask(confirmation))) return;
    const done = await run(decision, () => callStaff(user, 'decidePreorder', { id: preorder.id, decision }));
    if (!done) return;
    if (decision === 'reopen') announce(PASS_WORDS.reopened(who));
    else if (done.status === 'declined') {
      const mail = done.mail === 'sent' ? PASS_WORDS.declineMail.sent(preorder.email) : done.mail ? PASS_WORDS.declineMail[done.mail] : '';
      announce(`${PASS_WORDS.declined(who)} ${mail}`.trim());
    } else announce(done.issued ? passMailText(done.mail, preorder.email) : PASS_WORDS.alreadyApproved);
    // The buttons are gone: the card, now showing the pass, keeps the focus.
    card.current?.focus();
  };

  return (
    <article ref={card} className={styles.card} aria-labelledby={titleId} tabIndex={-1}>
      <SubmissionCardHead kind="preorder" entry={preorder} titleId={titleId} />
      <dl className={styles.facts}>
        <EmailFact email={preorder.email} />
        <dt>Pre-ordered</dt>
        <dd>
          <Received at={preorder.receivedAt} />
        </dd>
      </dl>
      {decisions && (
        <DecisionButtons
          may={mayDecide}
          reason={PASS_WORDS.adminOnly}
          busy={busy}
          choices={decisions.map(({ decision, label, variant }) => ({
            key: decision,
            label: (
              <>
                {label}
                <span className="visually-hidden">: {who}</span>
              </>
            ),
            onPress: () => void decide(decision),
            variant,
          }))}
        />
      )}
      {preorder.status === 'approved' && preorder.pass && <PassDetails preorder={preorder} pass={preorder.pass} announce={announce} />}
      <ActionError message={error} />
      {dialog}
    </article>
  );
}

function ListSection({
  id,
  title,
  count,
  empty,
  children,
}: {
  id: string;
  title: string;
  count: string;
  empty: boolean;
  children: ReactNode;
}) {
  return (
    <section id={id} className={styles.section} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={styles.sectionTitle}>
        {title}
      </h2>
      <p className={styles.note}>{count}</p>
      {empty ? <p>Nobody yet.</p> : children}
    </section>
  );
}

function countText<S extends string>(items: readonly { status: S }[], statuses: readonly S[], words: Readonly<Record<S, string>>): string {
  const counts = countByStatus(items, statuses);
  return [`${items.length} in all`, ...statuses.map((status) => `${counts[status]} ${words[status].toLowerCase()}`)].join(', ');
}

const WAITLIST_TITLES: Readonly<Record<WaitlistProgramme, { title: string; id: string }>> = {
  'open-access': { title: 'Open-access research program waitlist', id: PROGRAMME_SECTIONS.openAccess },
  builder: { title: 'Enterprise builder waitlist', id: PROGRAMME_SECTIONS.builder },
};

/** /staff/programmes: both waitlists and the Space pre-orders, live, each with its states. */
export default function StaffProgrammesPage() {
  const waitlist = useWaitlist();
  const preorders = usePreorders();
  const { region, announce } = useAnnouncer();
  useScrollToSection(waitlist.status !== 'loading' && preorders.status !== 'loading');

  return (
    <StaffPage
      title={PAGE_TITLES.staffProgrammes}
      summary="Who is waiting for the open-access program, the builder and Space, newest first."
    >
      {region}
      <nav aria-label="Lists on this page">
        <ul className={styles.actions}>
          {WAITLIST_PROGRAMMES.map((programme) => (
            <li key={programme}>
              <a href={`#${WAITLIST_TITLES[programme].id}`}>{WAITLIST_TITLES[programme].title}</a>
            </li>
          ))}
          <li>
            <a href={`#${PROGRAMME_SECTIONS.preorders}`}>Space pre-orders</a>
          </li>
        </ul>
      </nav>
      <LiveStatus live={waitlist} subject="waitlists" />
      {waitlist.status === 'ready' &&
        WAITLIST_PROGRAMMES.map((programme) => {
          const entries = waitlist.value.filter((entry) => entry.programme === programme);
          return (
            <ListSection
              key={programme}
              id={WAITLIST_TITLES[programme].id}
              title={WAITLIST_TITLES[programme].title}
              count={countText(entries, SUBMISSION_STATUSES.waitlist, STATUS_WORDS.waitlist)}
              empty={entries.length === 0}
            >
              <ul className={styles.list} role="list">
                {entries.map((entry) => (
                  <li key={entry.id}>
                    <WaitlistCard entry={entry} announce={announce} />
                  </li>
                ))}
              </ul>
            </ListSection>
          );
        })}
      <LiveStatus live={preorders} subject="pre-orders" />
      {preorders.status === 'ready' && (
        <ListSection
          id={PROGRAMME_SECTIONS.preorders}
          title="Space pre-orders"
          count={countText(preorders.value, SUBMISSION_STATUSES.preorder, STATUS_WORDS.preorder)}
          empty={preorders.value.length === 0}
        >
          <ul className={styles.list} role="list">
            {preorders.value.map((preorder) => (
              <li key={preorder.id}>
                <PreorderCard preorder={preorder} announce={announce} />
              </li>
            ))}
          </ul>
        </ListSection>
      )}
    </StaffPage>
  );
}
