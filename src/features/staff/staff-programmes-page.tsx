import { useId, useRef, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { PAGE_TITLES } from '@/config/page-titles';
import { paths } from '@/config/paths';
import { WAITLIST_PROGRAMMES, type WaitlistProgramme } from '@/config/waitlist-programmes';
import {
  STAFF_COUNTERS_PATH,
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
import { StaffPage } from './components/staff-page';
import { EmailFact, SubmissionCardHead } from './components/submission-card-head';
import { StatusMoves } from './components/status-moves';
import { callStaff } from './staff-api';
import { ADMIN_ONLY, useMayTake, useStaff } from './staff-context';
import { PROGRAMME_SECTIONS } from './staff-links';
import { RelativeTime } from './lists/relative-time';
import { SubmissionListPanel } from './lists/submission-list-panel';
import { submissionListSpec, useSubmissionList, type SubmissionListSpec } from './lists/use-submission-list';
import { waitlistCountsPath } from './staff-data';
import { dateTimeText, nextStatuses, STATUS_WORDS, toPreorder, toWaitlistEntry, type Preorder, type WaitlistEntry } from './staff-records';
import { useScrollToSection } from './use-scroll-to-section';
import { useStaffAction } from './use-staff-action';
import { useConfirmation, type Confirmation } from './components/confirm-dialog';
import { DecisionButtons } from './components/decision-buttons';
import listStyles from './lists/lists.module.scss';
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
  return at !== null ? <RelativeTime at={at} /> : <>Not recorded</>;
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

interface ProgrammeList {
  /** The #section of the address that chooses it (staff-links.ts). */
  section: string;
  title: string;
  /** Its name in the chooser. */
  tab: string;
}

const WAITLISTS: Readonly<Record<WaitlistProgramme, ProgrammeList>> = {
  'open-access': { section: PROGRAMME_SECTIONS.openAccess, title: 'Open-access research program waitlist', tab: 'Open-access waitlist' },
  builder: { section: PROGRAMME_SECTIONS.builder, title: 'Enterprise builder waitlist', tab: 'Builder waitlist' },
};
const PREORDERS: ProgrammeList = { section: PROGRAMME_SECTIONS.preorders, title: 'Space pre-orders', tab: 'Space pre-orders' };
const LISTS: readonly ProgrammeList[] = [...WAITLIST_PROGRAMMES.map((programme) => WAITLISTS[programme]), PREORDERS];

const WAITLIST_WORDS = { legend: 'Show sign-ups', noun: 'sign-ups', empty: 'Nobody yet.' };
const WAITLIST_SPECS = {
  'open-access': submissionListSpec('waitlist', 'open-access', waitlistCountsPath('open-access'), toWaitlistEntry, WAITLIST_WORDS),
  builder: submissionListSpec('waitlist', 'builder', waitlistCountsPath('builder'), toWaitlistEntry, WAITLIST_WORDS),
} satisfies Record<WaitlistProgramme, unknown>;
const PREORDER_SPEC = submissionListSpec('preorder', 'preorder', `${STAFF_COUNTERS_PATH}/preorder`, toPreorder, {
  legend: 'Show pre-orders',
  noun: 'pre-orders',
  empty: 'Nobody yet.',
});

/** The chosen list: its heading, controls and page. */
function ProgrammeSection<S extends string, T extends { id: string }>({
  list,
  spec,
  renderRow,
}: {
  list: ProgrammeList;
  spec: SubmissionListSpec<S, T>;
  renderRow: (row: T) => ReactNode;
}) {
  const view = useSubmissionList(spec);
  useScrollToSection(view.list.status !== 'loading');
  return (
    <section id={list.section} className={styles.section} aria-labelledby={`${list.section}-title`} tabIndex={-1}>
      <h2 id={`${list.section}-title`} className={styles.sectionTitle}>
        {list.title}
      </h2>
      <SubmissionListPanel spec={spec} view={view} renderRow={renderRow} />
    </section>
  );
}

/** /staff/programmes: one list at a time, chosen by the address's #section (the console's links name
 *  one: staff-links.ts), the open-access waitlist when none: a page of it, live, with its states. */
export default function StaffProgrammesPage() {
  const { hash } = useLocation();
  const { region, announce } = useAnnouncer();
  const chosen = LISTS.find((list) => `#${list.section}` === hash) ?? LISTS[0]!;
  const programme = WAITLIST_PROGRAMMES.find((each) => WAITLISTS[each] === chosen);

  return (
    <StaffPage
      title={PAGE_TITLES.staffProgrammes}
      summary="Who is waiting for the open-access program, the builder and Space, newest first."
    >
      {region}
      <nav aria-label="Programme lists">
        <ul className={listStyles.tabs}>
          {LISTS.map((list) => (
            <li key={list.section}>
              <Link
                to={`${paths.staffProgrammes}#${list.section}`}
                className={listStyles.tab}
                aria-current={list === chosen ? 'true' : undefined}
              >
                {list.tab}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {programme ? (
        <ProgrammeSection
          key={chosen.section}
          list={chosen}
          spec={WAITLIST_SPECS[programme]}
          renderRow={(entry) => <WaitlistCard entry={entry} announce={announce} />}
        />
      ) : (
        <ProgrammeSection
          list={chosen}
          spec={PREORDER_SPEC}
          renderRow={(preorder) => <PreorderCard preorder={preorder} announce={announce} />}
        />
      )}
    </StaffPage>
  );
}
