/**
 * Demo data for the local stack: a verified demo customer with a profile and orders in different
 * states, so a newcomer can sign in and see every screen; a staff account (role admin) for the
 * staff console; and what visitors would have sent through the public forms, so the console's
 * inbox and programmes are not empty. Written only into an empty database.
 *
 * The orders are bought the way a customer buys them — the stripeCheckout function, the Stripe
 * stand-in's hosted page, the webhook — so they carry exactly what the functions write, and the
 * demo customer has a real Stripe customer behind Manage billing: one plan paid (a live
 * subscription), one checkout left open, one checkout Stripe expired. Needs the Functions emulator
 * and the Stripe stand-in running (emulators/stack.ts starts them first).
 */
import { getApps, initializeApp, type App } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getDatabase } from 'firebase-admin/database';
import { nextPushId } from '@leopard/rtdb-emulator/push-id';
import { buildCheckoutRequest, type CheckoutChoices, type CheckoutCreated } from '../src/catalog/checkout';
import { paths } from '../src/config/paths';
import type { WaitlistProgramme } from '../src/config/waitlist-programmes';
import type { SubmissionKind } from '../src/config/data-limits';
import { STAFF_ROLES_PATH, type StaffRole } from '../src/data/staff';
import { submissionIndexFields } from '../src/data/submission-index-fields';
import { customerIndexEntry } from '../src/data/customer-index-entry';
import { CUSTOMER_INDEX_PATH } from '../src/data/list-index';
import { STRIPE_SECRET_KEY } from './local-config';
import { PROJECT_ID, type LocalStack } from './ports';

export const DEMO_CUSTOMER = {
  uid: 'demo-customer',
  email: 'demo@leopard.test',
  password: 'leopard-demo',
  firstName: 'Dana',
  lastName: 'Reyes',
} as const;

/** The staff account of the local stack: an admin, so every part of the console can be tried
 *  (docs/decisions/0108-staff-console.md). Not a customer: it has no profile or orders. */
export const DEMO_STAFF = {
  uid: 'demo-staff',
  email: 'staff@leopard.test',
  password: 'leopard-staff',
  displayName: 'Morgan Lee',
  role: 'admin' satisfies StaffRole,
} as const;

const HOUR_MS = 60 * 60 * 1000;

/** What visitors sent through the public forms, `hoursAgo` before the stack started; stored as
 *  submitForm stores them (database.rules.json, submissions): in their first state with their list
 *  keys, nothing answered or decided yet. */
const DEMO_SUBMISSIONS = {
  contact: [
    {
      hoursAgo: 3,
      record: {
        name: 'Priya Natarajan',
        email: 'priya.natarajan@example.com',
        phone: '+1 (619) 555-0142',
        city: 'San Diego',
        message: 'We run twelve clinics and need a booking app for iOS and Android. Could we talk this week?',
        page: paths.contact,
      },
    },
    {
      hoursAgo: 27,
      record: {
        name: 'Tomás Ferreira',
        email: 'tomas@ferreira-coffee.example',
        phone: '+351 21 555 0187',
        city: 'Lisbon',
        message: 'Our online shop runs on WordPress. What would moving it to one of your website plans involve?',
        page: paths.support,
      },
    },
  ],
  waitlist: [
    { hoursAgo: 5, record: { full__name: 'Amara Okafor', email: 'amara.okafor@example.com', page: paths.waitlist } },
    { hoursAgo: 49, record: { full__name: 'Lukas Berger', email: 'lukas.berger@example.com', page: paths.waitlist } },
  ],
  preorder: [
    { hoursAgo: 8, record: { full__name: 'Hana Sato', email: 'hana.sato@example.com', page: paths.preorder } },
    { hoursAgo: 72, record: { full__name: 'Diego Morales', email: 'diego.morales@example.com', page: paths.preorder } },
  ],
};
/** The waitlist entries above, in order: one on each list. */
const DEMO_WAITLIST_PROGRAMMES: WaitlistProgramme[] = ['builder', 'open-access'];

