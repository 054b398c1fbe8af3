import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { EMAIL_PATTERN } from '@/config/data-limits';
import { PAGE_TITLES } from '@/config/page-titles';
import { describeCard } from '@/data/billing';
import { formatPhoneNumber } from '@/data/phone-number';
import { GRANTABLE_ROLES, type CustomerLookup, type GrantRoleResult, type GrantableRole, type StaffRole } from '@/data/staff';
import { useLiveValue } from '@/firebase/use-live-value';
import { Button, ButtonLink, ExternalButtonLink } from '@/ui/button';
import { FormField } from '@/ui/form-field';
import { Spinner } from '@/ui/spinner';
import { StatusBadge } from '@/ui/status-badge';
import { ActionError } from './components/action-error';
import { useAnnouncer } from './components/announcer';
import { useConfirmation, type Confirmation } from './components/confirm-dialog';
import { LiveStatus } from './components/live-status';
import { OrderSummary } from './components/order-summary';
import { StaffPage } from './components/staff-page';
import { callStaff } from './staff-api';
import { ADMIN_ONLY, useMayTake, useStaff } from './staff-context';
import { ListToolbar, PagedListView } from './lists/list-controls';
import { useListParams } from './lists/list-params';
import { RelativeTime } from './lists/relative-time';
import { usePagedList } from './lists/use-paged-list';
import { customerPageRequest, toCustomerRow, type CustomerRow } from './people-lists';
import { watchCustomerCard, watchCustomerCount, watchCustomerOrders, watchCustomerProfile } from './staff-data';
import { EMAIL_PARAM, UID_PARAM } from './staff-links';
import { dateTimeText } from './staff-records';
import { useStaffAction } from './use-staff-action';
import styles from './staff.module.scss';

const ROLE_WORDS: Readonly<Record<GrantableRole, string>> = { admin: 'Admin', support: 'Support', none: 'None (customer)' };

const when = (ms: number | null) => (ms === null ? 'Never' : dateTimeText(ms));

type Lookup =
  { status: 'idle' } | { status: 'loading' } | { status: 'found'; account: CustomerLookup } | { status: 'failed'; message: string };

/** What the admin is told of a role change: a role taken away or lowered ends at once (the
 *  person's open console signs them out); a role given counts from their next sign-in. */
function roleChangeText({ email, role, previousRole, changed }: GrantRoleResult): string {
  if (!changed) return `${email} already had that role.`;
  const now = `${email} is now ${ROLE_WORDS[role ?? 'none']}.`;
  const lowered = previousRole !== null && role !== 'admin';
  return lowered
    ? `${now} What they had ended at once: an open console signs them out.`
    : `${now} It counts from their next visit to the console.`;
}

const ROLE_ACCESS: Readonly<Record<StaffRole, string>> = {
  admin: 'read the whole console, answer inquiries, approve pre-orders, credit trade-ins and change roles',
  support: 'read the whole console and answer inquiries, but not approve pre-orders, credit trade-ins or change roles',
};

/** What a role change is asked with: what the person gains or loses, and when
 *  (docs/decisions/0149-staff-role-claim-and-record.md: a lowered role ends at once, a given one at
 *  the next sign-in). */
export function roleConfirmation(email: string, from: StaffRole | null, to: GrantableRole): Confirmation {
  const title = `Make ${email} ${ROLE_WORDS[to]}?`;
  if (to === 'none') {
    return {
      title: `Remove the staff role of ${email}?`,
      text: `${email} is ${ROLE_WORDS[from ?? 'none']} now and will be a customer only: the staff console closes to them at once, and their sessions are signed out.`,
      confirm: 'Remove the role',
    };
  }
  const lowered = from === 'admin' && to === 'support';
  const text = lowered
    ? `${email} will ${ROLE_ACCESS.support}. Their admin access ends at once, and their sessions are signed out.`
    : `${email} will ${ROLE_ACCESS[to]}, from their next sign-in.`;
  return { title, text, confirm: `Make ${ROLE_WORDS[to]}` };
}

