/**
 * `npm run staff:grant -- <email> <admin|support|none> [--project <id> [--database-url <url>]] [--port-offset N]`
 *
 * Gives an account a staff role, or takes it away, with the Admin SDK
 * (docs/decisions/0108-staff-console.md): the server's record of the role, staff_roles/<uid> in the
 * Realtime Database, and the custom claim `role` of its Firebase user (the account's other claims
 * are kept). A role counts only while both say it. This is how the first admin is made; after
 * that, admins grant roles from the console.
 *
 * - Without --project: the local stack's Auth and database emulators (`npm start`), at the stack's
 *   port offset (--port-offset, else LEOPARD_PORT_OFFSET, else 0), project demo-leopard.
 * - With --project <id>: that real Firebase project, signed in with Application Default
 *   Credentials (GOOGLE_APPLICATION_CREDENTIALS naming a service-account key file, or
 *   `gcloud auth application-default login`), and its database at --database-url (default
 *   https://<id>-default-rtdb.firebaseio.com, the default database of a project in us-central1).
 *   No emulator variable is used.
 *
 * A role taken away or lowered ends at once (the record goes, and the person's sessions are
 * revoked); a role given reaches the person with their next ID token: at once after they sign out
 * and in again, otherwise within the hour.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { pathToFileURL } from 'node:url';
import { applicationDefault, deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getAuth, type Auth } from 'firebase-admin/auth';
import { getDatabase, type Database } from 'firebase-admin/database';
import { EMAIL_PATTERN } from '../src/config/data-limits';
import { GRANTABLE_ROLES, STAFF_ROLES_PATH, isStaffRole, type GrantableRole, type StaffRole } from '../src/data/staff';
import { PORT_OFFSET_VARIABLE, PROJECT_ID, localStack, parsePortOffset, portOffsetFrom } from '../emulators/ports';

export const USAGE = `Usage: npm run staff:grant -- <email> <${GRANTABLE_ROLES.join('|')}> [--project <id> [--database-url <url>]] [--port-offset N]`;

/** Where the role is set: the local stack's Auth and database emulators, or a real project. */
export type GrantTarget =
  | { kind: 'local'; offset: number; authHost: string; databaseHost: string; databaseUrl: string; projectId: string }
  | { kind: 'project'; projectId: string; databaseUrl: string };

/** The default database of a project created in us-central1; others are named in the console's
 *  Realtime Database page (https://<id>-default-rtdb.<region>.firebasedatabase.app). */
export function defaultDatabaseUrl(projectId: string): string {
  return `https://${projectId}-default-rtdb.firebaseio.com`;
}

/** How long the database may take to answer before the command says it cannot reach it: the
 *  Admin SDK would otherwise wait for a connection for ever. */
export const DATABASE_TIMEOUT_MS = 20_000;

export interface GrantRequest {
  email: string;
  role: GrantableRole;
  target: GrantTarget;
}

/** A mistake in how the command was called: the message says what to change. */
export class UsageError extends Error {
  override name = 'UsageError';
}

/** The command's failures that are the caller's to fix (an unknown account, no credentials). */
export class GrantError extends Error {
  override name = 'GrantError';
}

function isGrantableRole(value: string): value is GrantableRole {
  return (GRANTABLE_ROLES as readonly string[]).includes(value);
}

