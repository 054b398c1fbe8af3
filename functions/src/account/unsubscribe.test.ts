// The unsubscribe link end to end: a waitlist confirmation carries it (submitForm), the link turns
// mail off on the account with that address and for the address itself, and the attacks on the
// token (forged signature, altered payload, expired, replay, not a token) are refused or harmless.
import { describe, expect, it, beforeAll } from 'vitest';
import { identityToolkit } from '../testing/auth-emulator.testing';
import { handleSubmitForm, type SubmitFormDependencies } from '../submissions/handler';
import { MAIL_SECRET, SITE, useAccountHarness, type AccountHarness } from './account.testing';
import { MAIL_LINK_LIFETIME_MS, readUnsubscribeToken, unsubscribeToken } from './mail-links';
import { MARKETING_OPTOUTS_PATH, UNSUBSCRIBE_MESSAGES, optOutKey } from './unsubscribe';

const h: AccountHarness = useAccountHarness('unsubscribe');
let submitUrl = '';

beforeAll(async () => {
  const deps: SubmitFormDependencies = {
    auth: h.auth,
    appCheck: null,
    database: h.database,
    mail: h.deps.deleteAccount.mail,
    contactInbox: '',
    mailLinkSecret: MAIL_SECRET,
    siteOrigins: [SITE],
  };
  submitUrl = await h.servers.serve('submitForm', (request, response) => handleSubmitForm(request, response, deps));
});

async function joinWaitlist(email: string) {
  const visitor = (await identityToolkit(h.authUrl, 'signUp', { returnSecureToken: true })).idToken as string;
  return h.call(submitUrl, visitor, { kind: 'waitlist', fields: { full__name: 'Ada Lovelace', email }, page: '/waitlist' });
}

async function consents(uid: string) {
  const profile = (await h.database.ref(`users/${uid}`).get()).val() as Record<string, unknown>;
  return { receiveAnnouncements: profile.receiveAnnouncements, receiveAppsMusicTV: profile.receiveAppsMusicTV };
}

const token = (email: string, choice: Parameters<typeof unsubscribeToken>[1]['choice'], now = Date.now()) =>
  unsubscribeToken(MAIL_SECRET, { email, choice }, now);

