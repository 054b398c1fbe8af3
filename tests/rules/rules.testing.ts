// Shared helpers of the security-rules tests: the test environment on our emulator, the actors,
// seeding, the operations of the access matrix, and valid records to start from.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, inject } from 'vitest';
import {
  assertFails,
  assertSucceeds,
  initializeTestEnvironment,
  type RulesTestContext,
  type RulesTestEnvironment,
} from '@firebase/rules-unit-testing';
import { deleteApp, initializeApp } from 'firebase/app';
import {
  connectDatabaseEmulator,
  equalTo,
  get,
  getDatabase,
  onValue,
  orderByChild,
  push,
  ref,
  serverTimestamp,
  set,
  update,
  type Database,
} from 'firebase/database';
import { parse as parseJsonc, type ParseError } from 'jsonc-parser';
import { SUBMISSION_KINDS } from '../../src/config/data-limits';
import { submissionIndexFields } from '../../src/data/submission-index-fields';

// ---------------------------------------------------------------------------------------------
// The rules under test
// ---------------------------------------------------------------------------------------------

export const RULES_FILE = new URL('../../database.rules.json', import.meta.url);
/** database.rules.json exactly as deployed (comments included). */
export const RULES_TEXT = readFileSync(RULES_FILE, 'utf8');

export type RulesNode = { [key: string]: RulesNode | string | boolean | string[] };

/** The rules document parsed (comments allowed); throws on a syntax error. */
export function parseRules(text: string = RULES_TEXT): { rules: RulesNode } {
  const errors: ParseError[] = [];
  const doc = parseJsonc(text, errors, { allowTrailingComma: false, disallowComments: false }) as {
    rules: RulesNode;
  };
  if (errors.length > 0) throw new Error(`database.rules.json does not parse: ${JSON.stringify(errors)}`);
  return doc;
}

// ---------------------------------------------------------------------------------------------
// Emulator and test environment
// ---------------------------------------------------------------------------------------------

const HOST_PORT: string = inject('testDatabaseHost');
const colon = HOST_PORT.lastIndexOf(':');
export const EMULATOR = {
  host: HOST_PORT.slice(0, colon).replace(/^\[|\]$/g, ''),
  port: Number(HOST_PORT.slice(colon + 1)),
};

export const OWNER_UID = 'alice';
export const OTHER_UID = 'bob';
/** The anonymous Auth user of a visitor sending a form. */
export const VISITOR_UID = 'visitor-1';

export type Actor = 'signed out' | 'owner' | 'another user';
export const ACTORS: readonly Actor[] = ['signed out', 'owner', 'another user'];

/** The uid behind an actor's client ('signed out' has none; its writes name a uid all the same). */
export function uidOf(actor: Actor): string {
  return actor === 'owner' ? OWNER_UID : actor === 'another user' ? OTHER_UID : 'signed-out';
}

/** Token claims of a signed-in test user (what the Auth emulator would put into the ID token). */
export interface Claims {
  email?: string;
  email_verified?: boolean;
  /** The staff claim (docs/decisions/0108-staff-console.md); any value, to try forged ones. */
  role?: unknown;
}

/**
 * One test file's database: its own project id (so its own namespace on the emulator), the rules
 * loaded, and one client per actor, reused by the tests of the file.
 */
export class RulesHarness {
  private readonly dbs = new Map<string, Database>();

  private constructor(
    readonly env: RulesTestEnvironment,
    /** The rules-free client that seeds, peeks and clears, for the whole file (see `ownerClient`). */
    private readonly owner: Database,
  ) {}