/** Reads the arguments after `--`; `env` supplies LEOPARD_PORT_OFFSET. Throws a UsageError. */
export function parseGrantArgs(argv: readonly string[], env: Record<string, string | undefined> = process.env): GrantRequest {
  const positional: string[] = [];
  let project: string | undefined;
  let offsetText: string | undefined;
  let databaseUrl: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const [flag, inline] =
      arg.startsWith('--') && arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    if (flag === '--project' || flag === '--port-offset' || flag === '--database-url') {
      const value = inline ?? argv[++i];
      if (value === undefined || value === '' || value.startsWith('--')) throw new UsageError(`${flag} needs a value.\n${USAGE}`);
      if (flag === '--project') project = value;
      else if (flag === '--database-url') databaseUrl = value;
      else offsetText = value;
    } else if (flag === '--help' || flag === '-h') {
      throw new UsageError(USAGE);
    } else if (flag.startsWith('-')) {
      throw new UsageError(`Unknown option ${flag}.\n${USAGE}`);
    } else {
      positional.push(arg);
    }
  }
  if (positional.length !== 2) throw new UsageError(`Give an email and a role.\n${USAGE}`);
  const email = positional[0].trim().toLowerCase();
  const role = positional[1];
  if (!EMAIL_PATTERN.test(email)) throw new UsageError(`"${positional[0]}" is not an email address.\n${USAGE}`);
  if (!isGrantableRole(role)) {
    throw new UsageError(`Unknown role "${positional[1]}": use ${GRANTABLE_ROLES.join(', ')} (none takes the role away).\n${USAGE}`);
  }

  if (project !== undefined) {
    if (offsetText !== undefined)
      throw new UsageError(`--project and --port-offset do not go together: a real project has no local ports.\n${USAGE}`);
    if (project.startsWith('demo-')) {
      throw new UsageError(
        `"${project}" is a demo project, which exists only in the emulators: leave out --project to use the local stack.`,
      );
    }
    if (!/^[a-z][a-z0-9-]{4,28}[a-z0-9]$/.test(project)) throw new UsageError(`"${project}" is not a Firebase project id.`);
    return { email, role, target: { kind: 'project', projectId: project, databaseUrl: projectDatabaseUrl(databaseUrl, project) } };
  }
  if (databaseUrl !== undefined) {
    throw new UsageError(`--database-url goes with --project: the local stack's database is the emulator of its port offset.\n${USAGE}`);
  }

  let offset: number;
  try {
    offset = offsetText !== undefined ? parsePortOffset(offsetText, '--port-offset') : portOffsetFrom(env, 0);
    const stack = localStack(offset);
    return {
      email,
      role,
      target: {
        kind: 'local',
        offset,
        authHost: stack.authHost,
        databaseHost: stack.databaseHost,
        databaseUrl: stack.databaseUrl,
        projectId: PROJECT_ID,
      },
    };
  } catch (error) {
    if (error instanceof RangeError) throw new UsageError(error.message);
    throw error;
  }
}

/** A real project's database: https, on Firebase's database hosts, without a path. */
function projectDatabaseUrl(given: string | undefined, projectId: string): string {
  if (given === undefined) return defaultDatabaseUrl(projectId);
  let url: URL;
  try {
    url = new URL(given);
  } catch {
    throw new UsageError(`"${given}" is not a URL: give the database's address, e.g. ${defaultDatabaseUrl(projectId)}.`);
  }
  if (url.protocol !== 'https:' || !/\.(firebaseio\.com|firebasedatabase\.app)$/.test(url.hostname) || url.pathname !== '/') {
    throw new UsageError(
      `"${given}" is not a Realtime Database address: it looks like ${defaultDatabaseUrl(projectId)} or https://<name>.<region>.firebasedatabase.app (the console's Realtime Database page shows it).`,
    );
  }
  return url.origin;
}

/** What the command did to the account. */
export interface GrantOutcome {
  uid: string;
  email: string;
  before: StaffRole | null;
  after: StaffRole | null;
  /** The account's claims after the change (the role among them, or not). */
  claims: Record<string, unknown>;
  /** Whether the person's sessions were ended (a role taken away or lowered). */
  revoked: boolean;
}

/** The database's answer, or a DatabaseUnreachable after `timeoutMs`. */
async function answered<T>(operation: Promise<T>, timeoutMs: number): Promise<T> {
  const done = new AbortController();
  const late = sleep(timeoutMs, undefined, { signal: done.signal }).then(() => Promise.reject(new DatabaseUnreachable()));
  try {
    return await Promise.race([operation, late]);
  } finally {
    done.abort();
    late.catch(() => {}); // the aborted wait rejects too, with nobody left to tell
  }
}

