/** The actions on accounts: grantRole (admins only), lookupCustomer and resendVerification. Auth
 *  is read each time, not the flags stored at sign-up, which go stale. */
import type { UserRecord } from 'firebase-admin/auth';
import { paths } from '../../../src/config/paths';
import {
  GRANTABLE_ROLES,
  STAFF_ROLES_PATH,
  isStaffRole,
  type CustomerLookup,
  type GrantRoleResult,
  type StaffRole,
  type VerificationResult,
} from '../../../src/data/staff';
import { storedCustomerId } from '../stripe/customers';
import { sendMail, siteLink, verifyEmailMail } from '../mail';
import { takeAllowance } from '../http/rate-limit';
import { audit } from './audit';
import { recordedRole } from './claims';
import type { ActionContext, StaffDependencies } from './context';
import { email as emailField, oneOf, uid as uidField } from './input';
import { StaffRefusal } from './refusal';
import { transact } from './transaction';

/** The account `read` finds; a 404 naming what was asked for where Auth has none. */
async function existingUser(read: Promise<UserRecord>, asked: string): Promise<UserRecord> {
  try {
    return await read;
  } catch (error) {
    if ((error as { code?: string }).code === 'auth/user-not-found') throw new StaffRefusal(404, `No account has the ${asked}.`);
    throw error;
  }
}

const userByEmail = (deps: StaffDependencies, email: string) => existingUser(deps.auth.getUserByEmail(email), `email ${email}`);
const userById = (deps: StaffDependencies, uid: string) => existingUser(deps.auth.getUser(uid), `uid ${uid}`);

function roleOf(user: UserRecord) {
  const role: unknown = user.customClaims?.role;
  return isStaffRole(role) ? role : null;
}

export const ROLE_ENDED_MEANWHILE =
  'Your own admin role was taken away a moment ago, by another admin, so this change was not made. Sign in again.';

type Roles = Record<string, StaffRole>;

/**
 * Writes the person's role into staff_roles in one transaction on the whole node (staff only, a
 * handful of entries), so role changes made at once are put one after the other, and each is made
 * only while the actor's own record still says admin. As the actor is never the person changed,
 * an admin remains after every change: two admins removing each other at the same moment leave
 * the one whose change came first. Answers the person's role before, or `ended` when the actor's
 * admin role ended before the change could be made.
 */
async function recordRole(deps: StaffDependencies, actorUid: string, uid: string, role: StaffRole | null) {
  // Set by the last run of the update, which is the one the server took.
  let outcome = 'ended' as { before: StaffRole | null } | 'ended';
  await transact<Roles>(deps.database.ref(STAFF_ROLES_PATH), (current) => {
    outcome = 'ended';
    // No record at all, or none read yet (the server then answers with what it holds, and this
    // runs again): proposing null changes nothing.
    if (current === null) return null;
    if (current[actorUid] !== 'admin') return undefined;
    const before = isStaffRole(current[uid]) ? current[uid] : null;
    outcome = { before };
    if (before === role) return undefined;
    const next: Roles = { ...current };
    if (role === null) delete next[uid];
    else next[uid] = role;
    return next;
  });
  return outcome;
}

/** Whether going from `before` to `after` takes something away: the person's sessions then end. */
function lowers(before: StaffRole | null, after: StaffRole | null): boolean {
  return before !== null && before !== after && after !== 'admin';
}

/** Sets or takes away a staff role, keeping the account's other claims. The server's record
 *  (staff_roles/<uid>) changes first, and is what ends a role at once; then the claim; a role taken
 *  away or lowered also revokes the person's refresh tokens, so their sessions end. An admin
 *  cannot change their own role, so the console always keeps at least the admin using it. */