  static async create(label: string, rules: string = RULES_TEXT): Promise<RulesHarness> {
    const projectId = `demo-rules-${label}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
    const env = await initializeTestEnvironment({
      projectId,
      database: { host: EMULATOR.host, port: EMULATOR.port, rules },
    });
    return new RulesHarness(env, ownerClient(projectId));
  }

  /** The database of an actor: signed out, the owner (alice) or another user (bob). */
  as(actor: Actor): Database {
    switch (actor) {
      case 'signed out':
        return this.dbOf('anonymous', () => this.env.unauthenticatedContext());
      case 'owner':
        return this.user(OWNER_UID);
      case 'another user':
        return this.user(OTHER_UID);
    }
  }

  /** A signed-in user; by default with a verified email `<uid>@example.com`. */
  user(uid: string, claims: Claims = { email: accountEmail(uid), email_verified: true }): Database {
    return this.dbOf(`${uid} ${JSON.stringify(claims)}`, () => this.env.authenticatedContext(uid, { ...claims }));
  }

  /** A visitor the forms signed in anonymously: an Auth user without an email. */
  visitor(uid = VISITOR_UID): Database {
    return this.dbOf(`visitor ${uid}`, () => this.env.authenticatedContext(uid, { provider_id: 'anonymous' }));
  }

  private dbOf(key: string, make: () => RulesTestContext): Database {
    let db = this.dbs.get(key);
    if (!db) {
      db = modular(make());
      this.dbs.set(key, db);
    }
    return db;
  }

  /** Writes `values` (path → value) in one multi-path update with the rules disabled. */
  async seed(values: Record<string, unknown>): Promise<void> {
    if (Object.keys(values).length === 0) return;
    await update(ref(this.owner), values);
  }

  /** Reads `path` with the rules disabled. */
  async peek(path: string): Promise<unknown> {
    return (await get(ref(this.owner, path))).val();
  }

  /** Empties the file's database, with the rules disabled. */
  clear(): Promise<void> {
    return set(ref(this.owner), null);
  }

  async cleanup(): Promise<void> {
    await deleteApp(this.owner.app);
    await this.env.cleanup();
  }
}

/**
 * A client of the file's namespace that the emulator lets past the rules ("owner" is the token
 * rules-unit-testing's `withSecurityRulesDisabled` sends), kept open for the whole file. That call
 * opens a new app and connection for each use, and a matrix cell used it four times (clear, seed and
 * two peeks): most of the rules suite's time (docs/decisions/0130-test-suite-time-round-2.md).
 * It never listens, so each `get` asks the emulator, and its writes are acknowledged before a cell's
 * actor runs.
 */
function ownerClient(projectId: string): Database {
  const app = initializeApp(
    {
      projectId,
      databaseURL: `http://${EMULATOR.host.includes(':') ? `[${EMULATOR.host}]` : EMULATOR.host}:${EMULATOR.port}?ns=${projectId}`,
    },
    `owner-${projectId}`,
  );
  const db = getDatabase(app);
  connectDatabaseEmulator(db, EMULATOR.host, EMULATOR.port, { mockUserToken: 'owner' });
  return db;
}

/** The modular Database behind a rules-unit-testing context (which hands out the compat one). */
function modular(ctx: RulesTestContext): Database {
  const compat = ctx.database() as unknown as { _delegate?: Database };
  if (!compat._delegate) throw new Error('rules-unit-testing returned a database without _delegate');
  return compat._delegate;
}

// ---------------------------------------------------------------------------------------------
// Table-driven tests
// ---------------------------------------------------------------------------------------------

/** Rows for test.for(...)('%s', ([, row]) => ...): the test is named by row.name, untruncated. */
export function named<T extends { name: string }>(rows: readonly T[]): Array<[string, T]> {
  return rows.map((row) => [row.name, row]);
}

// ---------------------------------------------------------------------------------------------
// Assertions
// ---------------------------------------------------------------------------------------------

/** Asserts that `operation` is allowed (resolves) or denied (rejects with permission denied). */
export async function expectAllowed(operation: Promise<unknown>, allowed: boolean): Promise<void> {
  if (allowed) await assertSucceeds(operation);
  else await assertFails(operation);
}

export const allow = (p: Promise<unknown>) => expectAllowed(p, true);
export const deny = (p: Promise<unknown>) => expectAllowed(p, false);

// ---------------------------------------------------------------------------------------------
// Valid records (every test starts from one of these and breaks one thing)
// ---------------------------------------------------------------------------------------------

export const CREATED_AT_ISO = '2026-11-22T04:30:00.000Z';

