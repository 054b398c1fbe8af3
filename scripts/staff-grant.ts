/**
 * `npm run staff:grant -- <email> <admin|support|none> [--project <id>] [--port-offset N]`
 *
 * Gives an account a staff role, or takes it away: the custom claim `role` of its Firebase user,
 * set with the Admin SDK (docs/decisions/0108-staff-console.md). The account's other claims are
 * kept. This is how the first admin is made; after that, admins grant roles from the console.
 *
 * - Without --project: the local stack's Auth emulator (`npm start`), at the stack's port offset
 *   (--port-offset, else LEOPARD_PORT_OFFSET, else 0), project demo-leopard.
 * - With --project <id>: that real Firebase project, signed in with Application Default
 *   Credentials (GOOGLE_APPLICATION_CREDENTIALS naming a service-account key file, or
 *   `gcloud auth application-default login`). No emulator variable is used.
 *
 * The person's new role reaches the rules and the functions with their next ID token: at once
 * after they sign out and in again, otherwise within the hour.
 */
import { pathToFileURL } from 'node:url';
import { applicationDefault, deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getAuth, type Auth } from 'firebase-admin/auth';
import { EMAIL_PATTERN } from '../src/config/data-limits';
import { GRANTABLE_ROLES, isStaffRole, type GrantableRole, type StaffRole } from '../src/data/staff';
import { PORT_OFFSET_VARIABLE, PROJECT_ID, localStack, parsePortOffset, portOffsetFrom } from '../emulators/ports';

export const USAGE = `Usage: npm run staff:grant -- <email> <${GRANTABLE_ROLES.join('|')}> [--project <id>] [--port-offset N]`;

/** Where the role is set: the local stack's Auth emulator, or a real project. */
export type GrantTarget = { kind: 'local'; offset: number; authHost: string; projectId: string } | { kind: 'project'; projectId: string };

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
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const [flag, inline] =
      arg.startsWith('--') && arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    if (flag === '--project' || flag === '--port-offset') {
      const value = inline ?? argv[++i];
      if (value === undefined || value === '' || value.startsWith('--')) throw new UsageError(`${flag} needs a value.\n${USAGE}`);
      if (flag === '--project') project = value;
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
    return { email, role, target: { kind: 'project', projectId: project } };
  }

  let offset: number;
  try {
    offset = offsetText !== undefined ? parsePortOffset(offsetText, '--port-offset') : portOffsetFrom(env, 0);
    return { email, role, target: { kind: 'local', offset, authHost: localStack(offset).authHost, projectId: PROJECT_ID } };
  } catch (error) {
    if (error instanceof RangeError) throw new UsageError(error.message);
    throw error;
  }
}

/** What the command did to the account. */
export interface GrantOutcome {
  uid: string;
  email: string;
  before: StaffRole | null;
  after: StaffRole | null;
  /** The account's claims after the change (the role among them, or not). */
  claims: Record<string, unknown>;
}

/**
 * Sets (or, for `none`, removes) the `role` claim of the account with `email`, keeping its other
 * claims. Throws a GrantError when no account has that email.
 */
export async function setStaffRole(auth: Auth, email: string, role: GrantableRole): Promise<GrantOutcome> {
  const user = await auth.getUserByEmail(email).catch((error: unknown) => {
    if ((error as { code?: string }).code === 'auth/user-not-found') {
      throw new GrantError(`No account has the email ${email}. The person signs up on the site first; check the spelling otherwise.`);
    }
    throw error;
  });
  const claims: Record<string, unknown> = { ...(user.customClaims ?? {}) };
  const before = isStaffRole(claims.role) ? claims.role : null;
  if (role === 'none') delete claims.role;
  else claims.role = role;
  // null clears the claims altogether, rather than leaving an empty object in every token.
  await auth.setCustomUserClaims(user.uid, Object.keys(claims).length > 0 ? claims : null);
  return { uid: user.uid, email: user.email ?? email, before, after: role === 'none' ? null : role, claims };
}

export function describeTarget(target: GrantTarget): string {
  return target.kind === 'local'
    ? `the local stack (Auth emulator at ${target.authHost}, port offset ${target.offset}, project ${target.projectId})`
    : `project ${target.projectId}`;
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
    'The new role applies once their ID token refreshes: ask them to sign out and sign in again ' +
      '(a token they already hold keeps the old role until it expires, within the hour).',
  ];
}

/** What went wrong, in words the person running the command can act on. */
export function explainFailure(error: unknown, target: GrantTarget): string {
  if (error instanceof UsageError || error instanceof GrantError) return error.message;
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
    return `The credentials may not manage the users of project ${target.projectId} (they need the Firebase Authentication Admin role).\n(${text.trim()})`;
  }
  return `Setting the role failed: ${text.trim()}`;
}

/** An Admin SDK app for the target. The SDK finds the emulator only through this process's
 *  FIREBASE_AUTH_EMULATOR_HOST: set for the local stack, removed for a real project, so a shell
 *  left pointing at an emulator cannot send a production grant there (or the reverse). */
export function appFor(target: GrantTarget): App {
  const name = `staff-grant-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
  if (target.kind === 'local') {
    process.env.FIREBASE_AUTH_EMULATOR_HOST = target.authHost;
    return initializeApp({ projectId: target.projectId }, name);
  }
  delete process.env.FIREBASE_AUTH_EMULATOR_HOST;
  return initializeApp({ projectId: target.projectId, credential: applicationDefault() }, name);
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
    const outcome = await setStaffRole(getAuth(app), request.email, request.role);
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
