// submitForm over real HTTP against the database emulator, firebase-tools' Auth emulator (real
// anonymous visitors, real ID tokens) and the EmailJS stand-in configured as the stack configures
// it (the private key required). Each test is an attack on the limits or the mail, next to the
// honest path (docs/decisions/0111-submissions-through-the-server.md).
import { getAuth } from 'firebase-admin/auth';
import type { Database } from 'firebase-admin/database';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { start as startEmailJs, type RunningEmailJs } from '@leopard/emailjs-stand-in';
import { MAILS_PER_RECIPIENT, SUBMISSIONS_PER_ADDRESS, SUBMISSION_QUOTA } from '../../../src/config/data-limits';
import { CONTACT_COPY_SUBJECT, type MailSettings } from '../mail';
import { RATE_LIMITS_PATH } from '../http/rate-limit';
import { identityToolkit } from '../testing/auth-emulator.testing';
import { startDatabaseApp, type DatabaseApp } from '../testing/emulators.testing';
import { post, testServers, type JsonAnswer } from '../http/http.testing';
import { sharedAuthEmulator, type SharedAuth } from '../testing/shared-auth.testing';
import { APP_CHECK_HEADER, handleSubmitForm, SUBMIT_FORM_MESSAGES, type SubmitFormDependencies } from './handler';

const SITE = 'http://127.0.0.1:4173';
const PRIVATE_KEY = 'emailjs_private_submit_test';
const INBOX = 'team@leopard.test';

let authEmulator: SharedAuth;
let backend: DatabaseApp;
let db: Database;
let emailjs: RunningEmailJs;
let url: string;
let mail: MailSettings;
const servers = testServers();
const deps = {} as SubmitFormDependencies;

beforeAll(async () => {
  authEmulator = sharedAuthEmulator();
  backend = await startDatabaseApp('submit-form', authEmulator.projectId);
  db = backend.database;
  emailjs = await startEmailJs({ port: 0, quiet: true, privateKey: PRIVATE_KEY, requirePrivateKey: true });
  mail = {
    privateKey: PRIVATE_KEY,
    publicKey: 'public-key',
    serviceId: 'service',
    templateId: 'template',
    apiUrl: emailjs.url,
    siteUrl: SITE,
  };
  url = await servers.serve('submitForm', (request, response) => handleSubmitForm(request, response, deps));
}, 120_000);

afterAll(async () => {
  await servers.closeAll();
  await backend?.close();
  await emailjs?.stop();
}, 30_000);

beforeEach(async () => {
  Object.assign(deps, {
    auth: getAuth(backend.app),
    appCheck: null,
    database: db,
    mail,
    contactInbox: INBOX,
    siteOrigins: [SITE],
    now: undefined,
  });
  emailjs.reset();
  await backend.reset();
});

/** A new anonymous visitor, as the forms make one (accounts:signUp without an email). */
async function visitor(): Promise<string> {
  return (await identityToolkit(authEmulator.url, 'signUp', { returnSecureToken: true })).idToken as string;
}

const CONTACT = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  phone: '+1 619 555 0100',
  city: 'San Diego',
  message: 'Hello <b>there</b>',
};
const JOIN = { full__name: 'Katherine Johnson', email: 'kj@example.com' };

function submit(token: string | null, body: unknown, headers: Record<string, string> = {}): Promise<JsonAnswer> {
  return post(url, body, { ...(token ? { Authorization: `Bearer ${token}` } : {}), ...headers });
}

async function stored(kind: string): Promise<Record<string, unknown>[]> {
  return Object.values(((await db.ref(`submissions/${kind}`).get()).val() ?? {}) as Record<string, Record<string, unknown>>);
}