/** The email of a signed-in test user's account, as the ID token carries it. */
export const accountEmail = (uid: string) => `${uid}@example.com`;

/** The smallest record a new user (the owner, alice) may create. */
export function minimalUser(): Record<string, unknown> {
  return { firstName: 'Ada', lastName: 'Lovelace', email: accountEmail(OWNER_UID), createdAt: CREATED_AT_ISO };
}

/** A complete sign-up record, for a caller whose email is `verified` or not. */
export function fullUser(verified: boolean): Record<string, unknown> {
  return {
    ...minimalUser(),
    phoneNumber: '+16195550123', // E.164, as the app stores it (src/data/phone-number.ts)
    address: '1 Main Street, Springfield',
    country: 'US',
    birthDate: 'January/5/1990',
    verificationMethod: 'text',
    receiveAnnouncements: false,
    receiveAppsMusicTV: true,
    emailVerified: verified,
  };
}

/** A record written long ago with the legacy snake_case names. */
export function legacyUser(): Record<string, unknown> {
  return {
    first_name: 'Grace',
    last_name: 'Hopper',
    email: 'grace@example.com',
    phone_number: '5551234567',
    address: '2 Old Road',
  };
}

/** An order as stripeCheckout writes it. */
export function validOrder(orderId: string, buyer: string | null): Record<string, unknown> {
  const order: Record<string, unknown> = {
    product: 'websites',
    tier: 'earth',
    securitySelected: true,
    marketingSelected: false,
    applicationExist: true,
    modelExistsOn: 'shopify',
    additionalStorage: '500GB',
    productAmount: 830_000,
    payment_status: 'unpaid',
    pushKey: orderId,
    stripeId: 'cs_test_a1b2c3',
    createdAt: 1_795_000_000_000,
  };
  if (buyer !== null) order.buyer = buyer;
  return order;
}

export type SubmissionKind = 'contact' | 'waitlist' | 'preorder';

/** The query constraints that ask whose Stripe customer `cus_test_a1` is, which no browser may ask. */
export const BY_STRIPE_CUSTOMER = [orderByChild('stripeCustomerId'), equalTo('cus_test_a1')];

/** What a visitor sends through a form, with createdAt = serverTimestamp(). */
export function sentSubmission(kind: SubmissionKind): Record<string, unknown> {
  if (kind === 'contact') {
    return {
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      phone: '+1 (555) 123-4567',
      city: 'London',
      message: 'Please call me about a website.',
      createdAt: serverTimestamp(),
      page: '/contact',
    };
  }
  return { full__name: 'Ada Lovelace', email: 'ada@example.com', createdAt: serverTimestamp(), page: `/${kind}` };
}

/** A submission as submitForm stores it: what the visitor sent with `changes` applied, in its state
 *  (the first unless `changes` names one) with the list keys of its fields; a key or a state that
 *  `changes` names is written as given, so a test can forge one. */
export function validSubmission(kind: SubmissionKind, changes: Record<string, unknown> = {}): Record<string, unknown> {
  const record = { ...sentSubmission(kind), ...changes };
  const status = typeof changes.status === 'string' ? changes.status : undefined;
  return { ...record, ...submissionIndexFields(kind, record, status), ...changes };
}

/** The server's time as the client SDK of `db` estimates it. */
export function serverNow(db: Database): Promise<number> {
  // get() refuses .info paths; a one-time listener reads it.
  return new Promise((resolve) => {
    onValue(ref(db, '.info/serverTimeOffset'), (snapshot) => resolve(Date.now() + ((snapshot.val() as number | null) ?? 0)), {
      onlyOnce: true,
    });
  });
}

/**
 * Sends a submission as the forms once did from the browser (before
 * docs/decisions/0111-submissions-through-the-server.md): the record and the sender's quota step
 * in one multi-path update. Every browser write is refused now; the attacks start from this one.
 * Resolves with the new key; rejects when the rules refuse it.
 */
