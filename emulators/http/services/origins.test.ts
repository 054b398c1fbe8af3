// The local services answer only the site's pages (emulators/rtdb/docs/protocol.md#browser-origins):
// a page on another origin, open in the same browser while `npm start` runs, must not read
// customers' data from the database emulator or the Stripe and EmailJS stand-ins, nor change it.
// Written as the requests such a page's browser sends (its Origin, its Referer, Sec-Fetch-Site);
// the same calls from the allowed site and from Node (no Origin) go through. Each service is
// started here with the stack's kind of list, not the shared conformance emulator.
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { start as startEmailJs, SEND_PATH, type RunningEmailJs } from '@leopard/emailjs-stand-in';
import { start as startDatabase, type RunningEmulator } from '@leopard/rtdb-emulator';
import { start as startStripe, type RunningStripe } from '@leopard/stripe-stand-in';
import { normalizeOrigin } from '../src';

const SITE = 'http://127.0.0.1:5173';
const EVIL = 'https://evil.example';
/** Another page on this machine but not the site: a different local dev server. */
const OTHER_LOCAL = 'http://localhost:8080';
const NS = 'origins';
/** The one API key the Stripe stand-in is started with. */
const STRIPE_SECRET_KEY = 'sk_test_origin_gate';

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A raw HTTP request, so every header (Origin, Referer, Sec-Fetch-*) is exactly what is given. */
function call(url: string, options: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    // A fresh connection each time: a refusal closes one whose body it did not read.
    const req = request(url, { method: options.method ?? 'GET', headers: options.headers, agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end(options.body);
  });
}

/** The headers a browser adds to a fetch from a page at `origin`. */
const fromPage = (origin: string, more: Record<string, string> = {}) => ({ Origin: origin, 'Sec-Fetch-Mode': 'cors', ...more });
/** The headers of a `<script src>` (long polling's JSONP) loaded by a page at `origin`. */
const scriptOf = (origin: string) => ({ Referer: `${origin}/`, 'Sec-Fetch-Site': 'same-site', 'Sec-Fetch-Mode': 'no-cors' });

