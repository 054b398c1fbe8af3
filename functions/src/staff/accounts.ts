/** The actions on accounts: grantRole (admins only), lookupCustomer and resendVerification. Auth
 *  is read each time, not the flags stored at sign-up, which go stale. */
import type { UserRecord } from 'firebase-admin/auth';
import { paths } from '../../../src/config/paths';
import { GRANTABLE_ROLES, isStaffRole, type CustomerLookup, type GrantRoleResult, type VerificationResult } from '../../../src/data/staff';
import { storedCustomerId } from '../customers';
import { sendMail, siteLink, verifyEmailMail } from '../mail';
import { audit } from './audit';
import type { ActionContext, StaffDependencies } from './context';
import { email as emailField, oneOf, uid as uidField } from './input';
import { StaffRefusal } from './refusal';

async function userByEmail(deps: StaffDependencies, email: string): Promise<UserRecord> {
  try {
    return await deps.auth.getUserByEmail(email);
  } catch (error) {
    if ((error as { code?: string }).code === 'auth/user-not-found') throw new StaffRefusal(404, `No account has the email ${email}.`);
    throw error;
  }
}

async function userById(deps: StaffDependencies, uid: string): Promise<UserRecord> {
  try {
    return await deps.auth.getUser(uid);
  } catch (error) {
    if ((error as { code?: string }).code === 'auth/user-not-found') throw new StaffRefusal(404, `No account has the uid ${uid}.`);
    throw error;
  }
}

function roleOf(user: UserRecord) {
  const role: unknown = user.customClaims?.role;
  return isStaffRole(role) ? role : null;
}

/** Sets or takes away a staff role, keeping the account's other claims. An admin cannot change
 *  their own role, so the console always keeps at least the admin who is using it. */
export async function grantRole({ deps, actor, body, now }: ActionContext): Promise<GrantRoleResult> {
  const email = emailField(body, 'email');
  const role = oneOf(body, 'role', GRANTABLE_ROLES);
  const user = await userByEmail(deps, email);
  const previousRole = roleOf(user);
  const nextRole = role === 'none' ? null : role;
  if (user.uid === actor.uid && nextRole !== actor.role) {
    throw new StaffRefusal(409, 'You cannot change your own role: ask another admin, so the console always keeps one.');
  }
  const claims = { ...(user.customClaims ?? {}) };
  const changed = claims.role !== (nextRole ?? undefined);
  if (changed) {
    if (nextRole === null) delete claims.role;
    else claims.role = nextRole;
    await deps.auth.setCustomUserClaims(user.uid, claims);
    await audit(deps.database, actor, 'grantRole', `user:${user.uid}`, now, `${previousRole ?? 'none'} → ${role}`);
  }
  return { uid: user.uid, email, role: nextRole, previousRole, changed };
}

function time(value: string | undefined | null): number | null {
  const parsed = value ? Date.parse(value) : NaN;
  return Number.isFinite(parsed) ? parsed : null;
}

export function stripeDashboardUrl(customerId: string, mode: 'test' | 'live'): string {
  return `https://dashboard.stripe.com/${mode === 'test' ? 'test/' : ''}customers/${customerId}`;
}

/** Auth's view of an account and its Stripe customer. Changes nothing, so it is not audited. */
export async function lookupCustomer({ deps, body }: ActionContext): Promise<CustomerLookup> {
  const user = await userByEmail(deps, emailField(body, 'email'));
  const stripeCustomerId = await storedCustomerId(deps.database, user.uid);
  return {
    uid: user.uid,
    email: user.email ?? null,
    emailVerified: user.emailVerified,
    disabled: user.disabled,
    createdAt: time(user.metadata.creationTime),
    lastSignInAt: time(user.metadata.lastSignInTime),
    role: roleOf(user),
    stripeCustomerId,
    stripeDashboardUrl: stripeCustomerId ? stripeDashboardUrl(stripeCustomerId, deps.stripeMode) : null,
  };
}

/** A fresh verification link from Auth, mailed through the server mail module. The link is never
 *  shown to staff: only the mailbox's owner may verify it. */
export async function resendVerification({ deps, actor, body, now }: ActionContext): Promise<VerificationResult> {
  const user = await userById(deps, uidField(body, 'uid'));
  if (!user.email) throw new StaffRefusal(409, 'This account has no email to verify.');
  if (user.emailVerified) throw new StaffRefusal(409, 'This email is already verified.');
  const link = await deps.auth.generateEmailVerificationLink(user.email, { url: siteLink(deps.mail.siteUrl, paths.dashboard) });
  const outcome = await sendMail(deps.mail, { to: user.email, ...verifyEmailMail({ link }) });
  const mail = outcome.status === 'sent' || outcome.status === 'not-configured' ? outcome.status : 'failed';
  if (mail === 'sent') await audit(deps.database, actor, 'resendVerification', `user:${user.uid}`, now, 'verification mail sent');
  return { uid: user.uid, email: user.email, mail };
}
