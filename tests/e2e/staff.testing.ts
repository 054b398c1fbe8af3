/** Helpers of the staff console's browser tests: staff accounts made with the Admin SDK against
 *  the Auth emulator (the role is a custom claim, docs/decisions/0108-staff-console.md), ID tokens
 *  from the Auth emulator's REST API, and the visitor's forms that feed the console. */
import { randomUUID } from 'node:crypto';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import type { Browser, Locator, Page } from '@playwright/test';
import { DATABASE_URL, EMAILJS_URL, FUNCTIONS_URL, HOST, PORTS, PROJECT_ID } from '../../emulators/local-config';
import { paths } from '../../src/config/paths';
import { LIST_PAGE_LIMIT } from '../../src/data/list-index';
import { STAFF_ROLES_PATH, type StaffRole } from '../../src/data/staff';
import { dismissAlert, updateDatabase } from './auth.testing';
import { expectNoAxeViolations } from './axe.testing';
import { expect } from './fixtures.testing';
import { openSignedIn, passwordSignIn } from './stored-session.testing';
import { clearSubmissionLimits } from './submission-limits.testing';

export const STAFF_PASSWORD = 'console-secret';

export interface TestAccount {
  uid: string;
  email: string;
  password: string;
}

/** A verified account with the given role claim and its staff_roles record (none: a customer), and the profile record a
 *  finished sign-up leaves (without it the customer area sends the person to "Complete your
 *  profile", docs/decisions/0122-half-made-accounts-and-visitor-words.md). */
export async function createAccountWithRole(label: string, role: StaffRole | 'forged' | null): Promise<TestAccount> {
  process.env.FIREBASE_AUTH_EMULATOR_HOST ??= `${HOST}:${PORTS.auth}`;
  const app = initializeApp({ projectId: PROJECT_ID }, `staff-e2e-${randomUUID()}`);
  try {
    const auth = getAuth(app);
    const email = `${label}-${randomUUID().slice(0, 8)}@e2e.leopard.test`;
    const user = await auth.createUser({ email, password: STAFF_PASSWORD, emailVerified: true });
    if (role) await auth.setCustomUserClaims(user.uid, { role: role === 'forged' ? 'superuser' : role });
    // A staff role is the claim and the server's record of it (staff:grant writes both); a forged
    // claim has no record.
    await updateDatabase({
      [`users/${user.uid}`]: { email, createdAt: new Date().toISOString() },
      ...(role && role !== 'forged' ? { [`${STAFF_ROLES_PATH}/${user.uid}`]: role } : {}),
    });
    return { uid: user.uid, email, password: STAFF_PASSWORD };
  } finally {
    await deleteApp(app);
  }
}

/** An ID token of the account, as its browser would hold it (with its claims). */
export async function idTokenOf(account: TestAccount): Promise<string> {
  return (await passwordSignIn(account)).idToken;
}

/** Opens `path` signed in as the account (a stored session, tests/e2e/stored-session.testing.ts). */
export async function signInAt(page: Page, account: Pick<TestAccount, 'email' | 'password'>, path: string) {
  await openSignedIn(page, account, path);
  await expect(page).toHaveURL(path);
}

/** An admin, in a browser of their own, sets the person's staff role from the console's Customers
 *  page (the select's words: 'Admin', 'Support', 'None (customer)'); answers what the page says. */
export async function setRoleInConsole(browser: Browser, admin: TestAccount, email: string, label: string): Promise<string> {
  const desk = await visitorPage(browser);
  await signInAt(desk, admin, paths.staffCustomers);
  await desk.getByLabel('Email of the account').fill(email);
  await desk.getByRole('button', { name: 'Find' }).click();
  const roleForm = desk.getByRole('form', { name: 'Staff role' });
  await roleForm.getByRole('combobox', { name: 'Staff role' }).selectOption({ label });
  await roleForm.getByRole('button', { name: 'Save role' }).click();
  // A change of access is asked first, naming the person.
  const dialog = desk.getByRole('dialog');
  await expect(dialog).toContainText(email);
  await expectNoAxeViolations(desk);
  await dialog.getByRole('button', { name: /^(Make|Remove the role)/ }).click();
  const said = desk.getByRole('status').filter({ hasText: `${email} is now ${label}.` });
  await expect(said).toBeAttached();
  const text = (await said.textContent()) ?? '';
  await desk.context().close();
  return text;
}

/** On Programmes, the Space pre-orders list, chosen by its link (the page shows one list at a
 *  time: docs/decisions/0151-console-lists-a-page-at-a-time.md). */
export async function openPreorders(page: Page): Promise<Locator> {
  await page.getByRole('navigation', { name: 'Programme lists' }).getByRole('link', { name: 'Space pre-orders' }).click();
  const list = page.getByRole('region', { name: 'Space pre-orders' });
  await expect(list).toBeVisible();
  return list;
}

/** A second browser, with nobody signed in: the visitor (or another person). */
export async function visitorPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  return context.newPage();
}

/** The database's REST API, as any script could call it, with the caller's ID token or none, and a
 *  query's parameters (orderBy, equalTo, limitToLast, …, each as the REST API spells it). */
export function readAs(path: string, token?: string, query: Record<string, string> = {}): Promise<Response> {
  const url = new URL(`/${path}.json`, DATABASE_URL);
  url.searchParams.set('ns', new URL(DATABASE_URL).searchParams.get('ns')!);
  if (token) url.searchParams.set('auth', token);
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
  return fetch(url);
}

/** The newest page of a list, the one read the rules allow staff (docs/decisions/0108-staff-console.md#addendum-2026-11-29-lists-that-read-a-page). */
export const NEWEST_PAGE = { orderBy: '"$key"', limitToLast: String(LIST_PAGE_LIMIT) };

/** A call to the `staff` function as a script would make it, with the caller's ID token or none. */
export function callStaffFunction(body: Record<string, unknown>, token?: string): Promise<Response> {
  return fetch(`${FUNCTIONS_URL}/staff`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
}

/** The mails the EmailJS stand-in received for `to`, oldest first. */
export async function mailsTo(to: string): Promise<{ params: Record<string, unknown> }[]> {
  const all = (await (await fetch(`${EMAILJS_URL}/__received`)).json()) as { params: Record<string, unknown> }[];
  return all.filter((mail) => mail.params.to_email === to);
}

export const uniqueVisitorEmail = () => `visitor-${randomUUID()}@example.com`;

/** The visitor's thank-you dialog after a form: dismissed. */
async function dismissThanks(page: Page) {
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await dismissAlert(page);
}

export async function sendContactForm(page: Page, values: { name: string; email: string; message: string }) {
  await clearSubmissionLimits();
  await page.goto(paths.contact);
  await page.getByLabel('Full name', { exact: true }).fill(values.name);
  await page.getByLabel('Email', { exact: true }).fill(values.email);
  await page.getByLabel('Phone number', { exact: true }).fill('+1 (619) 555-0100');
  await page.getByLabel('City', { exact: true }).fill('San Diego');
  await page.getByLabel('Message', { exact: true }).fill(values.message);
  await page.getByRole('button', { name: 'Send message' }).click();
  await dismissThanks(page);
}

export async function sendPreorderForm(page: Page, values: { name: string; email: string }) {
  await clearSubmissionLimits();
  await page.goto(paths.preorder);
  await page.getByLabel('Full name', { exact: true }).fill(values.name);
  await page.getByLabel('Email', { exact: true }).fill(values.email);
  await page.getByRole('button', { name: 'Pre-order Space' }).click();
  await dismissThanks(page);
}
