import type { Page } from '@playwright/test';
import { DEMO_CUSTOMER } from '../../emulators/seed';
import { MONTHS } from '../../src/config/data-limits';
import { paths } from '../../src/config/paths';
import { AUTH_ERROR_MESSAGES } from '../../src/session/auth-errors';
import {
  alertDialog,
  createAccount,
  expectAlert,
  fillSignUp,
  lookupAccount,
  oobCodesFor,
  readCaptcha,
  expectRefusedRequests,
  readDatabase,
  signInThroughPage,
  submitSignUp,
  uniqueEmail,
  validSignUp,
  type SignUpInput,
} from './auth.testing';
import { expect, test } from './fixtures.testing';
import { hydrated } from './hydration.testing';

const STORED_USER_ID_KEY = 'currentUserId';
const storedUserId = (page: Page) => page.evaluate((key) => localStorage.getItem(key), STORED_USER_ID_KEY);

test.describe('sign-up page', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto(paths.signUp);
  });

  test('has a 55 px header bar and links to sign-in and the privacy policy', async ({ page }) => {
    const bar = page.getByRole('navigation', { name: 'Sign-up' });
    expect((await bar.boundingBox())?.height).toBe(55);
    const form = page.getByRole('form', { name: 'Create your account' });
    await expect(form.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', paths.signIn);
    await expect(form.getByRole('link', { name: 'privacy policy' })).toHaveAttribute('href', paths.privacyPolicy);
  });

  test('offers about 240 countries, United States +1 by default, and the birthday choices', async ({ page }) => {
    const form = page.getByRole('form', { name: 'Create your account' });
    const country = form.getByLabel('Country');
    await expect(country).toHaveValue('US');
    await expect(country.locator('option:checked')).toHaveText('United States (+1)');
    const count = await country.locator('option').count();
    expect(count).toBeGreaterThanOrEqual(230);
    expect(count).toBeLessThanOrEqual(250);
    await country.selectOption('GB');
    await expect(form.getByText('+44', { exact: true })).toBeVisible();

    const year = new Date().getFullYear();
    const years = await form.getByLabel('Year').locator('option').allTextContents();
    expect(years.slice(1, 2)).toEqual([String(year)]);
    expect(years.at(-1)).toBe(String(year - 126));
    await expect(form.getByLabel('Day').locator('option')).toHaveCount(32);
    expect((await form.getByLabel('Month').locator('option').allTextContents()).slice(1)).toEqual([...MONTHS]);
    await expect(form.getByText('Birthday is used for age verification and to provide personalized services.')).toBeVisible();
    await expect(form.getByLabel('Text message')).toBeChecked();
    await expect(form.getByRole('checkbox')).toHaveCount(2);
    for (const box of await form.getByRole('checkbox').all()) await expect(box).not.toBeChecked();
    for (const name of ['First name', 'Last name', 'Phone number', 'Email', 'Confirm password', 'Type the code shown above']) {
      await expect(form.getByLabel(name)).toHaveAttribute('required', '');
    }
  });

  // One test per rule; each breaks the rules after it too, so the order between them is checked.
  const RULES: [name: string, input: Partial<SignUpInput>, alert: { title: string; text: string }, field: string][] = [
    [
      'missing information comes first',
      { day: '', email: 'not-an-email', password: '1', captcha: '' },
      { title: 'Missing Information', text: 'Please fill in all required fields.' },
      'Day',
    ],
    [
      'a malformed phone number',
      { phone: '12', email: 'not-an-email' },
      { title: 'Invalid Phone Number', text: 'Please enter a valid phone number.' },
      'Phone number',
    ],
    [
      'invalid email before a weak password',
      { email: 'not-an-email', password: '12345', confirmPassword: 'other', captcha: 'WRONG00' },
      { title: 'Invalid Email', text: 'Please enter a valid email.' },
      'Email',
    ],
    [
      'weak password before the captcha',
      { password: '12345', confirmPassword: 'other', captcha: '' },
      { title: 'Weak Password', text: 'Password must be at least 6 characters.' },
      'Password',
    ],
    [
      'empty captcha before the mismatch check',
      { captcha: '', confirmPassword: 'something-else' },
      { title: 'Captcha Required', text: 'Please complete the captcha.' },
      'Type the code shown above',
    ],
    [
      'wrong captcha before the password mismatch',
      { captcha: 'WRONG00', confirmPassword: 'something-else' },
      { title: 'Invalid Captcha', text: 'The captcha you entered does not match.' },
      'Type the code shown above',
    ],
    [
      'password mismatch last',
      { confirmPassword: 'something-else' },
      { title: 'Password Mismatch', text: 'Passwords do not match.' },
      'Confirm password',
    ],
  ];
  for (const [name, input, alert, field] of RULES) {
    test(`validation: ${name}`, async ({ page }) => {
      const values = validSignUp(input);
      await fillSignUp(page, values);
      await submitSignUp(page);
      await expectAlert(page, { ...alert, icon: 'warning' });
      const form = page.getByRole('form', { name: 'Create your account' });
      await expect(form.getByLabel(field, { exact: true })).toHaveAttribute('aria-invalid', 'true');
      await expect(form.getByRole('alert')).toContainText(alert.text);
      expect(await lookupAccount(values.email)).toBeUndefined();
      await expect(page).toHaveURL(paths.signUp);
    });
  }

  test('the captcha is a 7-character code drawn on a canvas, regenerated on demand, matched in any case', async ({ page }) => {
    const first = await readCaptcha(page);
    expect(first).toMatch(/^[A-Z0-9]{7}$/);
    await expect(page.getByText(first)).toHaveCount(0);
    await page.getByRole('button', { name: 'New code' }).click();
    const second = await readCaptcha(page);
    expect(second).toMatch(/^[A-Z0-9]{7}$/);
    expect(second).not.toBe(first);

    // The old code no longer passes; the new one typed in lower case does (the mismatch comes next).
    await fillSignUp(page, validSignUp({ captcha: first, confirmPassword: 'something-else' }));
    await submitSignUp(page);
    await expectAlert(page, { title: 'Invalid Captcha', text: 'The captcha you entered does not match.', icon: 'warning' });
    await page.getByLabel('Type the code shown above').fill(second.toLowerCase());
    await submitSignUp(page);
    await expectAlert(page, { title: 'Password Mismatch', text: 'Passwords do not match.', icon: 'warning' });
  });

  test('creates the account, sends the verification email, stores the profile, then goes to the dashboard', async ({ page }) => {
    const input = validSignUp();
    await fillSignUp(page, input);
    const form = page.getByRole('form', { name: 'Create your account' });
    await form.getByLabel('Phone call').check();
    await form.getByRole('checkbox').first().check();
    const before = new Date();
    await submitSignUp(page);
    await expectAlert(page, {
      title: 'Welcome!',
      text: 'Your Leopard Account has been successfully created! Please verify your email to fully activate your account.',
      icon: 'success',
    });
    await expect(page).toHaveURL(paths.dashboard);
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();

    const account = await lookupAccount(input.email);
    expect(account?.email).toBe(input.email);
    expect(await storedUserId(page)).toBe(account?.localId);
    expect((await oobCodesFor(input.email)).map((code) => code.requestType)).toContain('VERIFY_EMAIL');

    const record = (await readDatabase(`users/${account!.localId}`)) as Record<string, unknown>;
    expect(record).toEqual({
      firstName: input.firstName,
      lastName: input.lastName,
      email: input.email,
      phoneNumber: `+1${input.phone}`, // E.164 (src/data/phone-number.ts)
      country: 'US',
      birthDate: `${input.month}/${input.day}/${input.year}`,
      verificationMethod: 'call',
      receiveAnnouncements: true,
      receiveAppsMusicTV: false,
      emailVerified: false,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    });
    const createdAt = new Date(record.createdAt as string).getTime();
    expect(createdAt).toBeGreaterThanOrEqual(before.getTime() - 1000);
    expect(createdAt).toBeLessThanOrEqual(Date.now());
  });

  test('an email already in use shows "Error" with the provider\'s message in words and keeps the form', async ({
    page,
    consoleErrors,
  }) => {
    await fillSignUp(page, validSignUp({ email: DEMO_CUSTOMER.email }));
    await submitSignUp(page);
    await expectAlert(page, { title: 'Error', text: AUTH_ERROR_MESSAGES['auth/email-already-in-use']!, icon: 'error' });
    await expect(page).toHaveURL(paths.signUp);
    const form = page.getByRole('form', { name: 'Create your account' });
    await expect(form.getByLabel('First name')).toHaveValue('Ada');
    await expect(form.getByLabel('Email')).toHaveValue(DEMO_CUSTOMER.email);
    expectRefusedRequests(consoleErrors);
  });
});