/** submissions/{kind}/{push id}: each keyed and dated as if sent `hoursAgo` before `now`. */
export function demoSubmissions(now: number): Record<string, Record<string, Record<string, unknown>>> {
  const submissions: Record<string, Record<string, Record<string, unknown>>> = {};
  for (const [kind, entries] of Object.entries(DEMO_SUBMISSIONS)) {
    submissions[kind] = {};
    entries.forEach(({ hoursAgo, record }, index) => {
      const createdAt = now - hoursAgo * HOUR_MS;
      const programme = kind === 'waitlist' ? { programme: DEMO_WAITLIST_PROGRAMMES[index] } : {};
      const sent: Record<string, unknown> = { ...record, ...programme, createdAt };
      submissions[kind][nextPushId(createdAt)] = { ...sent, ...submissionIndexFields(kind as SubmissionKind, sent) };
    });
  }
  return submissions;
}

type DemoOutcome = 'paid' | 'open' | 'expired';

/** Bought in this order, so the orders page shows them newest first: open, expired, paid. */
const DEMO_PURCHASES: { choices: CheckoutChoices; outcome: DemoOutcome }[] = [
  {
    choices: { service: 'websites', plan: 'gold', period: 'monthly', storage: false, security: true, marketing: false, tradeIn: null },
    outcome: 'paid',
  },
  {
    choices: {
      service: 'software_saas',
      plan: 'earth',
      period: 'monthly',
      storage: false,
      security: false,
      marketing: false,
      tradeIn: null,
    },
    outcome: 'expired',
  },
  {
    choices: { service: 'mobile_apps', plan: 'silver', period: 'yearly', storage: true, security: false, marketing: true, tradeIn: null },
    outcome: 'open',
  },
];

const TEST_CARD = '4242 4242 4242 4242';

function adminApp(projectId: string, databaseURL: string): App {
  const name = `seed-${projectId}`;
  return getApps().find((app) => app.name === name) ?? initializeApp({ projectId, databaseURL }, name);
}

async function expectOk(response: Response, what: string): Promise<Response> {
  if (!response.ok) throw new Error(`Demo data: ${what} failed (${response.status}): ${await response.text()}`);
  return response;
}

/** An ID token of the demo customer, from the Auth emulator, as the browser would hold. */
async function demoIdToken(stack: LocalStack): Promise<string> {
  const response = await fetch(`${stack.authUrl}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: DEMO_CUSTOMER.email, password: DEMO_CUSTOMER.password, returnSecureToken: true }),
  });
  return ((await (await expectOk(response, 'signing the demo customer in')).json()) as { idToken: string }).idToken;
}

/** What the product-details page sends when the demo customer presses "Continue to checkout". */
async function startCheckout(stack: LocalStack, idToken: string, choices: CheckoutChoices): Promise<CheckoutCreated['data']> {
  // The site `npm start` serves: the success and cancel URLs must be on it (SITE_ORIGINS).
  const site = stack.siteUrls.dev;
  const request = buildCheckoutRequest(choices, {
    imageURL: '',
    successURL: `${site}${paths.orderHistory}`,
    cancelURL: `${site}${paths.productDetails(choices.service, choices.plan)}`,
  });
  const response = await fetch(`${stack.functionsUrl}/stripeCheckout`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${idToken}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(request),
  });
  return ((await (await expectOk(response, `checkout of ${choices.plan} for ${choices.service}`)).json()) as CheckoutCreated).data;
}

/** What the demo customer types on the hosted page besides the card (an address taxed at 0 %). */
const DEMO_CHECKOUT_DETAILS = {
  terms_of_service: 'accepted',
  name: 'Demo Customer',
  country: 'US',
  line1: '1 Harbor Drive',
  city: 'Portland',
  state: 'OR',
  postal_code: '97201',
};

/** Pay on the stand-in's hosted page; it answers once the webhook has settled the order. */
async function pay(stack: LocalStack, sessionId: string): Promise<void> {
  const response = await fetch(`${stack.stripeUrl}/c/pay/${sessionId}/pay`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    // Checkout asks for the Terms and a billing address (docs/decisions/0116-tax-consent-and-promotion-codes.md).
    body: new URLSearchParams({ card_number: TEST_CARD, ...DEMO_CHECKOUT_DETAILS }).toString(),
    redirect: 'manual',
  });
  if (response.status !== 303)
    throw new Error(`Demo data: paying session ${sessionId} failed (${response.status}): ${await response.text()}`);
}

/** Stripe's expire call, as if the 24 hours had passed: the webhook marks the order expired. */
async function expire(stack: LocalStack, sessionId: string): Promise<void> {
  const response = await fetch(`${stack.stripeUrl}/v1/checkout/sessions/${sessionId}/expire`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${STRIPE_SECRET_KEY}` },
  });
  await expectOk(response, `expiring session ${sessionId}`);
}

