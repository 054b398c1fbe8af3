/** Helpers of the auth browser tests: the Auth emulator's REST API, admin reads of the database,
 *  the sweetalert2 dialogs, and filling the sign-up form. */
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getDatabase } from 'firebase-admin/database';
import type { Locator, Page } from '@playwright/test';
import { DEMO_CUSTOMER } from '../../emulators/seed';
import { DATABASE_URL, HOST, PORTS, PROJECT_ID } from '../../emulators/local-config';
import { paths } from '../../src/config/paths';
import { AUTH_ERROR_MESSAGES } from '../../src/session/auth-errors';
import { CAPTCHA_LENGTH } from '../../src/features/auth/captcha-code';
import { FUNCTION_CALL_TIMEOUT_MS, expect } from './fixtures.testing';

const AUTH = `http://${HOST}:${PORTS.auth}`;
const ADMIN = { Authorization: 'Bearer owner', 'Content-Type': 'application/json' };

export function uniqueEmail(label: string): string {
  return `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@e2e.leopard.test`;
}

export interface OobCode {
  email: string;
  requestType: 'VERIFY_EMAIL' | 'PASSWORD_RESET' | string;
  /** The link the email would carry (the emulator's action page, with the continue URL). */
  oobLink: string;
}

/** The emails the Auth emulator has "sent" to this address. */
export async function oobCodesFor(email: string): Promise<OobCode[]> {
  const response = await fetch(`${AUTH}/emulator/v1/projects/${PROJECT_ID}/oobCodes`);
  const { oobCodes } = (await response.json()) as { oobCodes: OobCode[] };
  return oobCodes.filter((code) => code.email === email);
}

export interface AuthAccount {
  localId: string;
  email: string;
  emailVerified?: boolean;
}

export async function lookupAccount(email: string): Promise<AuthAccount | undefined> {
  const response = await fetch(`${AUTH}/identitytoolkit.googleapis.com/v1/projects/${PROJECT_ID}/accounts:lookup`, {
    method: 'POST',
    headers: ADMIN,
    body: JSON.stringify({ email: [email] }),
  });
  const { users } = (await response.json()) as { users?: AuthAccount[] };
  return users?.[0];
}

/** An Auth account made through the Auth emulator's REST API, with a profile record that holds
 *  only its email (the customer area sends an account without any record to "Complete your
 *  profile", docs/decisions/0122-half-made-accounts-and-visitor-words.md). `profile: false` leaves
 *  it half-made, as a sign-up whose profile write failed. */