test.describe('sign-in page', () => {
  test('at 375 px "Show password" shows what was typed, "Hide password" hides it, and signing in takes it', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto(paths.signIn);
    const form = page.getByRole('form', { name: 'Sign in' });
    const password = form.getByLabel('Password', { exact: true });
    await hydrated(password);
    await form.getByLabel('Email').fill(DEMO_CUSTOMER.email);
    await password.fill(DEMO_CUSTOMER.password);
    await expect(password).toHaveAttribute('type', 'password');
    await form.getByRole('button', { name: 'Show password', pressed: false }).click();
    await expect(password).toHaveAttribute('type', 'text');
    await expect(password).toHaveValue(DEMO_CUSTOMER.password);
    await form.getByRole('button', { name: 'Hide password', pressed: true }).click();
    await expect(password).toHaveAttribute('type', 'password');
    await form.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(paths.dashboard);
  });

  test('good credentials go to the dashboard and store the user id', async ({ page }) => {
    await signInThroughPage(page);
    await expect(page).toHaveURL(paths.dashboard);
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    expect(await storedUserId(page)).toBe(DEMO_CUSTOMER.uid);
  });

  test('a wrong password says so and stays', async ({ page, consoleErrors }) => {
    await signInThroughPage(page, { email: DEMO_CUSTOMER.email, password: 'not-the-password' });
    await expect(page.getByRole('form', { name: 'Sign in' }).getByRole('alert')).toHaveText(/password is not right/);
    await expect(page).toHaveURL(paths.signIn);
    expect(await storedUserId(page)).toBeNull();
    expectRefusedRequests(consoleErrors);
  });

  test('an unknown email says so and stays', async ({ page, consoleErrors }) => {
    await signInThroughPage(page, { email: uniqueEmail('nobody'), password: 'whatever-it-is' });
    await expect(page.getByRole('form', { name: 'Sign in' }).getByRole('alert')).toHaveText(
      /no account with that email|email or password is not right/,
    );
    await expect(page).toHaveURL(paths.signIn);
    expectRefusedRequests(consoleErrors);
  });

  test('links to the sign-up page', async ({ page }) => {
    await page.goto(paths.signIn);
    await expect(page.getByRole('form', { name: 'Sign in' }).getByRole('link', { name: 'Create an account' })).toHaveAttribute(
      'href',
      paths.signUp,
    );
  });

  test('"Forgot password?" sends the reset email without revealing whether the account exists', async ({ page, consoleErrors }) => {
    const email = uniqueEmail('reset');
    await createAccount(email, 'first-password');
    const unknown = uniqueEmail('unknown');
    await page.goto(paths.signIn);
    const form = page.getByRole('form', { name: 'Sign in' });

    await form.getByRole('button', { name: 'Forgot password?' }).click();
    await expect(form.getByRole('alert')).toHaveText(/Enter your email above/);

    await form.getByLabel('Email').fill(email);
    await form.getByRole('button', { name: 'Forgot password?' }).click();
    await expect(form.getByRole('alert')).toHaveText(
      `If an account exists for ${email}, we have sent it a link to reset the password. Check your inbox.`,
    );
    await expect.poll(async () => (await oobCodesFor(email)).map((code) => code.requestType)).toContain('PASSWORD_RESET');

    await form.getByLabel('Email').fill(unknown);
    await form.getByRole('button', { name: 'Forgot password?' }).click();
    await expect(form.getByRole('alert')).toHaveText(
      `If an account exists for ${unknown}, we have sent it a link to reset the password. Check your inbox.`,
    );
    // With email enumeration protection on, Auth accepts the unknown address silently and sends nothing.
    expect(await oobCodesFor(unknown)).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });
});