describe('the honest path', () => {
  it('an inquiry: stored as the forms stored it, with the server time, mailed once to the inbox with a reply to the sender, and its copy to the sender', async () => {
    const before = Date.now();
    const answer = await submit(await visitor(), { kind: 'contact', fields: CONTACT, page: '/support' });
    expect(answer).toEqual({ status: 201, json: { statusCode: 201, data: { id: expect.any(String), mailed: true } } });
    const [record, ...more] = await stored('contact');
    expect(more).toEqual([]);
    expect(record).toEqual({
      ...CONTACT,
      page: '/support',
      createdAt: expect.any(Number),
      status: 'new',
      g: 'contact',
      gs: 'contact|new',
      ge: 'contact|ada@example.com',
      gn: 'contact|ada lovelace',
      gse: 'contact|new|ada@example.com',
      gsn: 'contact|new|ada lovelace',
    });
    expect(record!.createdAt).toBeGreaterThanOrEqual(before - 1000);
    const data = answer.json.data as { id: string };
    expect(Object.keys(((await db.ref('submissions/contact').get()).val() ?? {}) as object)).toEqual([data.id]);

    // The two go out at once, in either order.
    expect(emailjs.received()).toHaveLength(2);
    const mailed = emailjs.received().find((m) => m.params.to_email === INBOX);
    const copy = emailjs.received().find((m) => m.params.to_email === CONTACT.email);
    expect(mailed).toMatchObject({
      withPrivateKey: true,
      params: { to_email: INBOX, reply_to: CONTACT.email, subject: 'Inquiry from Ada Lovelace' },
    });
    expect(mailed!.params.message_text).toContain(CONTACT.message);
    expect(mailed!.params.message_html).toContain('Hello &lt;b&gt;there&lt;/b&gt;');
    expect(copy).toMatchObject({ withPrivateKey: true, params: { to_email: CONTACT.email, subject: CONTACT_COPY_SUBJECT } });
    expect(copy!.params.message_text).toContain(CONTACT.message);
    expect(copy!.params.message_html).toContain('Hello &lt;b&gt;there&lt;/b&gt;');
    expect(copy!.params.message_html).not.toContain('<b>there');
  });

  it.each([
    ['waitlist', { ...JOIN, programme: 'builder' }, "You're on the Leopard waitlist", 'builder', 'new'],
    ['preorder', JOIN, 'Your Leopard Space pre-order', 'preorder', 'pending'],
  ] as const)(
    'a %s entry: stored, trimmed, in its first state with its list keys, and one confirmation to the address typed that carries nothing typed',
    async (kind, fields, subject, g, status) => {
      const answer = await submit(await visitor(), {
        kind,
        fields: { ...fields, full__name: `  ${fields.full__name} ` },
        page: '/waitlist',
      });
      expect(answer.status).toBe(201);
      expect(answer.json.data).toEqual({ id: expect.any(String), mailed: true });
      expect(await stored(kind)).toEqual([
        {
          ...fields,
          page: '/waitlist',
          createdAt: expect.any(Number),
          status,
          g,
          gs: `${g}|${status}`,
          ge: `${g}|kj@example.com`,
          gn: `${g}|katherine johnson`,
          gse: `${g}|${status}|kj@example.com`,
          gsn: `${g}|${status}|katherine johnson`,
        },
      ]);
      const [mailed, ...others] = emailjs.received();
      expect(others).toEqual([]);
      expect(mailed!.params).toMatchObject({ to_email: JOIN.email, subject });
      expect(JSON.stringify(mailed!.params)).not.toContain('Katherine');
    },
  );

  it('answers the site’s preflight with the App Check header allowed, and refuses another origin', async () => {
    const preflight = await fetch(url, { method: 'OPTIONS', headers: { Origin: SITE, 'Access-Control-Request-Method': 'POST' } });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-headers')).toContain(APP_CHECK_HEADER);
    const elsewhere = await submit(
      await visitor(),
      { kind: 'contact', fields: CONTACT, page: '/contact' },
      { Origin: 'https://evil.example' },
    );
    expect(elsewhere.status).toBe(403);
    expect(await stored('contact')).toEqual([]);
  });
});

