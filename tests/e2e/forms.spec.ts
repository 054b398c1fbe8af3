/**
 * The contact, waitlist and Space pre-order forms on the local stack: every submission goes to the
 * `submitForm` function, which stores it in the database (read here with admin access) and sends
 * its one mail through the EmailJS stand-in (emulators/emailjs, read through its /__received
 * endpoint) with the private key; the form thanks the person. Failures keep what was typed. The
 * attacks of docs/decisions/0111-submissions-through-the-server.md: no mail without the private
 * key, no mail key in the build. The last block checks the stand-in itself against EmailJS's API.
 */
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { getApps, initializeApp } from 'firebase-admin/app';
import { getDatabase } from 'firebase-admin/database';
import type { Page } from '@playwright/test';
import type { ReceivedMail } from '@leopard/emailjs-stand-in';
import {
  DATABASE_URL,
  EMAILJS_SERVER_MAIL,
  EMAILJS_URL,
  FORMS_FUNCTION_PARAMS,
  HOST,
  LOCAL_STACK,
  PORTS,
  PROJECT_ID,
} from '../../emulators/local-config';
import { emulatorsBuildFolder } from '../../emulators/stack-files';
import { SUBMISSION_QUOTA, TEXT_LIMITS } from '../../src/config/data-limits';
import { SERVER_WAIT_MS } from '../../src/config/layout';
import { paths } from '../../src/config/paths';
import { submissionIndexFields } from '../../src/data/submission-index-fields';
import { DEMO_CUSTOMER } from '../../emulators/seed';
import { dismissAlert } from './auth.testing';
import { FUNCTION_CALL_TIMEOUT_MS, expect, test } from './fixtures.testing';
import { openSignedIn } from './stored-session.testing';
import { clearSubmissionLimits } from './submission-limits.testing';

/** What every mail of the functions carries: the server template and the private key. */
const SERVER_MAIL = {
  endpoint: 'send',
  service_id: EMAILJS_SERVER_MAIL.EMAILJS_SERVICE_ID,
  template_id: EMAILJS_SERVER_MAIL.EMAILJS_TEMPLATE_ID,
  user_id: EMAILJS_SERVER_MAIL.EMAILJS_PUBLIC_KEY,
  withPrivateKey: true,
};
const INBOX = FORMS_FUNCTION_PARAMS.CONTACT_INBOX_EMAIL;

// Every browser here is 127.0.0.1: each test starts from a clean count of the address.
test.beforeEach(async () => {
  await clearSubmissionLimits();
});

process.env.FIREBASE_DATABASE_EMULATOR_HOST ??= `${HOST}:${PORTS.database}`;
const adminApp =
  getApps().find((app) => app.name === 'forms-spec') ?? initializeApp({ projectId: PROJECT_ID, databaseURL: DATABASE_URL }, 'forms-spec');
const admin = getDatabase(adminApp);

type Kind = 'contact' | 'waitlist' | 'preorder';

/** Stored records of one kind whose fields contain `token` (each test uses its own). */
async function storedWith(kind: Kind, token: string): Promise<Record<string, unknown>[]> {
  const all = ((await admin.ref(`submissions/${kind}`).get()).val() ?? {}) as Record<string, Record<string, unknown>>;
  return Object.values(all).filter((record) => JSON.stringify(record).includes(token));
}

async function mailedWith(token: string): Promise<ReceivedMail[]> {
  const all = (await (await fetch(`${EMAILJS_URL}/__received`)).json()) as ReceivedMail[];
  return all.filter((mail) => JSON.stringify(mail.params).includes(token));
}

/** A record as submitForm stores it: what was sent, in its first state with its list keys. */
const asStored = (kind: Kind, record: Record<string, unknown>) => ({ ...record, ...submissionIndexFields(kind, record) });

const uniqueEmail = () => `person-${randomUUID()}@example.com`;

async function fillContact(page: Page, values: { name: string; email: string; phone: string; city: string; message: string }) {
  await page.getByLabel('Full name', { exact: true }).fill(values.name);
  await page.getByLabel('Email', { exact: true }).fill(values.email);
  await page.getByLabel('Phone number', { exact: true }).fill(values.phone);
  await page.getByLabel('City', { exact: true }).fill(values.city);
  await page.getByLabel('Message', { exact: true }).fill(values.message);
}

