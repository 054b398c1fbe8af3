// The server mail module against the EmailJS stand-in, which checks the private key as EmailJS
// does: what arrives, a deploy without settings, a wrong key, a provider that does not answer,
// and values typed by a visitor that must not become markup.
import { createServer } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { start, WRONG_PRIVATE_KEY_TEXT, type RunningEmailJs } from '@leopard/emailjs-stand-in';
import { contactInquiryMail, escapeHtml, NOT_A_SITE_PAGE, sendMail, spacePassMail, verifyEmailMail, type MailSettings } from '.';

const KEY = 'emailjs_private_mail_test';
const SITE = 'https://leopard.example';
const CODE = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
let emailjs: RunningEmailJs;
let settings: MailSettings;

beforeAll(async () => {
  emailjs = await start({ port: 0, quiet: true, privateKey: KEY });
  settings = { privateKey: KEY, publicKey: 'public-key', serviceId: 'service', templateId: 'template', apiUrl: emailjs.url, siteUrl: SITE };
});
afterAll(() => emailjs.stop());
beforeEach(() => emailjs.reset());

const message = { to: 'ada@example.com', subject: 'Hello', text: 'Hi Ada', html: '<p>Hi Ada</p>' };

describe('sendMail', () => {
  it('hands the mail to EmailJS with the private key: the template gets recipient, subject and both bodies', async () => {
    expect(await sendMail(settings, { ...message, replyTo: 'team@leopard.example' })).toEqual({ status: 'sent' });
    expect(emailjs.received()).toEqual([
      {
        endpoint: 'send',
        receivedAt: expect.any(String),
        service_id: 'service',
        template_id: 'template',
        user_id: 'public-key',
        withPrivateKey: true,
        params: {
          to_email: 'ada@example.com',
          subject: 'Hello',
          message_text: 'Hi Ada',
          message_html: '<p>Hi Ada</p>',
          reply_to: 'team@leopard.example',
        },
      },
    ]);
  });

  it.each(['privateKey', 'publicKey', 'serviceId', 'templateId'] as const)(
    'sends nothing and says not-configured without %s',
    async (field) => {
      expect(await sendMail({ ...settings, [field]: '' }, message)).toEqual({ status: 'not-configured' });
      expect(await sendMail({ ...settings, [field]: '   ' }, message)).toEqual({ status: 'not-configured' });
      expect(emailjs.received()).toEqual([]);
    },
  );

  it('reports a wrong private key as EmailJS refuses it, and nothing is sent', async () => {
    expect(await sendMail({ ...settings, privateKey: 'stolen-or-stale' }, message)).toEqual({
      status: 'refused',
      httpStatus: 403,
      detail: WRONG_PRIVATE_KEY_TEXT,
    });
    expect(emailjs.received()).toEqual([]);
  });

  it("reports the provider's own refusal (its quota, a missing template) with what it said", async () => {
    emailjs.fail({ status: 429, text: 'Too Many Requests', times: 1 });
    expect(await sendMail(settings, message)).toEqual({ status: 'refused', httpStatus: 429, detail: 'Too Many Requests' });
  });

  it('reports a provider that cannot be reached, without throwing', async () => {
    const closed = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as { port: number };
        probe.close(() => resolve(port));
      });
    });
    expect(await sendMail({ ...settings, apiUrl: `http://127.0.0.1:${closed}` }, message)).toEqual({ status: 'unreachable' });
    expect(await sendMail({ ...settings, apiUrl: 'not a url' }, message)).toEqual({ status: 'unreachable' });
  });
});

describe('the mails', () => {
  it('the Space pass: the subject, the name, the code and the pass page on the site, in text and HTML', () => {
    const mail = spacePassMail({ name: 'Ada Lovelace', code: CODE, siteUrl: SITE });
    expect(mail.subject).toBe('Your Space beta-tester pass');
    for (const body of [mail.text, mail.html]) {
      expect(body).toContain('Ada Lovelace');
      expect(body).toContain(CODE);
      expect(body).toContain(`${SITE}/space-pass/${CODE}`);
    }
    expect(mail.html).toContain(`href="${SITE}/space-pass/${CODE}"`);
    expect(spacePassMail({ name: 'A', code: CODE, siteUrl: `${SITE}/` }).text).toContain(`${SITE}/space-pass/${CODE}`);
  });

  it('escapes everything a visitor typed, so a name never becomes markup or a link', () => {
    const name = '<img src=x onerror="alert(1)"><a href="https://evil.example">Claim</a> & \'co\'';
    const mail = spacePassMail({ name, code: CODE, siteUrl: SITE });
    expect(mail.html).not.toContain('<img');
    expect(mail.html).not.toContain('<a href="https://evil.example"');
    expect(mail.html).toContain(escapeHtml(name));
    expect(mail.text).toContain(name);
    expect(escapeHtml(`<>&"'`)).toBe('&lt;&gt;&amp;&quot;&#39;');
  });

  it('the inquiry’s "Sent from" is a link on the site, never to another host, whatever page it is given', () => {
    const fields = { name: 'Ada', email: 'ada@example.com', phone: '+16195550100', city: 'San Diego', message: 'Hi' };
    const sentFrom = (page: string) => /^Sent from: (.*)$/m.exec(contactInquiryMail({ fields, page, siteUrl: SITE }).text)![1];
    expect(sentFrom('/contact')).toBe(`${SITE}/contact`);
    expect(sentFrom('/support/./../contact?x=1')).toBe(`${SITE}/contact?x=1`);
    for (const page of [
      '//evil.test/x',
      '/\\evil.test/x',
      '/..//evil.test/x',
      '/%2e%2e//evil.test/x',
      '/.//evil.test/x',
      'https://evil.test/x',
    ]) {
      expect(sentFrom(page), page).toBe(NOT_A_SITE_PAGE);
      expect(JSON.stringify(contactInquiryMail({ fields, page, siteUrl: SITE })), page).not.toContain('evil.test');
    }
  });

  it('the verification mail carries the link Auth made, escaped in HTML', () => {
    const link = 'http://127.0.0.1:9099/emulator/action?mode=verifyEmail&oobCode=abc&apiKey=k';
    const mail = verifyEmailMail({ link });
    expect(mail.subject).toBe('Verify your Leopard email');
    expect(mail.text).toContain(link);
    expect(mail.html).toContain(`href="${escapeHtml(link)}"`);
  });
});