describe('limits', () => {
  it(`50 fresh anonymous visitors from one address store ${SUBMISSIONS_PER_ADDRESS.max}, and the rest are told to wait`, async () => {
    const tokens = await Promise.all(Array.from({ length: 50 }, () => visitor()));
    const answers: JsonAnswer[] = [];
    for (const [n, token] of tokens.entries()) {
      // Each claims another address in X-Forwarded-For; Google's front end appends the address it
      // saw (one and the same), which is what the function must count.
      const forwarded = { 'X-Forwarded-For': `198.51.100.${n}, 203.0.113.9` };
      answers.push(await submit(token, { kind: 'contact', fields: { ...CONTACT, message: `Flood ${n}` }, page: '/contact' }, forwarded));
    }
    expect(answers.filter((a) => a.status === 201)).toHaveLength(SUBMISSIONS_PER_ADDRESS.max);
    const refused = answers.filter((a) => a.status === 429);
    expect(refused).toHaveLength(50 - SUBMISSIONS_PER_ADDRESS.max);
    expect(refused[0]!.json).toMatchObject({ statusCode: 429, limit: 'address', retryAfterMinutes: 24 * 60 });
    expect(await stored('contact')).toHaveLength(SUBMISSIONS_PER_ADDRESS.max);
    expect(emailjs.received().filter((m) => m.params.to_email === INBOX)).toHaveLength(SUBMISSIONS_PER_ADDRESS.max);
    // The sender's copies, all to the one address typed: its mailbox's cap, not one per inquiry.
    expect(emailjs.received().filter((m) => m.params.to_email === CONTACT.email)).toHaveLength(MAILS_PER_RECIPIENT.max);
    // The address is counted by its hash only.
    expect(JSON.stringify((await db.ref(RATE_LIMITS_PATH).get()).val())).not.toMatch(/203\.0\.113\.9/);
  }, 60_000);

  it('the address count is all kinds together, and frees up a day after', async () => {
    const T0 = 1_800_000_000_000;
    deps.now = () => T0;
    const kinds = ['contact', 'waitlist', 'preorder'] as const;
    for (let n = 0; n < SUBMISSIONS_PER_ADDRESS.max; n++) {
      const kind = kinds[n % 3]!;
      const fields = kind === 'contact' ? CONTACT : { ...JOIN, email: `p${n}@example.com` };
      expect((await submit(await visitor(), { kind, fields, page: '/' })).status).toBe(201);
    }
    expect((await submit(await visitor(), { kind: 'preorder', fields: JOIN, page: '/' })).status).toBe(429);
    deps.now = () => T0 + SUBMISSIONS_PER_ADDRESS.windowMs;
    expect((await submit(await visitor(), { kind: 'preorder', fields: JOIN, page: '/' })).status).toBe(201);
  }, 60_000);

  it(`one visitor: ${SUBMISSION_QUOTA.max} of a kind an hour, then how many minutes to wait; other kinds still go`, async () => {
    const token = await visitor();
    for (let n = 0; n < SUBMISSION_QUOTA.max; n++) {
      expect((await submit(token, { kind: 'contact', fields: CONTACT, page: '/contact' })).status).toBe(201);
    }
    const held = await submit(token, { kind: 'contact', fields: CONTACT, page: '/contact' });
    expect(held).toEqual({
      status: 429,
      json: { statusCode: 429, error: { message: expect.any(String) }, limit: 'visitor', retryAfterMinutes: 60 },
    });
    expect(await stored('contact')).toHaveLength(SUBMISSION_QUOTA.max);
    expect((await submit(token, { kind: 'waitlist', fields: JOIN, page: '/waitlist' })).status).toBe(201);
  });

  it(`one mail per stored submission, and at most ${MAILS_PER_RECIPIENT.max} a day to one recipient however it is spelt`, async () => {
    const spellings = ['victim@example.com', 'Victim@Example.com', 'VICTIM@EXAMPLE.COM', 'victim@example.com', 'victim@EXAMPLE.com'];
    const answers: JsonAnswer[] = [];
    for (const [n, email] of spellings.entries()) {
      const kind = n % 2 ? 'preorder' : 'waitlist';
      answers.push(await submit(await visitor(), { kind, fields: { full__name: 'Not Victim', email }, page: '/waitlist' }));
    }
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 201, 201]);
    expect(answers.map((a) => (a.json.data as { mailed: boolean }).mailed)).toEqual([true, true, true, false, false]);
    expect([...(await stored('waitlist')), ...(await stored('preorder'))]).toHaveLength(5);
    expect(emailjs.received().filter((m) => String(m.params.to_email).toLowerCase() === 'victim@example.com')).toHaveLength(
      MAILS_PER_RECIPIENT.max,
    );
  });

  it(`the contact form's copy is no way around the cap: inquiries naming one mailbox, however spelt, mail it ${MAILS_PER_RECIPIENT.max} times a day with the confirmations, while every inquiry reaches the inbox`, async () => {
    const spellings = ['victim@example.com', 'Victim+a@Example.com', 'v.ictim@example.com.', 'VICTIM+b@EXAMPLE.COM'];
    for (const [n, email] of spellings.entries()) {
      const answer = await submit(await visitor(), {
        kind: 'contact',
        fields: { ...CONTACT, email, message: `Buy now ${n}` },
        page: '/contact',
      });
      expect(answer.json.data).toMatchObject({ mailed: true });
    }
    const join = await submit(await visitor(), {
      kind: 'waitlist',
      fields: { full__name: 'Not Victim', email: 'victim@example.com' },
      page: '/waitlist',
    });
    expect(join.json.data).toMatchObject({ mailed: false });
    const toVictim = emailjs.received().filter((m) => String(m.params.to_email) !== INBOX);
    expect(toVictim).toHaveLength(MAILS_PER_RECIPIENT.max);
    expect(toVictim.map((m) => m.params.subject)).toEqual(Array(MAILS_PER_RECIPIENT.max).fill(CONTACT_COPY_SUBJECT));
    expect(emailjs.received().filter((m) => m.params.to_email === INBOX)).toHaveLength(spellings.length);
  });

  it(`at most ${MAILS_PER_RECIPIENT.max} a day to one mailbox through its +tag, dotted and trailing-dot spellings; another mailbox still gets its mail`, async () => {
    const spellings = [
      'Victim.Name+one@example.com',
      'victimname+two@example.com',
      'victim.name@example.com.',
      'v.i.c.t.i.m.n.a.m.e+4@EXAMPLE.COM',
    ];
    const mailed: boolean[] = [];
    for (const email of spellings) {
      const answer = await submit(await visitor(), { kind: 'waitlist', fields: { full__name: 'Not Victim', email }, page: '/waitlist' });
      expect(answer.status).toBe(201);
      mailed.push((answer.json.data as { mailed: boolean }).mailed);
    }
    expect(mailed).toEqual([true, true, true, false]);
    expect(await stored('waitlist')).toHaveLength(spellings.length);
    expect(emailjs.received()).toHaveLength(MAILS_PER_RECIPIENT.max);
    const other = await submit(await visitor(), {
      kind: 'preorder',
      fields: { ...JOIN, email: 'victim.other@example.com' },
      page: '/preorder',
    });
    expect(other.json.data).toMatchObject({ mailed: true });
  });
});