/** The database did not answer in time (not running, or the wrong address). */
export class DatabaseUnreachable extends Error {
  override name = 'DatabaseUnreachable';
}

/** Whether going from `before` to `after` takes something away: the person's sessions then end. */
function lowers(before: StaffRole | null, after: StaffRole | null): boolean {
  return before !== null && before !== after && after !== 'admin';
}

/**
 * Sets (or, for `none`, removes) the staff role of the account with `email`: first the record
 * staff_roles/<uid>, which ends a role at once, then the `role` claim, keeping the account's other
 * claims. A role taken away or lowered also revokes the person's refresh tokens. Unlike the
 * console, this may remove the last admin: it is the operator's own way in and out. Throws a
 * GrantError when no account has that email.
 */
export async function setStaffRole(
  auth: Auth,
  database: Database,
  email: string,
  role: GrantableRole,
  timeoutMs = DATABASE_TIMEOUT_MS,
): Promise<GrantOutcome> {
  const user = await auth.getUserByEmail(email).catch((error: unknown) => {
    if ((error as { code?: string }).code === 'auth/user-not-found') {
      throw new GrantError(`No account has the email ${email}. The person signs up on the site first; check the spelling otherwise.`);
    }
    throw error;
  });
  const record = database.ref(`${STAFF_ROLES_PATH}/${user.uid}`);
  const recorded: unknown = (await answered(record.get(), timeoutMs)).val();
  const claims: Record<string, unknown> = { ...(user.customClaims ?? {}) };
  const claimed = isStaffRole(claims.role) ? claims.role : null;
  const after = role === 'none' ? null : role;
  await answered(after === null ? record.remove() : record.set(after), timeoutMs);
  if (after === null) delete claims.role;
  else claims.role = after;
  // null clears the claims altogether, rather than leaving an empty object in every token.
  await auth.setCustomUserClaims(user.uid, Object.keys(claims).length > 0 ? claims : null);
  const before = isStaffRole(recorded) && recorded === claimed ? claimed : null;
  const revoked = lowers(isStaffRole(recorded) ? recorded : null, after) || lowers(claimed, after);
  if (revoked) await auth.revokeRefreshTokens(user.uid);
  return { uid: user.uid, email: user.email ?? email, before, after, claims, revoked };
}

export function describeTarget(target: GrantTarget): string {
  return target.kind === 'local'
    ? `the local stack (Auth emulator at ${target.authHost}, database emulator at ${target.databaseHost}, port offset ${target.offset}, project ${target.projectId})`
    : `project ${target.projectId} (database ${target.databaseUrl})`;
}

/** The lines printed on success. */
export function describeOutcome(outcome: GrantOutcome, target: GrantTarget): string[] {
  const who = `${outcome.email} (uid ${outcome.uid})`;
  const name = (role: StaffRole | null) => role ?? 'no staff role';
  if (outcome.before === outcome.after) {
    return [`${who} already has ${name(outcome.after)} in ${describeTarget(target)}; nothing changed.`];
  }
  return [
    `${who} now has ${name(outcome.after)} in ${describeTarget(target)} (before: ${name(outcome.before)}).`,
    outcome.revoked
      ? 'What they had ended at once: the database and the staff function refuse the tokens they hold, and their sessions were ' +
        'revoked (an open staff console signs them out).'
      : 'The new role applies once their ID token refreshes: ask them to sign out and sign in again ' +
        '(a token they already hold keeps the old role until it expires, within the hour).',
  ];
}

