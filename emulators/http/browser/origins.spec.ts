/**
 * The attack of a page on another origin, open in the same Chromium while the local services run
 * (emulators/rtdb/docs/protocol.md#browser-origins): it tries to read customers' data from the
 * database emulator (REST with owner credentials, a WebSocket, long polling's script tags, the
 * SDK) and from the Stripe and EmailJS stand-ins, and to wipe data with form posts, which need no
 * preflight. Every service is started with one allowed origin, the site's page; the other page is
 * a second local server, the hardest case (same site, only the port differs). Nothing is read,
 * nothing changes; the same calls from the site's page work.
 */
import { chromium, expect, test, type Page } from '@playwright/test';
import { start as startEmailJs, type RunningEmailJs } from '@leopard/emailjs-stand-in';
import {
  type TestEmulator,
  type TestPageServer,
  openPage,
  servePage,
  startEmulator,
  trackTransports,
} from '@leopard/rtdb-emulator/testing/browser';
import { start as startStripe, type RunningStripe } from '@leopard/stripe-stand-in';
import { HEADLESS_CHROMIUM_FLAGS, HEADLESS_CHROMIUM_PATH } from '@leopard/chromium';

let site: TestPageServer;
let foreign: TestPageServer;
let db: TestEmulator;
let stripe: RunningStripe;
let emailjs: RunningEmailJs;
const NS = 'origins';
/** The one API key the Stripe stand-in is started with. */
const STRIPE_SECRET_KEY = 'sk_test_origin_gate';
const CUSTOMERS = { u1: { email: 'ada@example.com' } };

test.beforeAll(async () => {
  site = await servePage({ title: 'the site' });
  foreign = await servePage({ title: 'another page' });
  const allowedOrigins = [new URL(site.url).origin];
  db = await startEmulator({ allowedOrigins });
  stripe = await startStripe({ port: 0, quiet: true, secretKey: STRIPE_SECRET_KEY, allowedOrigins });
  emailjs = await startEmailJs({ port: 0, quiet: true, allowedOrigins });
});
test.afterAll(async () => {
  await Promise.all([site?.stop(), foreign?.stop()]);
  await Promise.all([db?.stop(), stripe?.stop(), emailjs?.stop()]);
});