async function expectThankYou(page: Page, text: string | RegExp) {
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(text, { timeout: FUNCTION_CALL_TIMEOUT_MS });
  await dismissAlert(page);
}

/** The page logged these errors on purpose (e.g. the browser's line about a 429 answer): take
 *  them out of the list the fixture checks, and fail if one is missing. */
function expectConsoleErrors(consoleErrors: string[], patterns: RegExp[]) {
  for (const pattern of patterns) {
    const index = consoleErrors.findIndex((message) => pattern.test(message));
    expect(index, `a console error matching ${pattern}`).toBeGreaterThanOrEqual(0);
    consoleErrors.splice(index, 1);
  }
}

test.describe('contact form', () => {
  for (const path of [paths.contact, paths.support]) {
    test(`on ${path}: stored, mailed once to Leopard's inbox and its copy to the sender, thanked, reset`, async ({ page }) => {
      const values = {
        name: 'Ada Lovelace',
        email: uniqueEmail(),
        phone: '+1 (619) 555-0100',
        city: 'San Diego',
        message: 'We need a mobile app.\nCan we talk?',
      };
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: 'Contact us' })).toBeVisible();
      await expect(page.getByPlaceholder('Full Name')).toHaveAttribute('name', 'name');
      await expect(page.getByPlaceholder('Contact Email')).toHaveAttribute('type', 'email');
      await expect(page.getByPlaceholder('Contact Number')).toHaveAttribute('type', 'tel');
      await fillContact(page, values);
      await page.getByRole('button', { name: 'Send message' }).click();

      await expectThankYou(page, 'Thank you for your submission');
      for (const field of ['Full name', 'Email', 'Phone number', 'City', 'Message'])
        await expect(page.getByLabel(field, { exact: true })).toHaveValue('');

      const [record, ...more] = await storedWith('contact', values.email);
      expect(more).toEqual([]);
      expect(record).toEqual(asStored('contact', { ...values, page: path, createdAt: expect.any(Number) }));
      expect(Math.abs((record!.createdAt as number) - Date.now())).toBeLessThan(60_000);

      await expect.poll(async () => (await mailedWith(values.email)).length).toBe(2);
      // The two go out at once, in either order.
      const mails = await mailedWith(values.email);
      const mail = mails.find((sent) => sent.params.to_email === INBOX);
      const copy = mails.find((sent) => sent.params.to_email === values.email);
      expect(mail).toEqual(
        expect.objectContaining({
          ...SERVER_MAIL,
          params: expect.objectContaining({ reply_to: values.email, subject: `Inquiry from ${values.name}` }),
        }),
      );
      expect(copy).toEqual(
        expect.objectContaining({ ...SERVER_MAIL, params: expect.objectContaining({ subject: 'We received your message' }) }),
      );
      for (const value of Object.values(values)) expect(mail!.params.message_text).toContain(value);
      expect(copy!.params.message_text).toContain(values.message);
    });
  }

  test('shows the contact details, the social handles and the support mail link', async ({ page }) => {
    await page.goto(paths.contact);
    const details = page.getByRole('complementary', { name: 'Reach us directly' });
    await expect(details).toContainText('San Diego');
    await expect(details.getByRole('link', { name: /^support@/ })).toHaveAttribute('href', /^mailto:support@/);
    await expect(details.getByRole('link', { name: /^@leopard\.software/ })).toHaveAttribute('href', /instagram\.com\/leopard\.software/);
    await expect(details.getByRole('link', { name: /^@leopard\.space/ })).toBeVisible();
    await expect(details.getByRole('link', { name: /LinkedIn/ })).toBeVisible();
  });

  test('a double click sends once', async ({ page }) => {
    const email = uniqueEmail();
    await page.goto(paths.contact);
    await fillContact(page, { name: 'Grace Hopper', email, phone: '6195550101', city: 'Arlington', message: 'Once, please.' });
    await page.getByRole('button', { name: 'Send message' }).dblclick();
    await expectThankYou(page, 'Thank you for your submission');
    // One inquiry: its mail to the inbox and its copy to the sender.
    await expect.poll(() => mailedWith(email)).toHaveLength(2);
    expect(await storedWith('contact', email)).toHaveLength(1);
  });

  test('markup in the message is stored and mailed as text, never run', async ({ page }) => {
    const email = uniqueEmail();
    const message = `<img src=x onerror="window.__injected=1"><script>window.__injected=2</script><b>bold?</b>`;
    await page.goto(paths.contact);
    await fillContact(page, { name: 'Bobby Tables', email, phone: '6195550102', city: 'San Diego', message });
    await page.getByRole('button', { name: 'Send message' }).click();
    await expectThankYou(page, 'Thank you for your submission');
    expect(await page.evaluate(() => (window as { __injected?: number }).__injected)).toBeUndefined();
    expect((await storedWith('contact', email))[0]).toMatchObject({ message });
    await expect.poll(async () => String((await mailedWith(email))[0]?.params.message_text)).toContain(message);
    await expect.poll(async () => (await mailedWith(email)).length).toBe(2);
    for (const mail of await mailedWith(email)) {
      const html = String(mail.params.message_html);
      expect(html).not.toContain('<script>');
      expect(html).toContain('&lt;script&gt;');
    }
  });
});