describe('database emulator', () => {
  let db: RunningEmulator;
  const owner = { Authorization: 'Bearer owner' };
  const customers = { u1: { email: 'ada@example.com' } };
  const data = () => call(`${db.url}/customers.json?ns=${NS}`, { headers: owner });

  beforeAll(async () => {
    db = await startDatabase({ port: 0, quiet: true, allowedOrigins: [SITE, 'http://localhost:5173'] });
  });
  afterAll(() => db.stop());

  const seed = async () => {
    const put = await call(`${db.url}/customers.json?ns=${NS}`, { method: 'PUT', headers: owner, body: JSON.stringify(customers) });
    expect(put.status).toBe(200);
  };

  it('refuses a foreign page reading with owner credentials, before and without CORS', async () => {
    await seed();
    for (const origin of [EVIL, OTHER_LOCAL, 'null']) {
      const read = await call(`${db.url}/customers.json?ns=${NS}`, { headers: { ...owner, ...fromPage(origin) } });
      expect(read.status).toBe(403);
      expect(read.body).not.toContain('ada@example.com');
      expect(read.headers['access-control-allow-origin']).toBeUndefined();
      const preflight = await call(`${db.url}/customers.json?ns=${NS}`, {
        method: 'OPTIONS',
        headers: { ...fromPage(origin), 'Access-Control-Request-Method': 'GET', 'Access-Control-Request-Headers': 'authorization' },
      });
      expect(preflight.status).toBe(403);
      expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    }
    // The tool endpoints beside the data too: the denial log names paths and users.
    expect((await call(`${db.url}/.inspect/denials.json?ns=${NS}`, { headers: fromPage(EVIL) })).status).toBe(403);
  });

  it('a form post from a foreign page (no preflight) deletes nothing', async () => {
    await seed();
    // A text/plain POST is a "simple" request: the browser sends it without asking first.
    const wipe = await call(`${db.url}/.json?ns=${NS}&auth=owner&x-http-method-override=DELETE`, {
      method: 'POST',
      headers: { ...fromPage(EVIL), 'Content-Type': 'text/plain', 'Sec-Fetch-Mode': 'navigate' },
      body: 'null',
    });
    expect(wipe.status).toBe(403);
    expect(JSON.parse((await data()).body)).toEqual(customers);
  });

  it('answers the site, its own viewer and Node', async () => {
    await seed();
    const site = await call(`${db.url}/customers.json?ns=${NS}`, { headers: { ...owner, ...fromPage(SITE) } });
    expect([site.status, JSON.parse(site.body)]).toEqual([200, customers]);
    expect(site.headers['access-control-allow-origin']).toBe(SITE);
    expect(site.headers.vary).toMatch(/Origin/);
    const preflight = await call(`${db.url}/customers.json?ns=${NS}`, {
      method: 'OPTIONS',
      headers: { ...fromPage(SITE), 'Access-Control-Request-Method': 'PUT', 'Access-Control-Request-Headers': 'authorization' },
    });
    expect([preflight.status, preflight.headers['access-control-allow-origin']]).toEqual([204, SITE]);
    // The viewer is served by the emulator itself, at any loopback name of it.
    for (const own of [db.url, `http://localhost:${db.port}`]) {
      const write = await call(`${db.url}/customers/u2.json?ns=${NS}`, {
        method: 'PUT',
        headers: { ...owner, ...fromPage(own), 'Sec-Fetch-Site': 'same-origin' },
        body: '{"email":"bo@example.com"}',
      });
      expect(write.status).toBe(200);
    }
    expect((await data()).status).toBe(200);
  });

  it("long polling: a foreign page's script tag gets no session; the site's does", async () => {
    const start = (headers: Record<string, string>) => call(`${db.url}/.lp?start=t&ser=1&cb=1&v=5&ns=${NS}`, { headers });
    for (const headers of [
      scriptOf(EVIL),
      scriptOf(OTHER_LOCAL),
      // A page that hides its Referer (referrerpolicy="no-referrer") is still another site.
      { 'Sec-Fetch-Site': 'cross-site', 'Sec-Fetch-Mode': 'no-cors' },
      { 'Sec-Fetch-Site': 'same-site', 'Sec-Fetch-Mode': 'no-cors' },
    ]) {
      const refused = await start(headers);
      expect(refused.status).toBe(403);
      expect(refused.body).not.toMatch(/pLPCommand|"start"/);
    }
    for (const headers of [scriptOf(SITE), {}]) {
      const started = await start(headers);
      expect(started.status).toBe(200);
      expect(started.body).toMatch(/"pLPCommand1".*C\("start"/);
    }
  });

  it('a WebSocket from a foreign page is refused at the upgrade; from the site and from Node it opens', async () => {
    const open = (headers: Record<string, string>) =>
      new Promise<number | 'open'>((resolve) => {
        const ws = new WebSocket(`ws://127.0.0.1:${db.port}/.ws?v=5&ns=${NS}`, { headers });
        ws.on('open', () => {
          ws.close();
          resolve('open');
        });
        ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
        ws.on('error', () => resolve(0));
      });
    expect(await open({ Origin: EVIL })).toBe(403);
    expect(await open({ Origin: OTHER_LOCAL })).toBe(403);
    expect(await open({ Origin: SITE })).toBe('open');
    expect(await open({})).toBe('open');
  });

  it('without a list: loopback pages on any port may call, other sites may not; "*" opens it to all', async () => {
    const plain = await startDatabase({ port: 0, quiet: true });
    const open = await startDatabase({ port: 0, quiet: true, allowedOrigins: ['*'] });
    try {
      const status = async (emu: RunningEmulator, origin: string) =>
        (await call(`${emu.url}/x.json?ns=${NS}`, { headers: { ...owner, ...fromPage(origin) } })).status;
      for (const local of ['http://localhost:3000', 'http://127.0.0.1:4321', 'http://[::1]:8080', 'https://app.localhost'])
        expect(await status(plain, local)).toBe(200);
      expect(await status(plain, EVIL)).toBe(403);
      expect(await status(plain, 'http://192.168.1.20:3000')).toBe(403);
      expect(await status(open, EVIL)).toBe(200);
    } finally {
      await plain.stop();
      await open.stop();
    }
  });

  it('refuses an allowed origin that is not one (a path, a typo) at start', async () => {
    await expect(startDatabase({ port: 0, quiet: true, allowedOrigins: ['http://localhost:5173/app'] })).rejects.toThrow(/not an origin/);
    expect(normalizeOrigin('http://localhost:5173/')).toBe('http://localhost:5173');
    expect(() => normalizeOrigin('localhost:5173')).toThrow(/not an origin/);
  });
});

describe('Stripe stand-in', () => {
  let stripe: RunningStripe;
  const key = { Authorization: `Bearer ${STRIPE_SECRET_KEY}` };
  beforeAll(async () => {
    stripe = await startStripe({ port: 0, quiet: true, secretKey: STRIPE_SECRET_KEY, allowedOrigins: [SITE] });
  });
  afterAll(() => stripe.stop());

  const createCustomer = async () => {
    const created = await call(`${stripe.url}/v1/customers`, {
      method: 'POST',
      headers: { ...key, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'email=ada%40example.com',
    });
    expect(created.status).toBe(200);
  };

  it('a foreign page reads no customer, session or event, and cannot reset it', async () => {
    await createCustomer();
    for (const path of ['/__sessions', '/__customers', '/__events', '/v1/customers']) {
      const read = await call(`${stripe.url}${path}`, { headers: { ...key, ...fromPage(EVIL) } });
      expect(read.status).toBe(403);
      expect(read.body).not.toContain('ada@example.com');
      expect(read.headers['access-control-allow-origin']).toBeUndefined();
    }
    const preflight = await call(`${stripe.url}/v1/customers`, {
      method: 'OPTIONS',
      headers: { ...fromPage(EVIL), 'Access-Control-Request-Method': 'GET', 'Access-Control-Request-Headers': 'authorization' },
    });
    expect(preflight.status).toBe(403);
    // A form post (no preflight) to the reset control.
    const reset = await call(`${stripe.url}/__reset`, {
      method: 'POST',
      headers: { ...fromPage(EVIL), 'Sec-Fetch-Mode': 'navigate', 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'x=1',
    });
    expect(reset.status).toBe(403);
    expect(stripe.customers().map((c) => c.email)).toContain('ada@example.com');
  });

  it('the site and Node are answered', async () => {
    await createCustomer();
    const site = await call(`${stripe.url}/__customers`, { headers: fromPage(SITE) });
    expect([site.status, site.headers['access-control-allow-origin']]).toEqual([200, SITE]);
    expect(site.body).toContain('ada@example.com');
    expect((await call(`${stripe.url}/v1/customers`, { headers: key })).status).toBe(200);
    // The hosted pages post their own forms back to the stand-in.
    const own = await call(`${stripe.url}/__sessions`, { headers: fromPage(stripe.url) });
    expect(own.status).toBe(200);
  });
});

describe('EmailJS stand-in', () => {
  let emailjs: RunningEmailJs;
  const mail = { user_id: 'public', service_id: 'service', template_id: 'template', template_params: { email: 'ada@example.com' } };
  beforeAll(async () => {
    emailjs = await startEmailJs({ port: 0, quiet: true, allowedOrigins: [SITE] });
  });
  afterAll(() => emailjs.stop());

  const send = (headers: Record<string, string> = {}) =>
    call(`${emailjs.url}${SEND_PATH}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...headers },
      body: JSON.stringify(mail),
    });

  it('a foreign page reads no mail, deletes none and sends none', async () => {
    expect((await send()).status).toBe(200);
    const read = await call(`${emailjs.url}/__received`, { headers: fromPage(EVIL) });
    expect(read.status).toBe(403);
    expect(read.body).not.toContain('ada@example.com');
    expect(read.headers['access-control-allow-origin']).toBeUndefined();
    expect((await call(`${emailjs.url}/__received`, { method: 'DELETE', headers: fromPage(EVIL) })).status).toBe(403);
    expect((await send({ ...fromPage(EVIL), 'Content-Type': 'text/plain' })).status).toBe(403);
    expect(emailjs.received()).toHaveLength(1);
  });

  it('the site and Node are answered', async () => {
    const site = await call(`${emailjs.url}/__received`, { headers: fromPage(SITE) });
    expect([site.status, site.headers['access-control-allow-origin']]).toEqual([200, SITE]);
    expect(site.body).toContain('ada@example.com');
    expect((await call(`${emailjs.url}/__received`)).status).toBe(200);
  });
});

// DNS rebinding: a page at http://evil.test:<port>/ whose name the attacker then points at
// 127.0.0.1 reads the service as its own origin. Its browser sends no Origin on a GET, the page
// hides its Referer, and Sec-Fetch-Site says same-origin: only the Host names it.
describe('a page whose name was pointed at this machine (DNS rebinding)', () => {
  let db: RunningEmulator;
  let stripe: RunningStripe;
  let emailjs: RunningEmailJs;
  const owner = { Authorization: 'Bearer owner' };
  const key = { Authorization: `Bearer ${STRIPE_SECRET_KEY}` };
  /** What the rebound page's `fetch(path, { referrerPolicy: 'no-referrer' })` sends besides its Host. */
  const sameOrigin = { 'Sec-Fetch-Site': 'same-origin', 'Sec-Fetch-Mode': 'cors', 'Sec-Fetch-Dest': 'empty' };
  const foreignHosts = (port: number) => [`evil.test:${port}`, 'evil.test', `127.0.0.1.evil.test:${port}`, `localhost.evil.test:${port}`];
  const loopbackHosts = (port: number) => [`127.0.0.1:${port}`, `localhost:${port}`, 'localhost', `[::1]:${port}`, `127.0.0.2:${port}`];

  beforeAll(async () => {
    // The stack's defaults: no list (any loopback page), as `npm start -w` of each package runs.
    db = await startDatabase({ port: 0, quiet: true });
    stripe = await startStripe({ port: 0, quiet: true, secretKey: STRIPE_SECRET_KEY });
    emailjs = await startEmailJs({ port: 0, quiet: true });
    expect(
      (await call(`${db.url}/customers.json?ns=${NS}`, { method: 'PUT', headers: owner, body: '{"u1":{"email":"ada@example.com"}}' }))
        .status,
    ).toBe(200);
    const customer = await call(`${stripe.url}/v1/customers`, {
      method: 'POST',
      headers: { ...key, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'email=ada%40example.com',
    });
    expect(customer.status).toBe(200);
    const mail = { user_id: 'public', service_id: 's', template_id: 't', template_params: { email: 'ada@example.com' } };
    const sent = await call(`${emailjs.url}${SEND_PATH}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(mail),
    });
    expect(sent.status).toBe(200);
  });
  afterAll(() => Promise.all([db.stop(), stripe.stop(), emailjs.stop()]));

  /** The text of a refusal: Stripe's error object's message, the others' plain text. */
  const refusalMessage = (answer: Answer): string =>
    answer.headers['content-type'] === 'application/json'
      ? (JSON.parse(answer.body) as { error: { message: string } }).error.message
      : answer.body;

  const reads = () => [
    { service: 'database', url: `${db.url}/customers.json?ns=${NS}`, port: db.port, headers: owner },
    { service: 'database (long polling)', url: `${db.url}/.lp?start=t&ser=1&cb=1&v=5&ns=${NS}`, port: db.port, headers: {} },
    { service: 'Stripe', url: `${stripe.url}/__customers`, port: stripe.port, headers: {} },
    { service: 'Stripe', url: `${stripe.url}/v1/customers`, port: stripe.port, headers: key },
    { service: 'EmailJS', url: `${emailjs.url}/__received`, port: emailjs.port, headers: {} },
  ];

  it('reads nothing from any service with a foreign Host, and says why', async () => {
    for (const read of reads()) {
      for (const host of foreignHosts(read.port)) {
        const answer = await call(read.url, { headers: { ...read.headers, ...sameOrigin, Host: host } });
        expect([read.service, host, answer.status]).toEqual([read.service, host, 421]);
        expect(answer.body).not.toMatch(/ada@example\.com|pLPCommand/);
        expect(refusalMessage(answer)).toContain(`requests for the host "${host}" are refused`);
        expect(answer.headers['access-control-allow-origin']).toBeUndefined();
      }
    }
  });

  it("answers in each service's own shape: Stripe's error object, plain text elsewhere", async () => {
    const stripeAnswer = await call(`${stripe.url}/v1/customers`, { headers: { ...key, ...sameOrigin, Host: `evil.test:${stripe.port}` } });
    const { error } = JSON.parse(stripeAnswer.body) as { error: { type: string; message: string } };
    expect(error.type).toBe('invalid_request_error');
    expect(error.message).toMatch(
      /^Stripe stand-in: requests for the host "evil\.test:\d+" are refused; it answers only at its own address \(127\.0\.0\.1:\d+\)/,
    );
    const mail = await call(`${emailjs.url}/__received`, { headers: { ...sameOrigin, Host: 'evil.test' } });
    expect(mail.body).toMatch(/^EmailJS stand-in: requests for the host "evil\.test" are refused/);
  });

  it("changes nothing: a rebound page's writes, resets and sends are refused before they are read", async () => {
    const host = (port: number) => ({ ...sameOrigin, Host: `evil.test:${port}` });
    const wipe = await call(`${db.url}/.json?ns=${NS}`, { method: 'DELETE', headers: { ...owner, ...host(db.port) } });
    expect(wipe.status).toBe(421);
    expect(JSON.parse((await call(`${db.url}/customers.json?ns=${NS}`, { headers: owner })).body)).toEqual({
      u1: { email: 'ada@example.com' },
    });
    expect((await call(`${stripe.url}/__reset`, { method: 'POST', headers: host(stripe.port) })).status).toBe(421);
    expect(stripe.customers().map((c) => c.email)).toContain('ada@example.com');
    expect((await call(`${emailjs.url}/__received`, { method: 'DELETE', headers: host(emailjs.port) })).status).toBe(421);
    expect(emailjs.received()).toHaveLength(1);
  });

  it("opens no WebSocket to the database with a foreign Host; this machine's names open one", async () => {
    const open = (host: string) =>
      new Promise<number | 'open'>((resolve) => {
        const ws = new WebSocket(`ws://127.0.0.1:${db.port}/.ws?v=5&ns=${NS}`, { headers: { Host: host, ...sameOrigin } });
        ws.on('open', () => {
          ws.close();
          resolve('open');
        });
        ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
        ws.on('error', () => resolve(0));
      });
    for (const host of foreignHosts(db.port)) expect([host, await open(host)]).toEqual([host, 421]);
    for (const host of [...loopbackHosts(db.port), `${NS}.localhost:${db.port}`]) expect([host, await open(host)]).toEqual([host, 'open']);
  });

  it("serves this machine's names, with or without a port, and a namespace's <ns>.localhost", async () => {
    for (const read of reads()) {
      for (const host of loopbackHosts(read.port)) {
        const answer = await call(read.url, { headers: { ...read.headers, ...sameOrigin, Host: host } });
        expect([read.service, host, answer.status]).toEqual([read.service, host, 200]);
      }
    }
    // The namespace named by the host, as the SDK's databaseURL http://<ns>.localhost:9000 does.
    const byName = await call(`${db.url}/customers.json`, { headers: { ...owner, Host: `${NS}.localhost:${db.port}` } });
    expect(JSON.parse(byName.body)).toEqual({ u1: { email: 'ada@example.com' } });
  });

  it('"*" lets every page in, but not every host name', async () => {
    const open = await startStripe({ port: 0, quiet: true, secretKey: STRIPE_SECRET_KEY, allowedOrigins: ['*'] });
    try {
      expect((await call(`${open.url}/__customers`, { headers: { ...sameOrigin, Host: `evil.test:${open.port}` } })).status).toBe(421);
      expect((await call(`${open.url}/__customers`, { headers: fromPage(EVIL) })).status).toBe(200);
    } finally {
      await open.stop();
    }
  });
});