export async function grantRole({ deps, actor, body, now }: ActionContext): Promise<GrantRoleResult> {
  const email = emailField(body, 'email');
  const role = oneOf(body, 'role', GRANTABLE_ROLES);
  const user = await userByEmail(deps, email);
  const claimed = roleOf(user);
  const nextRole = role === 'none' ? null : role;
  if (user.uid === actor.uid && nextRole !== actor.role) {
    throw new StaffRefusal(409, 'You cannot change your own role: ask another admin, so the console always keeps one.');
  }
  const recorded = await recordRole(deps, actor.uid, user.uid, nextRole);
  if (recorded === 'ended') throw new StaffRefusal(409, ROLE_ENDED_MEANWHILE);
  const previousRole = recorded.before;

  const claims = { ...(user.customClaims ?? {}) };
  if (claims.role !== (nextRole ?? undefined)) {
    if (nextRole === null) delete claims.role;
    else claims.role = nextRole;
    await deps.auth.setCustomUserClaims(user.uid, claims);
  }
  if (lowers(previousRole, nextRole) || lowers(claimed, nextRole)) await deps.auth.revokeRefreshTokens(user.uid);
  const changed = previousRole !== nextRole || claimed !== nextRole;
  if (changed) await audit(deps.database, actor, 'grantRole', `user:${user.uid}`, now, `${previousRole ?? 'none'} → ${role}`);
  return { uid: user.uid, email, role: nextRole, previousRole, changed };
}

function time(value: string | undefined | null): number | null {
  const parsed = value ? Date.parse(value) : NaN;
  return Number.isFinite(parsed) ? parsed : null;
}

export function stripeDashboardUrl(customerId: string, mode: 'test' | 'live'): string {
  return `https://dashboard.stripe.com/${mode === 'test' ? 'test/' : ''}customers/${customerId}`;
}

/** Auth's view of an account and its Stripe customer, by its address or, from a row of the
 *  customer list, its uid. Changes nothing, so it is not audited. */
export async function lookupCustomer({ deps, body }: ActionContext): Promise<CustomerLookup> {
  const user = 'uid' in body ? await userById(deps, uidField(body, 'uid')) : await userByEmail(deps, emailField(body, 'email'));
  const stripeCustomerId = await storedCustomerId(deps.database, user.uid);
  // The role that counts: the claim while the server's record says the same (a claim from before
  // the records existed shows as none, and granting it again writes the record).
  const claimed = roleOf(user);
  const role = claimed !== null && (await recordedRole(deps.database, user.uid)) === claimed ? claimed : null;
  return {
    uid: user.uid,
    email: user.email ?? null,
    emailVerified: user.emailVerified,
    disabled: user.disabled,
    createdAt: time(user.metadata.creationTime),
    lastSignInAt: time(user.metadata.lastSignInTime),
    role,
    stripeCustomerId,
    stripeDashboardUrl: stripeCustomerId ? stripeDashboardUrl(stripeCustomerId, deps.stripeMode) : null,
  };
}

/** How many verification mails staff may send one account: a person whose mail went astray gets a
 *  few more tries, and a staff account (or a stolen staff token) cannot flood a mailbox. Counted per
 *  account, whoever on the staff presses the button. */
export const VERIFICATION_MAIL_ALLOWANCE = { bucket: 'staff-verification-mail', max: 5, windowMs: 24 * 60 * 60 * 1000 } as const;
export const VERIFICATION_MAIL_LIMIT = `This account has been sent ${VERIFICATION_MAIL_ALLOWANCE.max} verification mails in the last 24 hours. Try again later, or ask the person to check their spam folder.`;

/** A fresh verification link from Auth, mailed through the server mail module. The link is never
 *  shown to staff: only the mailbox's owner may verify it. */
export async function resendVerification({ deps, actor, body, now }: ActionContext): Promise<VerificationResult> {
  const user = await userById(deps, uidField(body, 'uid'));
  if (!user.email) throw new StaffRefusal(409, 'This account has no email to verify.');
  if (user.emailVerified) throw new StaffRefusal(409, 'This email is already verified.');
  const allowance = await takeAllowance(deps.database, { ...VERIFICATION_MAIL_ALLOWANCE, key: user.uid, now });
  if (!allowance.allowed) {
    throw new StaffRefusal(429, VERIFICATION_MAIL_LIMIT, undefined, Math.ceil(allowance.retryAfterMs / 1000));
  }
  const link = await deps.auth.generateEmailVerificationLink(user.email, { url: siteLink(deps.mail.siteUrl, paths.dashboard) });
  const outcome = await sendMail(deps.mail, { to: user.email, ...verifyEmailMail({ link }) });
  const mail = outcome.status === 'sent' || outcome.status === 'not-configured' ? outcome.status : 'failed';
  if (mail === 'sent') await audit(deps.database, actor, 'resendVerification', `user:${user.uid}`, now, 'verification mail sent');
  return { uid: user.uid, email: user.email, mail };
}