/** What went wrong, in words the person running the command can act on. */
export function explainFailure(error: unknown, target: GrantTarget): string {
  if (error instanceof UsageError || error instanceof GrantError) return error.message;
  if (error instanceof DatabaseUnreachable) {
    return target.kind === 'local'
      ? `Could not reach the database emulator at ${target.databaseHost}. Start the local stack first (npm start${target.offset ? ` -- --port-offset ${target.offset}` : ''}), or name its offset with --port-offset or ${PORT_OFFSET_VARIABLE}. Nothing was changed.`
      : `The database at ${target.databaseUrl} did not answer: check --database-url (the console's Realtime Database page shows the address). Nothing was changed.`;
  }
  const text = `${(error as { code?: string } | null)?.code ?? ''} ${error instanceof Error ? error.message : String(error)}`;
  if (target.kind === 'local' && /ECONNREFUSED|fetch failed|socket hang up|ECONNRESET/i.test(text)) {
    return `Could not reach the Auth emulator at ${target.authHost}. Start the local stack first (npm start${target.offset ? ` -- --port-offset ${target.offset}` : ''}), or name its offset with --port-offset or ${PORT_OFFSET_VARIABLE}.`;
  }
  if (target.kind === 'project' && /default credentials|credential|invalid_grant|invalid_rapt|reauth/i.test(text)) {
    return (
      `No usable Google credentials for project ${target.projectId}: set GOOGLE_APPLICATION_CREDENTIALS to a service-account key file ` +
      `of the project, or run \`gcloud auth application-default login\` with an account that may manage its users.\n(${text.trim()})`
    );
  }
  if (target.kind === 'project' && /permission|403|insufficient/i.test(text)) {
    return `The credentials may not manage the users and the database of project ${target.projectId} (they need the Firebase Authentication Admin and Firebase Realtime Database Admin roles).\n(${text.trim()})`;
  }
  return `Setting the role failed: ${text.trim()}`;
}

/** An Admin SDK app for the target. The SDK finds the emulators only through this process's
 *  FIREBASE_AUTH_EMULATOR_HOST and FIREBASE_DATABASE_EMULATOR_HOST: set for the local stack,
 *  removed for a real project, so a shell left pointing at an emulator cannot send a production
 *  grant there (or the reverse). */
export function appFor(target: GrantTarget): App {
  const name = `staff-grant-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
  if (target.kind === 'local') {
    process.env.FIREBASE_AUTH_EMULATOR_HOST = target.authHost;
    process.env.FIREBASE_DATABASE_EMULATOR_HOST = target.databaseHost;
    return initializeApp({ projectId: target.projectId, databaseURL: target.databaseUrl }, name);
  }
  delete process.env.FIREBASE_AUTH_EMULATOR_HOST;
  delete process.env.FIREBASE_DATABASE_EMULATOR_HOST;
  return initializeApp({ projectId: target.projectId, databaseURL: target.databaseUrl, credential: applicationDefault() }, name);
}

/** The command: answers its exit code (0 done, 1 failed, 2 wrong call) after printing what
 *  happened. `env` is read for LEOPARD_PORT_OFFSET. */
export async function main(
  argv: readonly string[],
  {
    log = console.log,
    error = console.error,
    env = process.env,
  }: { log?: (line: string) => void; error?: (line: string) => void; env?: NodeJS.ProcessEnv } = {},
): Promise<number> {
  let request: GrantRequest;
  try {
    request = parseGrantArgs(argv, env);
  } catch (failure) {
    error(failure instanceof Error ? failure.message : String(failure));
    return 2;
  }
  let app: App | undefined;
  try {
    // Inside: reading a missing credentials file already throws here.
    app = appFor(request.target);
    const outcome = await setStaffRole(getAuth(app), getDatabase(app), request.email, request.role);
    for (const line of describeOutcome(outcome, request.target)) log(line);
    return 0;
  } catch (failure) {
    error(explainFailure(failure, request.target));
    return 1;
  } finally {
    if (app) await deleteApp(app);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.exitCode = await main(process.argv.slice(2));
}