test.describe('session guard and sign-out', () => {
  const GUARDED = [paths.dashboard, paths.profileSettings, paths.orderHistory, paths.paymentMethods, paths.devPanel];

  for (const path of GUARDED) {
    test(`${path} for a visitor: the sign-in page at once, "Sign in to continue", no "Inactive Session"`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL(`${paths.signIn}?next=${encodeURIComponent(path)}`);
      await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
      await expect(page.getByText('Sign in to continue.')).toBeVisible();
      await expect(alertDialog(page)).toHaveCount(0);
    });
  }

  test('a session that ended (the stored user id names someone Auth does not know): "Inactive Session", then the sign-in page', async ({
    page,
  }) => {
    await page.addInitScript((key) => localStorage.setItem(key, 'ended-session'), STORED_USER_ID_KEY);
    await page.goto(paths.orderHistory);
    await expectAlert(page, { title: 'Inactive Session', text: 'Your session has expired, login please', icon: 'error' });
    await expect(page).toHaveURL(`${paths.signIn}?next=${encodeURIComponent(paths.orderHistory)}`);
  });

  test('/store is open to visitors: no dialog', async ({ page }) => {
    await page.goto(paths.store);
    await expect(page.getByRole('heading', { level: 1, name: 'Store' })).toBeVisible();
    await page.waitForTimeout(500); // the auth state has arrived by now; nothing may pop up
    await expect(alertDialog(page)).toHaveCount(0);
  });

  test('after signing in the person comes back to the guarded page', async ({ page }) => {
    await page.goto(`${paths.orderHistory}?from=test`);
    await expect(page).toHaveURL(`${paths.signIn}?next=${encodeURIComponent(`${paths.orderHistory}?from=test`)}`);
    await signInThroughPage(page);
    await expect(page).toHaveURL(`${paths.orderHistory}?from=test`);
    await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
  });

  test('a next address off the site is ignored', async ({ page }) => {
    await signInThroughPage(page, DEMO_CUSTOMER, `${paths.signIn}?next=${encodeURIComponent('//evil.example.com/x')}`);
    await expect(page).toHaveURL(paths.dashboard);
  });

  for (const next of ['/\t/evil.example.com', '/\n/evil.example.com', '/ /evil.example.com', '/\\evil.example.com']) {
    test(`a next address a browser would rewrite to another host (${JSON.stringify(next)}) is ignored, without an error page`, async ({
      page,
    }) => {
      await signInThroughPage(page, DEMO_CUSTOMER, `${paths.signIn}?next=${encodeURIComponent(next)}`);
      await expect(page).toHaveURL(paths.dashboard);
      await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
      // Signed in already: the sign-in page itself forwards, and must not crash on the same address.
      await page.goto(`${paths.signIn}?next=${encodeURIComponent(next)}`);
      await expect(page).toHaveURL(paths.dashboard);
      await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    });
  }

  test('signed in, the customer pages show without a dialog', async ({ page }) => {
    await signInThroughPage(page);
    await expect(page).toHaveURL(paths.dashboard);
    await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Dev Panel' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Dev Panel' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Dev Panel' })).toBeVisible();
    await expect(alertDialog(page)).toHaveCount(0);
  });

  test('Sign out, the last menu entry, ends the session, removes the stored id and goes to /sign-in', async ({ page }) => {
    await signInThroughPage(page);
    await expect(page).toHaveURL(paths.dashboard);
    expect(await storedUserId(page)).toBe(DEMO_CUSTOMER.uid);
    const menu = page.getByRole('navigation', { name: 'Account' });
    await expect(menu.getByRole('listitem').last()).toHaveText('Sign out');
    await menu.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(paths.signIn);
    expect(await storedUserId(page)).toBeNull();
    await expect(alertDialog(page)).toHaveCount(0);
    // Signed out by choice: a visitor now, asked to sign in, not told a session expired.
    await page.goto(paths.dashboard);
    await expect(page).toHaveURL(`${paths.signIn}?next=${encodeURIComponent(paths.dashboard)}`);
    await expect(page.getByText('Sign in to continue.')).toBeVisible();
    await expect(alertDialog(page)).toHaveCount(0);
  });
});