function RoleControl({ account, onChanged }: { account: CustomerLookup; onChanged: (role: StaffRole | null, text: string) => void }) {
  const { user } = useStaff();
  const mayGrant = useMayTake('grantRole');
  const { busy, error, run } = useStaffAction();
  const [role, setRole] = useState<GrantableRole>(account.role ?? 'none');
  const selectId = useId();
  const { ask, dialog } = useConfirmation();
  if (!mayGrant) {
    return <p className={styles.note}>{`Staff role: ${ROLE_WORDS[account.role ?? 'none']}. ${ADMIN_ONLY}`}</p>;
  }
  const save = async (event: FormEvent) => {
    event.preventDefault();
    // Saving the role they have changes nothing; the function says so without a question.
    if (role !== (account.role ?? 'none') && !(await ask(roleConfirmation(account.email ?? '', account.role, role)))) return;
    const done = await run('role', () => callStaff(user, 'grantRole', { email: account.email ?? '', role }));
    if (done) onChanged(done.role, roleChangeText(done));
  };
  return (
    <form className={styles.inlineField} onSubmit={(event) => void save(event)} aria-label="Staff role">
      <div>
        <label htmlFor={selectId}>Staff role</label>
        <select id={selectId} className={styles.linkField} value={role} onChange={(event) => setRole(event.target.value as GrantableRole)}>
          {GRANTABLE_ROLES.map((option) => (
            <option key={option} value={option}>
              {ROLE_WORDS[option]}
            </option>
          ))}
        </select>
      </div>
      <Button type="submit" variant="secondary" busy={busy === 'role'}>
        Save role
      </Button>
      <ActionError message={error} />
      {dialog}
    </form>
  );
}

function AccountDetails({ account, announce }: { account: CustomerLookup; announce: (text: string) => void }) {
  const { user } = useStaff();
  const { busy, error, run } = useStaffAction();
  const [role, setRole] = useState(account.role);
  const [verificationSent, setVerificationSent] = useState(false);
  const resend = async () => {
    const done = await run('verify', () => callStaff(user, 'resendVerification', { uid: account.uid }));
    if (!done) return;
    setVerificationSent(done.mail === 'sent');
    announce(
      done.mail === 'sent'
        ? `Verification email sent to ${done.email}.`
        : done.mail === 'not-configured'
          ? 'The verification email was not sent: this site has no mail settings.'
          : 'The verification email could not be sent. Try again in a moment.',
    );
  };
  return (
    <section className={styles.card} aria-labelledby="customer-account-title">
      <div className={styles.cardHead}>
        <h2 id="customer-account-title" className={styles.cardTitle}>
          Account
        </h2>
        <StatusBadge
          label={account.emailVerified ? 'Email verified' : 'Email not verified'}
          tone={account.emailVerified ? 'good' : 'waiting'}
        />
      </div>
      <dl className={styles.facts}>
        <dt>Email</dt>
        <dd>{account.email ?? 'None'}</dd>
        <dt>User ID</dt>
        <dd className={styles.code}>{account.uid}</dd>
        <dt>Sign-in</dt>
        <dd>{account.disabled ? 'Disabled' : 'Enabled'}</dd>
        <dt>Created</dt>
        <dd>{when(account.createdAt)}</dd>
        <dt>Last sign-in</dt>
        <dd>{when(account.lastSignInAt)}</dd>
        <dt>Staff role</dt>
        <dd>{ROLE_WORDS[role ?? 'none']}</dd>
        <dt>Stripe customer</dt>
        <dd className={styles.code}>{account.stripeCustomerId ?? 'None yet'}</dd>
      </dl>
      <div className={styles.actions}>
        {account.stripeDashboardUrl && (
          <ExternalButtonLink href={account.stripeDashboardUrl} variant="secondary">
            Open in Stripe
          </ExternalButtonLink>
        )}
        {!account.emailVerified && !verificationSent && (
          <Button variant="secondary" busy={busy === 'verify'} onClick={() => void resend()}>
            Resend verification email
          </Button>
        )}
      </div>
      <ActionError message={error} />
      <RoleControl
        account={{ ...account, role }}
        onChanged={(next, text) => {
          setRole(next);
          announce(text);
        }}
      />
    </section>
  );
}