describe('the unsubscribe link', () => {
  it('a waitlist confirmation carries it; opening it turns both choices off on the account and stops the next confirmation', async () => {
    const account = await h.account();
    const typed = account.email.toUpperCase();
    expect((await joinWaitlist(typed)).json).toMatchObject({ data: { mailed: true } });
    const [mail] = h.emailjs.received();
    const link = /http:\/\/127\.0\.0\.1:4173\/unsubscribe\?token=[A-Za-z0-9_.-]+/.exec(String(mail!.params.message_text))?.[0];
    expect(link).toBeDefined();
    expect(mail!.params.message_html).toContain(`href="${link}"`);
    const mailed = new URL(link!).searchParams.get('token');

    const answer = await h.call(h.urls.unsubscribe, null, { token: mailed });
    expect(answer).toEqual({ status: 200, json: { email: account.email, choice: 'all' } });
    expect(await consents(account.uid)).toEqual({ receiveAnnouncements: false, receiveAppsMusicTV: false });
    const record = (await h.database.ref(`${MARKETING_OPTOUTS_PATH}/${optOutKey(account.email)}`).get()).val() as Record<string, number>;
    expect(record).toEqual({ receiveAnnouncements: expect.any(Number), receiveAppsMusicTV: expect.any(Number) });
    // The list names nobody in the clear.
    expect(JSON.stringify((await h.database.ref(MARKETING_OPTOUTS_PATH).get()).val())).not.toContain(account.email);

    // The next submission with that address is stored, and no confirmation goes out.
    expect((await joinWaitlist(account.email)).json).toMatchObject({ statusCode: 201, data: { mailed: false } });
    expect(h.emailjs.received()).toHaveLength(1);
  });

  it('one choice turns off only that choice; an address without an account is recorded all the same', async () => {
    const account = await h.account();
    expect(await h.call(h.urls.unsubscribe, null, { token: token(account.email, 'receiveAppsMusicTV') })).toEqual({
      status: 200,
      json: { email: account.email, choice: 'receiveAppsMusicTV' },
    });
    expect(await consents(account.uid)).toEqual({ receiveAnnouncements: true, receiveAppsMusicTV: false });

    const stranger = 'no-account@example.com';
    expect((await h.call(h.urls.unsubscribe, null, { token: token(stranger, 'all') })).status).toBe(200);
    expect((await h.database.ref(`${MARKETING_OPTOUTS_PATH}/${optOutKey(stranger)}`).get()).exists()).toBe(true);
    expect((await joinWaitlist(stranger)).json).toMatchObject({ data: { mailed: false } });
  });

  it('never makes a half profile for an account without one', async () => {
    const account = await h.account({ profile: false });
    expect((await h.call(h.urls.unsubscribe, null, { token: token(account.email, 'all') })).status).toBe(200);
    expect((await h.database.ref(`users/${account.uid}`).get()).exists()).toBe(false);
  });

  it('a replay is harmless: the same answer, and it only ever turns mail off', async () => {
    const account = await h.account();
    const link = token(account.email, 'receiveAnnouncements');
    const first = await h.call(h.urls.unsubscribe, null, { token: link });
    const when = (await h.database.ref(`${MARKETING_OPTOUTS_PATH}/${optOutKey(account.email)}`).get()).val() as unknown;
    // The person turns the choice back on in Profile settings; the old link replayed turns it off
    // again, which is what that link asked for, and turns nothing on.
    await h.database.ref(`users/${account.uid}/receiveAnnouncements`).set(true);
    const again = await h.call(h.urls.unsubscribe, null, { token: link });
    expect(again).toEqual(first);
    expect(await consents(account.uid)).toEqual({ receiveAnnouncements: false, receiveAppsMusicTV: true });
    expect((await h.database.ref(`${MARKETING_OPTOUTS_PATH}/${optOutKey(account.email)}`).get()).val()).toEqual(when);
  });

  it('refuses a forged signature (403), an altered payload (403), an expired link (410) and what is not a token (400), changing nothing', async () => {
    const account = await h.account();
    const good = token(account.email, 'all');
    const [payload, signature] = good.split('.') as [string, string];
    const forgedSignature = `${payload}.${unsubscribeToken('another-secret-that-is-long-enough-0123456789', { email: account.email, choice: 'all' }, Date.now()).split('.')[1]}`;
    const altered = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
    const someoneElse = `${Buffer.from(JSON.stringify({ ...altered, email: 'victim@example.com' })).toString('base64url')}.${signature}`;
    const longer = `${Buffer.from(JSON.stringify({ ...altered, exp: Date.now() + 10 * MAIL_LINK_LIFETIME_MS })).toString('base64url')}.${signature}`;
    for (const forged of [
      forgedSignature,
      someoneElse,
      longer,
      `${payload}.${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`,
    ]) {
      const answer = await h.call(h.urls.unsubscribe, null, { token: forged });
      expect(answer.status, forged).toBe(403);
      expect(answer.json).toMatchObject({ error: { message: UNSUBSCRIBE_MESSAGES.forged } });
    }
    const expired = token(account.email, 'all', Date.now() - MAIL_LINK_LIFETIME_MS - 1000);
    const late = await h.call(h.urls.unsubscribe, null, { token: expired });
    expect(late.status).toBe(410);
    expect(late.json).toMatchObject({ error: { message: UNSUBSCRIBE_MESSAGES.expired } });
    for (const body of [
      {},
      { token: '' },
      { token: 42 },
      { token: 'no-dot' },
      { token: 'a.b.c' },
      { token: 'a b.c' },
      { token: `${'a'.repeat(700)}.b` },
    ]) {
      expect((await h.call(h.urls.unsubscribe, null, body)).status, JSON.stringify(body).slice(0, 40)).toBe(400);
    }
    expect((await h.call(h.urls.unsubscribe, null, { token: good, padding: 'x'.repeat(5000) })).status).toBe(413);
    expect((await h.call(h.urls.unsubscribe, null, { token: good }, { Origin: 'https://evil.example' })).status).toBe(403);
    expect(await consents(account.uid)).toEqual({ receiveAnnouncements: true, receiveAppsMusicTV: true });
    expect((await h.database.ref(MARKETING_OPTOUTS_PATH).get()).exists()).toBe(false);
  });
});

describe('the token', () => {
  it('reads back what was signed, expires after 90 days, and needs a real secret', () => {
    const now = Date.now();
    const signed = unsubscribeToken(MAIL_SECRET, { email: ' Ada@Example.COM ', choice: 'receiveAnnouncements' }, now);
    expect(readUnsubscribeToken(MAIL_SECRET, signed, now)).toEqual({
      status: 'valid',
      payload: { email: 'ada@example.com', choice: 'receiveAnnouncements', exp: now + MAIL_LINK_LIFETIME_MS },
    });
    expect(readUnsubscribeToken(MAIL_SECRET, signed, now + MAIL_LINK_LIFETIME_MS).status).toBe('expired');
    expect(() => unsubscribeToken('short', { email: 'ada@example.com', choice: 'all' }, now)).toThrow(/MAIL_LINK_SECRET/);
    expect(() => readUnsubscribeToken('', signed, now)).toThrow(/MAIL_LINK_SECRET/);
  });
});