describe('refused before anything is stored or mailed', () => {
  const refusals = [
    { name: 'no kind', body: { fields: CONTACT, page: '/' }, field: 'kind' },
    { name: 'an unknown kind', body: { kind: 'newsletter', fields: CONTACT, page: '/' }, field: 'kind' },
    { name: 'fields not an object', body: { kind: 'contact', fields: 'x', page: '/' }, field: 'fields' },
    { name: 'a missing field', body: { kind: 'contact', fields: { ...CONTACT, city: undefined }, page: '/' }, field: 'city' },
    { name: 'a field that is not text', body: { kind: 'contact', fields: { ...CONTACT, phone: 6195550100 }, page: '/' }, field: 'phone' },
    { name: 'a malformed email', body: { kind: 'waitlist', fields: { ...JOIN, email: 'a@b' }, page: '/' }, field: 'email' },
    {
      name: 'markup in the name',
      body: { kind: 'waitlist', fields: { ...JOIN, full__name: '<a href=x>Claim</a>' }, page: '/' },
      field: 'full__name',
    },
    {
      name: 'a line break in the name',
      body: { kind: 'preorder', fields: { ...JOIN, full__name: 'A\nBcc: x' }, page: '/' },
      field: 'full__name',
    },
    {
      name: 'a message over 5,000 characters',
      body: { kind: 'contact', fields: { ...CONTACT, message: 'x'.repeat(5001) }, page: '/' },
      field: 'message',
    },
    { name: 'a staff status', body: { kind: 'contact', fields: { ...CONTACT, status: 'answered' }, page: '/' }, field: 'status' },
    {
      name: 'a list key of its own (to be listed under another programme)',
      body: { kind: 'waitlist', fields: { ...JOIN, gs: 'builder|contacted' }, page: '/' },
      field: 'gs',
    },
    {
      name: 'a pass on a pre-order',
      body: { kind: 'preorder', fields: { ...JOIN, pass: { code: 'A'.repeat(26) } }, page: '/' },
      field: 'pass',
    },
    {
      name: 'a programme that is not one',
      body: { kind: 'waitlist', fields: { ...JOIN, programme: 'Builder' }, page: '/' },
      field: 'programme',
    },
    {
      name: 'a programme on a pre-order',
      body: { kind: 'preorder', fields: { ...JOIN, programme: 'builder' }, page: '/' },
      field: 'programme',
    },
    { name: 'a page that is not a path', body: { kind: 'preorder', fields: JOIN, page: 'https://evil.example' }, field: 'page' },
    // Each would make the inquiry's "Sent from" a link to another host.
    ...['//evil.test/x', '/\\evil.test/x', '/..//evil.test/x', '/%2e%2e//evil.test/x', '/.//evil.test/x', '/a/..//evil.test'].map(
      (page) => ({
        name: `a page that resolves to another site (${page})`,
        body: { kind: 'contact', fields: CONTACT, page },
        field: 'page',
      }),
    ),
    {
      name: 'a priority object instead of text',
      body: { kind: 'contact', fields: { ...CONTACT, message: { '.value': 'hi', '.priority': 'x' } }, page: '/' },
      field: 'message',
    },
  ];
  it.each(refusals)('$name → 400 naming $field', async ({ body, field }) => {
    const answer = await submit(await visitor(), body);
    expect(answer.status).toBe(400);
    expect((answer.json.error as { field?: string }).field).toBe(field);
    expect([...(await stored('contact')), ...(await stored('waitlist')), ...(await stored('preorder'))]).toEqual([]);
    expect(emailjs.received()).toEqual([]);
  });

  it('no ID token, a forged one, or a body past the size limit → 401 / 413', async () => {
    const body = { kind: 'contact', fields: CONTACT, page: '/contact' };
    expect((await submit(null, body)).status).toBe(401);
    expect((await submit('not-a-token', body)).status).toBe(401);
    expect((await submit(await visitor(), { ...body, fields: { ...CONTACT, message: 'x'.repeat(40_000) } })).status).toBe(413);
    expect(await stored('contact')).toEqual([]);
    expect(emailjs.received()).toEqual([]);
  });

  it('where App Check is enforced: no token or a bad one → 401; a valid one goes through', async () => {
    // App Check cannot run locally (it needs Google's attestation), so its verifier is the one part given here.
    deps.appCheck = {
      verifyToken: (token: string) =>
        token === 'valid-app-check-token' ? Promise.resolve({ appId: 'web', token: {} as never }) : Promise.reject(new Error('invalid')),
    };
    const body = { kind: 'contact', fields: CONTACT, page: '/contact' };
    const token = await visitor();
    expect((await submit(token, body)).status).toBe(401);
    expect((await submit(token, body, { [APP_CHECK_HEADER]: 'forged' })).status).toBe(401);
    expect(await stored('contact')).toEqual([]);
    expect((await submit(token, body, { [APP_CHECK_HEADER]: 'valid-app-check-token' })).status).toBe(201);
  });
});