function CustomerRecords({ uid }: { uid: string }) {
  const profile = useLiveValue(useMemo(() => watchCustomerProfile(uid), [uid]));
  const card = useLiveValue(useMemo(() => watchCustomerCard(uid), [uid]));
  const orders = useLiveValue(useMemo(() => watchCustomerOrders(uid), [uid]));
  return (
    <>
      <section className={styles.card} aria-labelledby="customer-profile-title">
        <h2 id="customer-profile-title" className={styles.cardTitle}>
          Profile and card
        </h2>
        <LiveStatus live={profile} subject="profile" />
        {profile.status === 'ready' &&
          (profile.value ? (
            <dl className={styles.facts}>
              <dt>Name</dt>
              <dd>{`${profile.value.firstName} ${profile.value.lastName}`.trim() || '—'}</dd>
              <dt>Phone</dt>
              <dd>{formatPhoneNumber(profile.value.phoneNumber, profile.value.country) || '—'}</dd>
              <dt>Address</dt>
              <dd>{profile.value.address || '—'}</dd>
              <dt>Country</dt>
              <dd>{profile.value.country || '—'}</dd>
            </dl>
          ) : (
            <p>No profile stored for this account.</p>
          ))}
        <LiveStatus live={card} subject="card summary" />
        {card.status === 'ready' && <p>{card.value ? `Card on file: ${describeCard(card.value)}` : 'No card on file.'}</p>}
      </section>
      <section className={styles.section} aria-labelledby="customer-orders-title">
        <h2 id="customer-orders-title" className={styles.sectionTitle}>
          Orders
        </h2>
        <LiveStatus live={orders} subject="orders" />
        {orders.status === 'ready' &&
          (orders.value.length === 0 ? (
            <p>No orders linked to this account.</p>
          ) : (
            <ul className={styles.list} role="list">
              {orders.value.map((order) => (
                <li key={order.id}>
                  <OrderSummary order={order} />
                </li>
              ))}
            </ul>
          ))}
      </section>
    </>
  );
}

const NO_STATES: readonly never[] = [];
const NO_COUNTS: Readonly<Record<never, number>> = {};

/** One line of the customer list: who, since when, and the way to their details. */
function CustomerItem({ customer, openPath }: { customer: CustomerRow; openPath: string }) {
  const titleId = `customer-${customer.uid}-title`;
  const who = customer.name || customer.email || customer.uid;
  return (
    <article className={styles.card} aria-labelledby={titleId}>
      <h3 id={titleId} className={styles.cardTitle}>
        {who}
      </h3>
      <dl className={styles.facts}>
        <dt>Email</dt>
        <dd>{customer.email || '—'}</dd>
        <dt>Joined</dt>
        <dd>{customer.joinedAt !== null ? <RelativeTime at={customer.joinedAt} /> : 'Not recorded'}</dd>
      </dl>
      <div className={styles.actions}>
        <ButtonLink to={openPath} variant="secondary" preventScrollReset>
          Open<span className="visually-hidden"> {who}</span>
        </ButtonLink>
      </div>
    </article>
  );
}

/** The customers a page at a time from customer_index, newest first unless asked otherwise, with a
 *  search by name or address; "of N" from staff_figures once its trigger has counted. */
function CustomerList() {
  const params = useListParams(NO_STATES);
  const { search, sort } = params;
  const [address] = useSearchParams();
  const request = useMemo(() => customerPageRequest(search, sort), [search, sort]);
  const list = usePagedList(request, toCustomerRow);
  const count = useLiveValue(watchCustomerCount);
  const searching = search.trim() !== '';
  const total = searching || count.status !== 'ready' ? null : count.value;
  // A row opens the account in place, the list as it was kept in the address.
  const openPath = (uid: string) => {
    const next = new URLSearchParams(address);
    next.delete(EMAIL_PARAM);
    next.set(UID_PARAM, uid);
    return `?${next.toString()}`;
  };
  return (
    <section className={styles.section} aria-labelledby="customer-list-title">
      <h2 id="customer-list-title" className={styles.sectionTitle}>
        People
      </h2>
      <ListToolbar legend="Show customers" params={params} statuses={NO_STATES} words={NO_COUNTS} counts={NO_COUNTS} />
      <PagedListView
        list={list}
        noun="customers"
        total={total}
        narrowed={searching}
        empty="No customer has made an account yet."
        queryKey={JSON.stringify(request)}
        rowKey={(customer) => customer.uid}
        renderRow={(customer) => <CustomerItem customer={customer} openPath={openPath(customer.uid)} />}
      />
    </section>
  );
}