test('a signed-in person finds their name and email filled in on the contact, waitlist and pre-order forms, and can change them', async ({
  page,
}) => {
  await openSignedIn(page, DEMO_CUSTOMER, paths.dashboard);
  for (const path of [paths.contact, paths.waitlist, paths.preorder]) {
    await page.goto(path);
    await expect(page.getByLabel('Full name', { exact: true })).toHaveValue(`${DEMO_CUSTOMER.firstName} ${DEMO_CUSTOMER.lastName}`);
    await expect(page.getByLabel('Email', { exact: true })).toHaveValue(DEMO_CUSTOMER.email);
  }
  await page.getByLabel('Full name', { exact: true }).fill('Dana R.');
  await expect(page.getByLabel('Full name', { exact: true })).toHaveValue('Dana R.');
});

test.describe('waitlist and pre-order forms', () => {
  const cases = [
    {
      kind: 'waitlist',
      path: paths.waitlist,
      page: paths.waitlist,
      h1: 'Open-access research program',
      button: 'Get Started',
      thanks: 'Thank you for your submission, check your email for further instructions.',
      given: { programme: 'open-access' },
    },
    {
      kind: 'waitlist',
      path: paths.openAccessProgram,
      page: paths.openAccessProgram,
      h1: 'Open-access research program',
      button: 'Get Started',
      thanks: 'Thank you for your submission, check your email for further instructions.',
      given: { programme: 'open-access' },
    },
    {
      // The enterprise page's link: the same form, on the builder's list.
      kind: 'waitlist',
      path: paths.builderWaitlist,
      page: paths.waitlist,
      h1: 'Enterprise builder waitlist',
      button: 'Get Started',
      thanks: 'Thank you for your submission, check your email for further instructions.',
      given: { programme: 'builder' },
    },
    {
      kind: 'preorder',
      path: paths.preorder,
      page: paths.preorder,
      h1: 'Pre-order Space',
      button: 'Pre-order Space',
      thanks: /Thank you for joining .* Space! Check your email for further instructions\./,
      given: {},
    },
  ] as const;

  for (const c of cases) {
    test(`on ${c.path}: stored, one confirmation mailed to the address typed, thanked with "check your email", reset`, async ({ page }) => {
      const values = { full__name: 'Katherine Johnson', email: uniqueEmail() };
      await page.goto(c.path);
      await expect(page.getByRole('heading', { level: 1, name: c.h1 })).toBeVisible();
      await expect(page.getByLabel('Email', { exact: true })).toHaveAttribute('type', 'email');
      await page.getByLabel('Full name', { exact: true }).fill(values.full__name);
      await page.getByLabel('Email', { exact: true }).fill(values.email);
      await page.getByRole('button', { name: c.button }).click();

      await expectThankYou(page, c.thanks);
      await expect(page.getByLabel('Full name', { exact: true })).toHaveValue('');
      await expect(page.getByLabel('Email', { exact: true })).toHaveValue('');

      expect(await storedWith(c.kind, values.email)).toEqual([
        asStored(c.kind, { ...values, ...c.given, page: c.page, createdAt: expect.any(Number) }),
      ]);
      await expect
        .poll(() => mailedWith(values.email))
        .toEqual([expect.objectContaining({ ...SERVER_MAIL, params: expect.objectContaining({ to_email: values.email }) })]);
      // Nothing the visitor typed goes into a mail to the address they typed.
      expect(JSON.stringify((await mailedWith(values.email))[0]!.params)).not.toContain(values.full__name);
    });
  }
});

