/**
 * Demo data for the local stack: a verified demo customer with a profile and orders in different
 * states, so a newcomer can sign in and see every screen. Written only into an empty database.
 */
import { getApps, initializeApp, type App } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getDatabase } from 'firebase-admin/database';

export const DEMO_CUSTOMER = {
  uid: 'demo-customer',
  email: 'demo@leopard.test',
  password: 'leopard-demo',
  firstName: 'Dana',
  lastName: 'Reyes',
} as const;

// Amounts are what those orders were charged when placed (integer cents), not today's prices.
const DEMO_ORDERS = [
  { id: 'demo-order-1', product: 'websites', tier: 'gold', productAmount: 1_500_000, payment_status: 'paid', security: true, marketing: false },
  { id: 'demo-order-2', product: 'mobile_apps', tier: 'silver', productAmount: 15_000_000, payment_status: 'unpaid', security: false, marketing: true },
  { id: 'demo-order-3', product: 'software_saas', tier: 'earth', productAmount: 750_000, payment_status: 'expired', security: false, marketing: false },
] as const;

function adminApp(projectId: string, databaseURL: string): App {
  const name = `seed-${projectId}`;
  return getApps().find((app) => app.name === name) ?? initializeApp({ projectId, databaseURL }, name);
}

/** Needs FIREBASE_AUTH_EMULATOR_HOST and FIREBASE_DATABASE_EMULATOR_HOST to point at the emulators. */
export async function seedDemoData(projectId: string, databaseURL: string): Promise<{ seeded: boolean }> {
  const app = adminApp(projectId, databaseURL);
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

  const db = getDatabase(app);
  const root = await db.ref('/').once('value');
  if (root.exists()) return { seeded: false };

  const createdAt = new Date('2026-10-01T09:30:00.000Z');
  await db.ref('/').set({
    users: {
      [DEMO_CUSTOMER.uid]: {
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
      },
    },
    all_orders: Object.fromEntries(
      DEMO_ORDERS.map((order, index) => [
        order.id,
        {
          product: order.product,
          tier: order.tier,
          securitySelected: order.security,
          marketingSelected: order.marketing,
          applicationExist: false,
          productAmount: order.productAmount,
          payment_status: order.payment_status,
          buyer: DEMO_CUSTOMER.uid,
          pushKey: order.id,
          stripeId: `cs_test_demo_${index + 1}`,
          createdAt: createdAt.getTime() + index * 86_400_000,
        },
      ]),
    ),
  });
  return { seeded: true };
}