// `?next=` whose dot segments resolve to "//evil.test/", which the browser's history reads as
// another host: the router refused to go there and the page showed "Something went wrong", or the
// person stayed on the form (docs/decisions/0009-sign-in-and-return-to.md#addendum-2026-11-29-dot-segments-and-encoded-slashes).
test.describe('a next address that resolves to another host through dot segments', () => {
  /** Exactly the query of the report: `/sign-in?next=%2F..%2F%2Fevil.test%2F`. */
  const DOT_SEGMENTS = 'next=%2F..%2F%2Fevil.test%2F';
  const VARIANTS = ['/.//evil.test', '/%2e%2e//evil.test/', '/%2E%2E//evil.test/', '//127.0.0.2:9', '/%2F/evil.test'];

  const expectDashboard = async (page: Page) => {
    await expect(page).toHaveURL(paths.dashboard);
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await expect(page.getByText('Something went wrong')).toHaveCount(0);
  };

  test('signing in goes to the dashboard; signed in, the sign-in, sign-up and complete-profile pages forward there too', async ({
    page,
  }) => {
    await signInThroughPage(page, DEMO_CUSTOMER, `${paths.signIn}?${DOT_SEGMENTS}`);
    await expectDashboard(page);
    for (const address of [paths.signIn, paths.signUp, paths.completeProfile]) {
      await page.goto(`${address}?${DOT_SEGMENTS}`);
      await expectDashboard(page);
    }
    for (const next of VARIANTS) {
      await page.goto(`${paths.signIn}?next=${encodeURIComponent(next)}`);
      await expectDashboard(page);
    }
  });

  test('signing up goes to the dashboard', async ({ page }) => {
    await page.goto(`${paths.signUp}?${DOT_SEGMENTS}`);
    const input = validSignUp();
    await fillSignUp(page, input);
    await submitSignUp(page);
    await expectAlert(page, { title: 'Welcome!', text: /successfully created/, icon: 'success' });
    await expectDashboard(page);
  });

  test('completing a profile goes to the dashboard', async ({ page }) => {
    const email = uniqueEmail('half-next');
    const uid = await createAccount(email, 'half-made-1', { profile: false });
    await signInThroughPage(page, { email, password: 'half-made-1' });
    await expect(page).toHaveURL(new RegExp(`^[^?]*${paths.completeProfile}`));
    await page.goto(`${paths.completeProfile}?${DOT_SEGMENTS}`);
    const form = page.getByRole('form', { name: 'Complete your profile' });
    for (const [label, value] of [
      ['First name', 'Grace'],
      ['Last name', 'Hopper'],
      ['Phone number', '6195550188'],
    ])
      await form.getByLabel(label).fill(value);
    for (const [label, option] of [
      ['Month', 'December'],
      ['Day', '9'],
      ['Year', '1985'],
    ])
      await form.getByLabel(label).selectOption(option);
    await form.getByRole('button', { name: 'Save and continue' }).click();
    await expectDashboard(page);
    expect(await readDatabase(`users/${uid}`)).toMatchObject({ firstName: 'Grace', email });
  });
});

test('Firebase Auth loads only where it is needed', async ({ page }) => {
  const requests: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  const authTraffic = () => requests.filter((url) => /auth-api|identitytoolkit|securetoken/.test(url));

  await page.goto(paths.home);
  await page.getByRole('link', { name: 'Company' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'About us' })).toBeVisible();
  expect(authTraffic()).toEqual([]);

  // The auth pages load it on the first attempt, not with the page.
  await page.goto(paths.signIn);
  await expect(page.getByRole('form', { name: 'Sign in' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(authTraffic()).toEqual([]);
  await signInThroughPage(page);
  await expect(page).toHaveURL(paths.dashboard);
  expect(authTraffic().some((url) => url.includes('auth-api'))).toBe(true);
});