test.describe('failures', () => {
  test('the mail fails after the record is stored: the person is thanked without "check your email", the failure logged', async ({
    page,
  }) => {
    const values = { full__name: 'Mae Jemison', email: uniqueEmail() };
    const control = await fetch(`${EMAILJS_URL}/__control`, {
      method: 'POST',
      body: JSON.stringify({ status: 500, match: { to_email: values.email } }),
    });
    expect(control.status).toBe(200);
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text());
    });

    await page.goto(paths.preorder);
    await page.getByLabel('Full name', { exact: true }).fill(values.full__name);
    await page.getByLabel('Email', { exact: true }).fill(values.email);
    await page.getByRole('button', { name: 'Pre-order Space' }).click();

    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText(/Thank you for joining .* Space!/, { timeout: FUNCTION_CALL_TIMEOUT_MS });
    await expect(dialog).not.toContainText(/check your email/i);
    await dismissAlert(page);
    await expect(page.getByLabel('Email', { exact: true })).toHaveValue('');
    expect(await storedWith('preorder', values.email)).toHaveLength(1);
    await expect.poll(() => warnings.some((text) => text.includes('Failed, refresh your page and try again...'))).toBe(true);
    expect(await mailedWith(values.email)).toEqual([]);
  });

  test('a fourth join with one address in a day: stored, not mailed, and nobody is told to check their email', async ({ page }) => {
    const email = uniqueEmail();
    const join = async (path: string, button: string) => {
      await page.goto(path);
      await page.getByLabel('Full name', { exact: true }).fill('Someone Else');
      await page.getByLabel('Email', { exact: true }).fill(email);
      await page.getByRole('button', { name: button }).click();
      const dialog = page.getByRole('dialog');
      await expect(dialog).toBeVisible({ timeout: FUNCTION_CALL_TIMEOUT_MS });
      const text = (await dialog.textContent()) ?? '';
      await dismissAlert(page);
      return /check your email/i.test(text);
    };
    const told = [
      await join(paths.waitlist, 'Get Started'),
      await join(paths.builderWaitlist, 'Get Started'),
      await join(paths.preorder, 'Pre-order Space'),
      await join(paths.preorder, 'Pre-order Space'),
    ];
    expect(told).toEqual([true, true, true, false]);
    expect([...(await storedWith('waitlist', email)), ...(await storedWith('preorder', email))]).toHaveLength(4);
    await expect.poll(async () => (await mailedWith(email)).length).toBe(3);
  });

  test('the server cannot be reached: after a bounded wait the form says so and keeps what was typed', async ({ page }) => {
    test.setTimeout(45_000);
    // The request to the function never gets an answer.
    await page.route('**/submitForm', () => {});
    await page.clock.install();
    const values = { name: 'Hedy Lamarr', email: uniqueEmail(), phone: '6195550103', city: 'Vienna', message: 'Offline?' };
    await page.goto(paths.contact);
    await fillContact(page, values);
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByRole('button', { name: 'Sending…' })).toBeDisabled();
    // The wait is jumped over (the page's clock is Playwright's).
    await page.clock.fastForward(SERVER_WAIT_MS);

    const error = page.getByRole('alert').filter({ hasText: 'We could not reach our servers' });
    await expect(error).toBeVisible();
    await expect(error).toContainText('everything you typed is still here');
    await expect(error.getByRole('button', { name: 'Try again' })).toBeEnabled();
    await expect(page.getByLabel('Full name', { exact: true })).toHaveValue(values.name);
    await expect(page.getByLabel('Message', { exact: true })).toHaveValue(values.message);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    expect(await storedWith('contact', values.email)).toEqual([]);
    expect(await mailedWith(values.email)).toEqual([]);
  });
});