/** /staff/customers: every account a page at a time, searched by name or address; one opened (from
 *  its row, by uid, or by the exact email of an account without a profile) shows Auth's view of it,
 *  its profile, card and orders. */
export default function StaffCustomersPage() {
  const { user } = useStaff();
  const [search, setSearch] = useSearchParams();
  const email = search.get(EMAIL_PARAM)?.trim() ?? '';
  const uid = search.get(UID_PARAM)?.trim() ?? '';
  const [typed, setTyped] = useState(email);
  const [formError, setFormError] = useState<string | undefined>();
  const [attempt, setAttempt] = useState(0);
  const { region, announce } = useAnnouncer();
  const resultHeading = useRef<HTMLHeadingElement>(null);
  // A row opens by uid; the lookup form by the exact address.
  const asked = uid || email;
  // The answer is kept with the request it answers: a new account or a retry shows the spinner.
  const request = `${uid ? 'uid' : 'email'}:${asked}#${attempt}`;
  const [answer, setAnswer] = useState<{ request: string; lookup: Lookup } | null>(null);
  const lookup: Lookup = !asked ? { status: 'idle' } : answer?.request === request ? answer.lookup : { status: 'loading' };

  useEffect(() => {
    if (!asked) return;
    let current = true;
    void callStaff(user, 'lookupCustomer', uid ? { uid } : { email }).then((outcome) => {
      if (!current) return;
      setAnswer({
        request,
        lookup: outcome.ok ? { status: 'found', account: outcome.data } : { status: 'failed', message: outcome.message },
      });
    });
    return () => {
      current = false;
    };
  }, [user, asked, uid, email, request]);

  // A finished lookup moves focus to its heading, so a keyboard or screen-reader user lands on it.
  useEffect(() => {
    if (lookup.status === 'found' || lookup.status === 'failed') resultHeading.current?.focus();
  }, [lookup.status]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = typed.trim();
    if (!EMAIL_PATTERN.test(value)) {
      setFormError('Enter the email address of the account, like name@example.com.');
      return;
    }
    setFormError(undefined);
    if (value === email && !uid) {
      setAttempt((n) => n + 1);
      return;
    }
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(UID_PARAM);
        next.set(EMAIL_PARAM, value);
        return next;
      },
      { preventScrollReset: true },
    );
  };

  return (
    <StaffPage
      title={PAGE_TITLES.staffCustomers}
      summary="Every account, newest first: search by name or address, open one for what Auth and Stripe say of it, its profile, card and orders."
    >
      {region}
      {lookup.status === 'loading' && <Spinner label="Looking the account up…" />}
      {lookup.status === 'failed' && (
        <section className={styles.section} aria-labelledby="customer-result-title">
          <h2 id="customer-result-title" ref={resultHeading} tabIndex={-1} className={styles.sectionTitle}>
            {`No result for ${email || 'this account'}`}
          </h2>
          <p role="alert" className={styles.error}>
            {lookup.message}
          </p>
        </section>
      )}
      {lookup.status === 'found' && (
        <div className={styles.section} key={lookup.account.uid}>
          <h2 id="customer-result-title" ref={resultHeading} tabIndex={-1} className={styles.sectionTitle}>
            {lookup.account.email ?? email}
          </h2>
          <AccountDetails account={lookup.account} announce={announce} />
          <CustomerRecords uid={lookup.account.uid} />
        </div>
      )}
      <CustomerList />
      <section className={styles.section} aria-labelledby="customer-lookup-title">
        <h2 id="customer-lookup-title" className={styles.sectionTitle}>
          Look up by exact email
        </h2>
        <p className={styles.note}>For an account the list does not show: one that never saved a profile.</p>
        <form className={styles.inlineField} onSubmit={submit} noValidate aria-label="Find a customer">
          <FormField label="Email of the account" error={formError} announceError>
            {(control) => (
              <input {...control} type="email" autoComplete="off" value={typed} onChange={(event) => setTyped(event.target.value)} />
            )}
          </FormField>
          <Button type="submit" busy={lookup.status === 'loading' && !uid}>
            Find
          </Button>
        </form>
      </section>
    </StaffPage>
  );
}