describe('the mail', () => {
  it('a deploy without mail settings, or without an inbox, stores and answers mailed: false', async () => {
    deps.mail = { ...mail, privateKey: '' };
    expect((await submit(await visitor(), { kind: 'waitlist', fields: JOIN, page: '/waitlist' })).json.data).toMatchObject({
      mailed: false,
    });
    deps.mail = mail;
    deps.contactInbox = '';
    expect((await submit(await visitor(), { kind: 'contact', fields: CONTACT, page: '/contact' })).json.data).toMatchObject({
      mailed: false,
    });
    expect(await stored('waitlist')).toHaveLength(1);
    expect(await stored('contact')).toHaveLength(1);
    // Without an inbox the sender still gets their copy.
    expect(emailjs.received().map((m) => [m.params.to_email, m.params.subject])).toEqual([[CONTACT.email, CONTACT_COPY_SUBJECT]]);
  });

  it('an inquiry’s "Sent from" links only to the site: the page is stored and linked as it resolves, and one that leaves the site is refused', async () => {
    const token = await visitor();
    const answer = await submit(token, { kind: 'contact', fields: CONTACT, page: '/support/../contact?from=%2F%2Fevil.test' });
    expect(answer.status).toBe(201);
    expect(await stored('contact')).toEqual([
      expect.objectContaining({ ...CONTACT, page: '/contact?from=%2F%2Fevil.test', createdAt: expect.any(Number) }),
    ]);
    const mailed = emailjs.received().find((m) => m.params.to_email === INBOX);
    expect(mailed!.params.message_text).toContain(`Sent from: ${SITE}/contact?from=%2F%2Fevil.test`);

    const attack = await submit(token, { kind: 'contact', fields: CONTACT, page: '/..//evil.test/inbox' });
    expect(attack).toEqual({
      status: 400,
      json: { statusCode: 400, error: { message: SUBMIT_FORM_MESSAGES.page, field: 'page' } },
    });
    expect(await stored('contact')).toHaveLength(1);
    expect(emailjs.received().filter((m) => m.params.to_email === INBOX)).toHaveLength(1);
    expect(JSON.stringify(emailjs.received())).not.toContain('evil.test/inbox');
  });

  it('a provider that refuses: stored all the same, mailed: false', async () => {
    emailjs.fail({ status: 500, times: 1 });
    const answer = await submit(await visitor(), { kind: 'preorder', fields: JOIN, page: '/preorder' });
    expect(answer.status).toBe(201);
    expect(answer.json.data).toMatchObject({ mailed: false });
    expect(await stored('preorder')).toHaveLength(1);
  });

  it('the stand-in as the stack runs it refuses a send with the public key alone, as the browser used to send', async () => {
    const response = await fetch(`${emailjs.url}/api/v1.0/email/send`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        service_id: 'service',
        template_id: 'template',
        user_id: 'public-key',
        template_params: { to_email: 'anyone@example.com' },
      }),
    });
    expect(response.status).toBe(403);
    expect(emailjs.received()).toEqual([]);
  });
});
