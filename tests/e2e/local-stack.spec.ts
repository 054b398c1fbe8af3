/**
 * Smoke test of the local stack `npm start` and these tests run on: the demo customer signs in
 * through the Auth emulator and the database, behind the real rules, answers with their data.
 * (Signs in with the SDK from the test; the sign-in page's own tests arrive with the auth feature.)
 */
import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import {
  connectAuthEmulator,
  createUserWithEmailAndPassword,
  getAuth,
  getIdTokenResult,
  sendEmailVerification,
  signInWithEmailAndPassword,
  signOut,
} from 'firebase/auth';
import { connectDatabaseEmulator, equalTo, get, getDatabase, limitToLast, orderByChild, query, ref } from 'firebase/database';
import { DEMO_CUSTOMER, DEMO_STAFF } from '../../emulators/seed';
import { DATABASE_URL, EMAILJS_URL, PORTS, PROJECT_ID } from '../../emulators/local-config';
import { LIST_PAGE_SIZE } from '../../src/data/list-index';
import { oobCodesFor, uniqueEmail } from './auth.testing';
import { expect, test } from './fixtures.testing';

let app: FirebaseApp;

test.beforeEach(() => {
  app = initializeApp({ apiKey: 'demo-api-key', projectId: PROJECT_ID, databaseURL: DATABASE_URL }, `smoke-${Date.now()}-${Math.random()}`);
  connectAuthEmulator(getAuth(app), `http://127.0.0.1:${PORTS.auth}`, { disableWarnings: true });
  connectDatabaseEmulator(getDatabase(app), '127.0.0.1', PORTS.database);
});

test.afterEach(async () => {
  await signOut(getAuth(app));
  await deleteApp(app);
});

test('the demo customer signs in and reads their profile and orders', async () => {
  const { user } = await signInWithEmailAndPassword(getAuth(app), DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
  expect(user.uid).toBe(DEMO_CUSTOMER.uid);
  expect(user.emailVerified).toBe(true);

  const db = getDatabase(app);
  const profile = await get(ref(db, `users/${user.uid}`));
  expect(profile.val()).toMatchObject({ firstName: DEMO_CUSTOMER.firstName, email: DEMO_CUSTOMER.email });

  const orders = await get(query(ref(db, 'all_orders'), orderByChild('buyer'), equalTo(user.uid)));
  const statuses = Object.values(orders.val() as Record<string, { payment_status: string }>).map((o) => o.payment_status);
  expect(statuses.sort()).toEqual(['expired', 'paid', 'unpaid']);
});

test('the demo staff account signs in as an admin and reads what visitors sent', async () => {
  const { user } = await signInWithEmailAndPassword(getAuth(app), DEMO_STAFF.email, DEMO_STAFF.password);
  expect(user.emailVerified).toBe(true);
  expect((await getIdTokenResult(user)).claims.role).toBe('admin');

  const db = getDatabase(app);
  // A page of each list, as the console reads them (the rules refuse a whole list, even to an admin).
  const count = async (kind: string) =>
    Object.keys(((await get(query(ref(db, `submissions/${kind}`), limitToLast(LIST_PAGE_SIZE)))).val() as object | null) ?? {}).length;
  // At least the seeded ones: the forms tests add their own to the same stack.
  expect(await count('contact')).toBeGreaterThanOrEqual(2);
  expect(await count('waitlist')).toBeGreaterThanOrEqual(2);
  expect(await count('preorder')).toBeGreaterThanOrEqual(2);
  await expect(get(query(ref(db, 'staff_audit'), limitToLast(LIST_PAGE_SIZE)))).resolves.toBeDefined();
  await expect(get(ref(db, 'submissions/contact'))).rejects.toThrow(/permission/i);
});

test('the rules keep a signed-out visitor away from the demo data', async () => {
  const db = getDatabase(app);
  await expect(get(ref(db, `users/${DEMO_CUSTOMER.uid}`))).rejects.toThrow(/permission/i);
  await expect(get(ref(db, 'all_orders'))).rejects.toThrow(/permission/i);
  await expect(get(ref(db, 'submissions/contact'))).rejects.toThrow(/permission/i);
});

test('the demo customer is no staff: the inquiries stay closed to them', async () => {
  await signInWithEmailAndPassword(getAuth(app), DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
  await expect(get(ref(getDatabase(app), 'submissions/contact'))).rejects.toThrow(/permission/i);
});

test("Auth's verification link is listed at the EmailJS stand-in's /__received beside the mails", async () => {
  const email = uniqueEmail('links');
  const { user } = await createUserWithEmailAndPassword(getAuth(app), email, 'links-secret-1');
  await sendEmailVerification(user);
  const [code] = await oobCodesFor(email);
  const received = (await (await fetch(`${EMAILJS_URL}/__received`)).json()) as { endpoint: string; params: Record<string, unknown> }[];
  expect(received.filter((mail) => mail.params.email === email)).toEqual([
    expect.objectContaining({
      endpoint: 'auth-emulator',
      params: { email, subject: 'Verify your email (Firebase Auth)', link: code!.oobLink },
    }),
  ]);
});