export async function submitAsVisitor(
  db: Database,
  uid: string,
  kind: SubmissionKind,
  record: Record<string, unknown> = validSubmission(kind),
): Promise<string> {
  const key = push(ref(db, `submissions/${kind}`)).key!;
  const quota = { count: 1, windowStart: serverTimestamp(), lastId: key };
  await update(ref(db), { [`submissions/${kind}/${key}`]: record, [`submission_quota/${uid}/${kind}`]: quota });
  return key;
}

/**
 * database.rules.json with submissions/<kind>/$id opened for writing (.write true), and nothing
 * else changed. No browser may write a submission; the `submitForm` and staff functions write them
 * with admin access, which skips rules. The record's .validate rules document what they write, and
 * are tested on this copy: a record as the function writes it passes, one broken field does not.
 */
export function writableSubmissionsRules(doc: { rules: RulesNode } = parseRules()): { rules: RulesNode } {
  const child = (n: RulesNode, key: string) => n[key] as RulesNode;
  for (const kind of SUBMISSION_KINDS) {
    const record = child(child(child(doc.rules, 'submissions'), kind), '$id');
    if (record['.write'] !== undefined) throw new Error(`expected submissions/${kind}/$id to have no .write in database.rules.json`);
    record['.write'] = true;
  }
  return doc;
}

/**
 * database.rules.json with all_orders/.write turned on, and nothing else changed. No browser writes
 * an order; the functions write them with admin access, which skips rules. The order's .validate
 * rules document what they write, and are tested on this copy.
 */
export function writableOrdersRules(): string {
  const doc = parseRules();
  const orders = doc.rules.all_orders as RulesNode;
  if (orders['.write'] !== false) throw new Error('expected all_orders/.write to be false in database.rules.json');
  orders['.write'] = true;
  return JSON.stringify(doc, null, 2);
}

/** The fields of a submission only the staff function writes (docs/decisions/0108-staff-console.md):
 *  the `submitForm` function refuses them from a form. */
export const STAFF_MANAGED_FIELDS: Record<SubmissionKind, readonly string[]> = {
  contact: ['status', 'statusChangedAt', 'statusChangedBy'],
  waitlist: ['status', 'statusChangedAt', 'statusChangedBy'],
  preorder: ['status', 'statusChangedAt', 'statusChangedBy', 'pass'],
};

/** The same submission as stored (createdAt already resolved), for seeding. */
export function storedSubmission(kind: SubmissionKind, changes: Record<string, unknown> = {}): Record<string, unknown> {
  return { ...validSubmission(kind, changes), createdAt: 1_795_000_000_000 };
}

// ---------------------------------------------------------------------------------------------
// Values tried in one field, and strings of a given length
// ---------------------------------------------------------------------------------------------

/** A value written into one field of an otherwise valid record, and whether the rules accept it. */
export interface FieldCase {
  label: string;
  value: unknown;
  allowed: boolean;
}
export const ok = (label: string, value: unknown): FieldCase => ({ label, value, allowed: true });
export const bad = (label: string, value: unknown): FieldCase => ({ label, value, allowed: false });
/** `n` x's: a text of exactly that length. */
export const x = (n: number) => 'x'.repeat(n);

/** An email address of exactly `length` characters that matches EMAIL_PATTERN. */
export function emailOfLength(length: number): string {
  const domain = '@example.com';
  return 'a'.repeat(length - domain.length) + domain;
}

/** A page path of exactly `length` characters. */
export function pageOfLength(length: number): string {
  return '/' + 'p'.repeat(length - 1);
}

/** Gives the enclosing suite its own RulesHarness: created before its tests, emptied before each
 *  one, closed after them. Call the returned function inside tests and hooks to reach it. */
export function useRulesHarness(label: string, rules?: string): () => RulesHarness {
  let harness: RulesHarness | undefined;
  beforeAll(async () => {
    harness = await RulesHarness.create(label, rules);
  });
  afterAll(async () => {
    await harness?.cleanup();
  });
  beforeEach(async () => {
    await harness!.clear();
  });
  return () => {
    if (!harness) throw new Error(`the rules harness "${label}" is used outside its suite`);
    return harness;
  };
}