/** Needs FIREBASE_AUTH_EMULATOR_HOST and FIREBASE_DATABASE_EMULATOR_HOST to point at the emulators. */
export async function seedDemoData(stack: LocalStack): Promise<{ seeded: boolean }> {
  const app = adminApp(PROJECT_ID, stack.databaseUrl);
  const auth = getAuth(app);
  await auth.getUser(DEMO_CUSTOMER.uid).catch(() =>
    auth.createUser({
      uid: DEMO_CUSTOMER.uid,
      email: DEMO_CUSTOMER.email,
      password: DEMO_CUSTOMER.password,
      emailVerified: true,
      displayName: `${DEMO_CUSTOMER.firstName} ${DEMO_CUSTOMER.lastName}`,
    }),
  );

  const staff = await auth.getUser(DEMO_STAFF.uid).catch(() =>
    auth.createUser({
      uid: DEMO_STAFF.uid,
      email: DEMO_STAFF.email,
      password: DEMO_STAFF.password,
      emailVerified: true,
      displayName: DEMO_STAFF.displayName,
    }),
  );
  // The claim and the server's record of it make the account staff (what `npm run staff:grant`
  // sets): the rules count the claim only while the record says the same.
  await auth.setCustomUserClaims(DEMO_STAFF.uid, { ...staff.customClaims, role: DEMO_STAFF.role });

  const db = getDatabase(app);
  const root = await db.ref('/').once('value');
  await db.ref(`${STAFF_ROLES_PATH}/${DEMO_STAFF.uid}`).set(DEMO_STAFF.role);
  if (root.exists()) return { seeded: false };

  const createdAt = new Date('2026-10-01T09:30:00.000Z');
  const profile = {
    firstName: DEMO_CUSTOMER.firstName,
    lastName: DEMO_CUSTOMER.lastName,
    email: DEMO_CUSTOMER.email,
    phoneNumber: '+1 6195550199',
    address: '401 B Street, San Diego, CA 92101',
    country: 'US',
    birthDate: 'March/14/1990',
    verificationMethod: 'text',
    receiveAnnouncements: true,
    receiveAppsMusicTV: false,
    emailVerified: true,
    createdAt: createdAt.toISOString(),
  };
  await db.ref('/').update({
    users: { [DEMO_CUSTOMER.uid]: profile },
    // The customerIndex trigger writes the same line; written here too, so the customer list has
    // it however the stack delivers the seed's write.
    [CUSTOMER_INDEX_PATH]: { [DEMO_CUSTOMER.uid]: customerIndexEntry(profile) },
    submissions: demoSubmissions(Date.now()),
  });

  const idToken = await demoIdToken(stack);
  for (const { choices, outcome } of DEMO_PURCHASES) {
    const session = await startCheckout(stack, idToken, choices);
    if (outcome === 'paid') await pay(stack, session.id);
    if (outcome === 'expired') await expire(stack, session.id);
  }
  // The expiry's event is delivered after the call answers; the stack is ready once it has been.
  await expectOk(await fetch(`${stack.stripeUrl}/__deliveries?settled=true`), 'waiting for the webhook');
  return { seeded: true };
}