export async function createAccount(email: string, password: string, { profile = true }: { profile?: boolean } = {}): Promise<string> {
  const response = await fetch(`${AUTH}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password, returnSecureToken: true }),
  });
  expect(response.ok).toBe(true);
  const uid = ((await response.json()) as { localId: string }).localId;
  if (profile) await updateDatabase({ [`users/${uid}`]: { email, createdAt: new Date().toISOString() } });
  return uid;
}

/** Runs `work` with admin access to the database (no rules). */
async function withAdminDatabase<T>(work: (db: ReturnType<typeof getDatabase>) => Promise<T>): Promise<T> {
  process.env.FIREBASE_DATABASE_EMULATOR_HOST ??= `${HOST}:${PORTS.database}`;
  const app: App = initializeApp({ projectId: PROJECT_ID, databaseURL: DATABASE_URL }, `e2e-admin-${Math.random()}`);
  try {
    return await work(getDatabase(app));
  } finally {
    await deleteApp(app);
  }
}

/** Reads a database path with admin access (no rules). */
export function readDatabase(path: string): Promise<unknown> {
  return withAdminDatabase(async (db) => (await db.ref(path).get()).val());
}

/** Writes database paths with admin access, as the cloud functions do: `{ 'a/b': value, … }`. */
export function updateDatabase(values: Record<string, unknown>): Promise<void> {
  return withAdminDatabase((db) => db.ref().update(values));
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** How the site words the Auth emulator's refusal of a wrong password (auth/wrong-password, or
 *  auth/invalid-credential with email enumeration protection). */
export const WRONG_PASSWORD = new RegExp(
  `^(${[AUTH_ERROR_MESSAGES['auth/wrong-password']!, AUTH_ERROR_MESSAGES['auth/invalid-credential']!].map(escapeRegExp).join('|')})$`,
);

/** The sweetalert2 dialog on screen. */
export function alertDialog(page: Page): Locator {
  return page.locator('.swal2-popup');
}

/** Checks the dialog's title, text and icon, then dismisses it with OK. */
export async function expectAlert(
  page: Page,
  { title, text, icon }: { title: string; text: string | RegExp; icon: 'error' | 'warning' | 'success' },
): Promise<void> {
  const dialog = alertDialog(page);
  await expect(dialog).toBeVisible({ timeout: FUNCTION_CALL_TIMEOUT_MS });
  await expect(dialog.locator('.swal2-title')).toHaveText(title);
  await expect(dialog.locator('.swal2-html-container')).toHaveText(text);
  await expect(dialog.locator(`.swal2-icon.swal2-${icon}`)).toBeVisible();
  await dismissAlert(page);
}

/** Presses the dialog's OK once it has finished appearing, as a person would: sweetalert2 slides it
 *  in over 0.3 s, and a click that early on a loaded machine left it open (the click landed where
 *  OK had been a moment before). Most dialogs answer a call to a function, so the dialog itself may
 *  take as long as a function's answer to appear. */
export async function dismissAlert(page: Page): Promise<void> {
  const dialog = alertDialog(page);
  await expect(dialog).toBeVisible({ timeout: FUNCTION_CALL_TIMEOUT_MS });
  await expect.poll(() => dialog.evaluate((popup) => popup.getAnimations().length)).toBe(0);
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(dialog).toBeHidden();
}

/** The captcha's code, got the way a person who cannot see the image gets it: "Listen to the code",
 *  then what the page says. The page speaks with speechSynthesis; this records the utterances
 *  instead of playing them. `press` activates the button (a click unless given); focus then goes
 *  back where it was, so a caller typing into a field carries on. */
export async function readCaptcha(page: Page, press: (button: Locator) => Promise<void> = (button) => button.click()): Promise<string> {
  const listen = page.getByRole('button', { name: 'Listen to the code' });
  // Enabled once hydrated with a code (a random code cannot be pre-rendered).
  await expect(listen).toBeEnabled();
  await page.evaluate(() => {
    const w = window as unknown as { spokenCaptcha?: string[] };
    const spoken = (w.spokenCaptcha ??= []);
    spoken.length = 0;
    window.speechSynthesis.speak = (utterance) => void spoken.push(utterance.text);
    window.speechSynthesis.cancel = () => void (spoken.length = 0);
  });
  const focused = await page.evaluateHandle(() => document.activeElement);
  await press(listen);
  await page.waitForFunction((length) => (window as unknown as { spokenCaptcha: string[] }).spokenCaptcha.length >= length, CAPTCHA_LENGTH);
  const spoken = await page.evaluate(() => [...(window as unknown as { spokenCaptcha: string[] }).spokenCaptcha]);
  await focused.evaluate((element) => (element instanceof HTMLElement ? element.focus() : undefined));
  // "A, as in Alfa" → A; "the digit 3" → 3.
  return spoken.map((text) => /^([A-Z]), as in |^the digit (\d)$/.exec(text)?.slice(1).join('') ?? `<${text}>`).join('');
}

export interface SignUpInput {
  firstName: string;
  lastName: string;
  month: string;
  day: string;
  year: string;
  phone: string;
  email: string;
  password: string;
  confirmPassword: string;
  /** Omitted: the code shown, typed as is. */
  captcha?: string;
}

export function validSignUp(overrides: Partial<SignUpInput> = {}): SignUpInput {
  return {
    firstName: 'Ada',
    lastName: 'Lovelace',
    month: 'December',
    day: '10',
    year: '1990',
    phone: '6195550123',
    email: uniqueEmail('signup'),
    password: 'analytical-engine',
    confirmPassword: 'analytical-engine',
    ...overrides,
  };
}

export async function fillSignUp(page: Page, input: SignUpInput): Promise<void> {
  const form = page.getByRole('form', { name: 'Create your account' });
  await form.getByLabel('First name').fill(input.firstName);
  await form.getByLabel('Last name').fill(input.lastName);
  if (input.month) await form.getByLabel('Month').selectOption(input.month);
  if (input.day) await form.getByLabel('Day').selectOption(input.day);
  if (input.year) await form.getByLabel('Year').selectOption(input.year);
  await form.getByLabel('Phone number').fill(input.phone);
  await form.getByLabel('Email').fill(input.email);
  await form.getByLabel('Password', { exact: true }).fill(input.password);
  await form.getByLabel('Confirm password').fill(input.confirmPassword);
  await form.getByLabel('Type the code shown above').fill(input.captcha ?? (await readCaptcha(page)));
}

export async function submitSignUp(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Create account' }).click();
}

/** Signs in through the sign-in page (at `next`, when given, the page comes back there). */
export async function signInThroughPage(
  page: Page,
  { email, password }: { email: string; password: string } = DEMO_CUSTOMER,
  signInUrl: string = paths.signIn,
): Promise<void> {
  if (!page.url().includes(paths.signIn)) await page.goto(signInUrl);
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill(password);
  await form.getByRole('button', { name: 'Sign in' }).click();
}

/** Chromium logs every failed HTTP request as a console error. Where the test expects the Auth
 *  emulator to refuse (wrong password, email in use, ...), take exactly those entries out of what
 *  the fixture collected, and nothing else. */
export function expectRefusedRequests(consoleErrors: string[], status = 400): void {
  const refused = `the server responded with a status of ${status}`;
  const remaining = consoleErrors.filter((entry) => !entry.includes(refused));
  expect(remaining.length, 'expected a refused request').toBeLessThan(consoleErrors.length);
  consoleErrors.splice(0, consoleErrors.length, ...remaining);
}