test.describe('spam limits', () => {
  test(`one visitor's ${SUBMISSION_QUOTA.max + 1}th message within the hour is held: the form says how long to wait and keeps it`, async ({
    page,
    consoleErrors,
  }) => {
    test.setTimeout(60_000);
    const token = `burst-${randomUUID()}`;
    const values = (n: number) => ({
      name: 'Grace Hopper',
      email: uniqueEmail(),
      phone: '6195550105',
      city: token,
      message: `Message ${n} ${token}`,
    });
    await page.goto(paths.contact);
    for (let n = 1; n <= SUBMISSION_QUOTA.max; n++) {
      await fillContact(page, values(n));
      await page.getByRole('button', { name: 'Send message' }).click();
      await expectThankYou(page, 'Thank you for your submission');
    }

    const held = values(SUBMISSION_QUOTA.max + 1);
    await fillContact(page, held);
    await page.getByRole('button', { name: 'Send message' }).click();
    const error = page.getByRole('alert').filter({ hasText: 'Please wait a little before sending again' });
    await expect(error).toBeVisible();
    await expect(error).toContainText(
      /Please try again in (59|60) minutes\. Nothing was sent yet, and everything you typed is still here\./,
    );
    await expect(error.getByRole('button', { name: 'Try again' })).toHaveCount(0);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByLabel('Message', { exact: true })).toHaveValue(held.message);
    await expect(page.getByLabel('Email', { exact: true })).toHaveValue(held.email);

    expect(await storedWith('contact', token)).toHaveLength(SUBMISSION_QUOTA.max);
    expect(await mailedWith(held.email)).toEqual([]);
    // The browser's own line about the function's 429 answer.
    expectConsoleErrors(consoleErrors, [/status of 429/]);

    // Another visitor (another browser) is not held back by this one.
    const other = await page.context().browser()!.newPage();
    await other.goto(paths.contact);
    await fillContact(other, values(99));
    await other.getByRole('button', { name: 'Send message' }).click();
    await expectThankYou(other, 'Thank you for your submission');
    await other.close();
    expect(await storedWith('contact', token)).toHaveLength(SUBMISSION_QUOTA.max + 1);
  });
});

test.describe('bad input is refused before anything is sent', () => {
  test('contact form: each field says what is wrong, and nothing is stored or mailed', async ({ page }) => {
    const token = `token-${randomUUID()}`;
    const good = { name: 'Ada Lovelace', email: uniqueEmail(), phone: '6195550104', city: token, message: `Hello ${token}` };
    await page.goto(paths.contact);
    const send = page.getByRole('button', { name: 'Send message' });

    // Everything empty: every field has its message; the first gets focus.
    await send.click();
    for (const [label, message] of [
      ['Full name', 'Enter your full name.'],
      ['Email', 'Enter your email.'],
      ['Phone number', 'Enter your phone number.'],
      ['City', 'Enter your city.'],
      ['Message', 'Enter your message.'],
    ] as const) {
      const field = page.getByLabel(label, { exact: true });
      await expect(field).toHaveAttribute('aria-invalid', 'true');
      await expect(field).toHaveAccessibleDescription(new RegExp(message.replace('.', '\\.')));
      await expect(page.getByRole('alert').filter({ hasText: message })).toBeVisible();
    }
    await expect(page.getByLabel('Full name', { exact: true })).toBeFocused();

    const badCases: [string, Partial<typeof good>, string][] = [
      ['Email', { email: 'not-an-email' }, 'Enter an email address like name@example.com.'],
      ['Email', { email: 'two@@example.com' }, 'Enter an email address like name@example.com.'],
      ['Phone number', { phone: 'call me' }, 'Enter a phone number using digits'],
      ['Phone number', { phone: '123' }, `Enter a phone number of ${TEXT_LIMITS.phoneMin} to ${TEXT_LIMITS.phone} characters.`],
      ['Message', { message: `${token} ${'x'.repeat(10_000)}` }, `Message can be at most 5,000 characters`],
      ['Full name', { name: '<script>window.__injected=1</script>' }, "Full name can't contain < or >."],
      ['Full name', { name: 'n'.repeat(TEXT_LIMITS.fullName + 1) }, 'Full name can be at most 100 characters (it has 101).'],
    ];
    for (const [label, change, message] of badCases) {
      await fillContact(page, { ...good, ...change });
      await send.click();
      await expect(page.getByRole('alert').filter({ hasText: message })).toBeVisible();
      await expect(page.getByLabel(label, { exact: true })).toHaveAttribute('aria-invalid', 'true');
      await expect(page.getByLabel(label, { exact: true })).toBeFocused();
    }
    // The markup was shown back as typed, as text.
    await expect(page.getByLabel('Full name', { exact: true })).toHaveValue('n'.repeat(TEXT_LIMITS.fullName + 1));
    expect(await page.evaluate(() => (window as { __injected?: number }).__injected)).toBeUndefined();

    await page.waitForTimeout(500);
    expect(await storedWith('contact', token)).toEqual([]);
    expect(await mailedWith(token)).toEqual([]);
  });

  test('waitlist form: empty and malformed fields are refused, then a fix goes through', async ({ page }) => {
    const email = uniqueEmail();
    await page.goto(paths.waitlist);
    const start = page.getByRole('button', { name: 'Get Started' });
    await start.click();
    await expect(page.getByRole('alert').filter({ hasText: 'Enter your full name.' })).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: 'Enter your email.' })).toBeVisible();

    await page.getByLabel('Full name', { exact: true }).fill('   ');
    await page.getByLabel('Email', { exact: true }).fill(email.replace('@', ' at '));
    await start.click();
    await expect(page.getByRole('alert').filter({ hasText: 'Enter your full name.' })).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: 'Enter an email address like name@example.com.' })).toBeVisible();
    await page.waitForTimeout(500);
    expect(await storedWith('waitlist', email.split('@')[0]!)).toEqual([]);

    // Messages go away as the fields are fixed, and the fixed form is sent.
    await page.getByLabel('Full name', { exact: true }).fill('  Dorothy Vaughan ');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await expect(page.getByRole('alert')).toHaveCount(0);
    await start.click();
    await expectThankYou(page, 'Thank you for your submission, check your email for further instructions.');
    expect(await storedWith('waitlist', email)).toEqual([
      asStored('waitlist', {
        full__name: 'Dorothy Vaughan',
        email,
        programme: 'open-access',
        page: paths.waitlist,
        createdAt: expect.any(Number),
      }),
    ]);
  });
});