test.beforeEach(async () => {
  const put = await fetch(`${db.url}/customers.json?ns=${NS}`, {
    method: 'PUT',
    headers: { Authorization: 'Bearer owner' },
    body: JSON.stringify(CUSTOMERS),
  });
  expect(put.status).toBe(200);
  const customer = await fetch(`${stripe.url}/v1/customers`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${STRIPE_SECRET_KEY}`, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: 'email=ada%40example.com',
  });
  expect(customer.status).toBe(200);
  const mail = await fetch(`${emailjs.url}/api/v1.0/email/send`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ user_id: 'public', service_id: 's', template_id: 't', template_params: { email: 'ada@example.com' } }),
  });
  expect(mail.status).toBe(200);
});

const storedCustomers = async () =>
  (await fetch(`${db.url}/customers.json?ns=${NS}`, { headers: { Authorization: 'Bearer owner' } })).json() as Promise<unknown>;

/** What `fetch` gives the page: the body's text, or the error the browser reports. */
function pageFetch(
  page: Page,
  url: string,
  init: { method?: string; headers?: Record<string, string>; referrerPolicy?: ReferrerPolicy } = {},
) {
  return page.evaluate(
    async ([url, init]) => {
      try {
        const response = await fetch(url, init);
        return { status: response.status, text: await response.text() };
      } catch (error) {
        return { error: String(error) };
      }
    },
    [url, init] as const,
  );
}

/** Whether a WebSocket the page opens to `url` opens, or fails. */
function pageWebSocket(page: Page, url: string) {
  return page.evaluate(
    (url) =>
      new Promise<'open' | 'error'>((resolve) => {
        const ws = new WebSocket(url);
        ws.onopen = () => resolve('open');
        ws.onerror = () => resolve('error');
      }),
    url,
  );
}

/** The page connects to the database over `transport` and listens to `customers`: the
 *  connection's key and the listener's id. */
async function listenToCustomers(page: Page, transport: 'websocket' | 'long-polling') {
  const key = await page.evaluate(([host, ns, transport]) => window.rtdb.connect({ host, ns, transport }), [
    db.hostPort,
    NS,
    transport,
  ] as const);
  const id = await page.evaluate((key) => window.rtdb.listen(key, 'customers'), key);
  return { key, id };
}

function reads(services: { db: string; stripe: string; emailjs: string }) {
  return [
    { url: `${services.db}/customers.json?ns=${NS}`, init: { headers: { Authorization: 'Bearer owner' } } },
    // No checkout yet: an empty list, which is still more than another page may see.
    { url: `${services.stripe}/__sessions`, init: {}, empty: true },
    { url: `${services.stripe}/__customers`, init: {} },
    { url: `${services.stripe}/v1/customers`, init: { headers: { Authorization: `Bearer ${STRIPE_SECRET_KEY}` } } },
    { url: `${services.emailjs}/__received`, init: {} },
  ];
}

test('a page on another origin reads nothing from the database or the stand-ins', async ({ page }) => {
  await openPage(page, foreign);
  for (const { url, init } of reads({ db: db.url, stripe: stripe.url, emailjs: emailjs.url })) {
    const answer = await pageFetch(page, url, init);
    expect(answer, url).toEqual({ error: expect.stringMatching(/Failed to fetch/) });
  }
});

test('form posts from a page on another origin wipe nothing', async ({ page }) => {
  await openPage(page, foreign);
  // Forms are sent without a preflight; the answers land in an iframe the page cannot read.
  await page.evaluate(
    async (targets) => {
      const frame = document.createElement('iframe');
      frame.name = 'sink';
      document.body.append(frame);
      for (const { action, enctype } of targets) {
        const form = document.createElement('form');
        Object.assign(form, { method: 'POST', action, target: 'sink', enctype });
        const field = document.createElement('input');
        Object.assign(field, { name: 'x', value: 'null' });
        form.append(field);
        document.body.append(form);
        const loaded = new Promise((resolve) => frame.addEventListener('load', resolve, { once: true }));
        form.submit();
        await loaded;
      }
    },
    [
      { action: `${db.url}/.json?ns=${NS}&auth=owner&x-http-method-override=DELETE`, enctype: 'text/plain' },
      { action: `${stripe.url}/__reset`, enctype: 'application/x-www-form-urlencoded' },
    ],
  );
  expect(await storedCustomers()).toEqual(CUSTOMERS);
  expect(stripe.customers().map((c) => c.email)).toContain('ada@example.com');
  expect(emailjs.received().length).toBeGreaterThan(0);
});

test('a page on another origin gets no database session: WebSocket, long polling, the SDK', async ({ page }) => {
  await openPage(page, foreign);
  expect(await pageWebSocket(page, `ws://${db.hostPort}/.ws?v=5&ns=${NS}`)).toBe('error');

  // Long polling is JSONP: the answer is a script that hands the session to the page's callbacks.
  const jsonp = await page.evaluate(
    (src) =>
      new Promise<string>((resolve) => {
        const w = window as unknown as Record<string, unknown>;
        w.pLPCommand1 = (command: string) => resolve(`session: ${command}`);
        w.pRTLPCB1 = () => resolve('data');
        const script = document.createElement('script');
        script.src = src;
        script.onerror = () => resolve('error');
        script.onload = () => setTimeout(() => resolve('loaded, no session'), 100);
        document.head.append(script);
      }),
    `${db.url}/.lp?start=t&ser=1&cb=1&v=5&ns=${NS}`,
  );
  expect(jsonp).toBe('error');

  for (const transport of ['websocket', 'long-polling'] as const) {
    const { key, id } = await listenToCustomers(page, transport);
    await page.waitForTimeout(1500);
    expect(await page.evaluate((key) => window.rtdb.connected[key]?.includes(true) ?? false, key)).toBe(false);
    expect(await page.evaluate((id) => window.rtdb.values[id] ?? [], id)).toEqual([]);
  }
});

test('the site reads what it may, over fetch, a WebSocket and long polling', async ({ page }) => {
  for (const { url, init, empty } of reads({ db: db.url, stripe: stripe.url, emailjs: emailjs.url })) {
    if (page.url() === 'about:blank') await openPage(page, site);
    const answer = await pageFetch(page, url, init);
    expect(answer, url).toEqual({ status: 200, text: expect.stringContaining(empty ? '[]' : 'ada@example.com') });
  }
  for (const transport of ['websocket', 'long-polling'] as const) {
    await page.close();
    page = await page.context().newPage();
    const transports = trackTransports(page);
    await openPage(page, site);
    const { id } = await listenToCustomers(page, transport);
    await expect.poll(() => page.evaluate((id) => window.rtdb.values[id]?.at(-1), id)).toEqual(CUSTOMERS);
    if (transport === 'long-polling') expect(transports.longPollRequests.length).toBeGreaterThan(0);
    else expect(transports.webSockets.length).toBeGreaterThan(0);
  }
});

// DNS rebinding: the attacker's name, evil.test, first served the attacker's page and now resolves
// to 127.0.0.1 (Chromium's resolver rule stands in for the attacker's DNS). The page is then
// same-origin with the service: its fetches carry no Origin, it hides its Referer, and Sec-Fetch-Site
// says same-origin. Only `Host: evil.test:<port>` is left to refuse it by.
test('a page whose name was pointed at this machine reads nothing and opens no database session', async () => {
  const browser = await chromium.launch({
    executablePath: HEADLESS_CHROMIUM_PATH,
    args: [...HEADLESS_CHROMIUM_FLAGS, '--host-resolver-rules=MAP evil.test 127.0.0.1'],
  });
  try {
    const page = await browser.newPage();
    const rebound = (url: string) => url.replace('127.0.0.1', 'evil.test');
    for (const { url, init } of reads({ db: rebound(db.url), stripe: rebound(stripe.url), emailjs: rebound(emailjs.url) })) {
      await page.goto(new URL(url).origin);
      const answer = await pageFetch(page, url, { ...init, referrerPolicy: 'no-referrer' });
      expect(answer, url).toEqual({ status: 421, text: expect.stringContaining('requests for the host') });
      expect(JSON.stringify(answer)).not.toContain('ada@example.com');
    }
    await page.goto(rebound(db.url));
    expect(await pageWebSocket(page, `ws://${rebound(db.hostPort)}/.ws?v=5&ns=${NS}`)).toBe('error');
  } finally {
    await browser.close();
  }
});