test.describe('nobody but the functions can send mail', () => {
  test('a direct send to the mail service with the public key alone, as the browser once sent, is refused', async () => {
    const send = await fetch(`${EMAILJS_URL}/api/v1.0/email/send`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        service_id: EMAILJS_SERVER_MAIL.EMAILJS_SERVICE_ID,
        template_id: EMAILJS_SERVER_MAIL.EMAILJS_TEMPLATE_ID,
        user_id: EMAILJS_SERVER_MAIL.EMAILJS_PUBLIC_KEY,
        template_params: {
          to_email: 'victim@example.com',
          subject: 'Your account',
          message_html: '<a href="https://evil.example">Log in</a>',
        },
      }),
    });
    expect(send.status).toBe(403);
    const form = new FormData();
    for (const [name, value] of Object.entries({
      service_id: 'demo-service',
      template_id: 'demo-contact-template',
      user_id: 'demo-public-key',
    })) {
      form.append(name, value);
    }
    expect((await fetch(`${EMAILJS_URL}/api/v1.0/email/send-form`, { method: 'POST', body: form })).status).toBe(403);
    expect(await mailedWith('victim@example.com')).toEqual([]);
  });

  test('no file of the build holds a mail key, the mail service’s address or its SDK', () => {
    const dist = emulatorsBuildFolder(LOCAL_STACK.offset);
    const files = readdirSync(dist, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => join(entry.parentPath, entry.name));
    expect(files.length).toBeGreaterThan(10);
    const forbidden = [
      'api.emailjs.com',
      '/api/v1.0/email/',
      EMAILJS_URL,
      EMAILJS_SERVER_MAIL.EMAILJS_PUBLIC_KEY,
      'demo-contact-template',
      'VITE_EMAILJS',
      '@emailjs/browser',
      'emailjs_private',
    ];
    const found = files.flatMap((file) => {
      const text = readFileSync(file, 'latin1');
      return forbidden.filter((needle) => text.includes(needle)).map((needle) => `${file.slice(dist.length)}: ${needle}`);
    });
    expect(found).toEqual([]);
  });
});
