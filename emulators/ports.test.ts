import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  BASE_PORTS,
  E2E_PORT_OFFSET,
  PORT_OFFSET_VARIABLE,
  browserConnectSources,
  firebaseEmulators,
  functionsEnv,
  localStack,
  portOffsetFrom,
  sharedPorts,
  viteEnv,
} from './ports';

const portOf = (url: string) => Number(new URL(url).port);
const firebaseJson = JSON.parse(readFileSync(new URL('../firebase.json', import.meta.url), 'utf8')) as { emulators: unknown };

describe('localStack', () => {
  it('at offset 0 is the documented stack', () => {
    const stack = localStack();
    expect(stack.databaseUrl).toBe('http://127.0.0.1:9000?ns=demo-leopard-default-rtdb');
    expect(stack.functionsUrl).toBe('http://127.0.0.1:5001/demo-leopard/us-central1');
    expect(stack.siteUrls).toEqual({ dev: 'http://127.0.0.1:5173', preview: 'http://127.0.0.1:4173' });
    expect(functionsEnv(stack)).toEqual({
      SITE_ORIGINS: 'http://127.0.0.1:4173,http://localhost:4173,http://127.0.0.1:5173,http://localhost:5173',
      SITE_URL: 'http://127.0.0.1:5173',
      STRIPE_API_BASE_URL: 'http://127.0.0.1:12111',
      EMAILJS_API_URL: 'http://127.0.0.1:12112',
    });
  });

  it.each([100, 500, -1000])('shifts every service by the offset (%i)', (offset) => {
    const stack = localStack(offset);
    for (const [service, port] of Object.entries(BASE_PORTS)) expect(stack.ports[service as keyof typeof BASE_PORTS]).toBe(port + offset);
    const urls = [stack.databaseUrl, stack.authUrl, stack.functionsUrl, stack.emailjsUrl, stack.stripeUrl, stack.stripeWebhookUrl];
    expect(urls.map(portOf)).toEqual(
      ['database', 'auth', 'functions', 'emailjs', 'stripe', 'functions'].map((s) => BASE_PORTS[s as keyof typeof BASE_PORTS] + offset),
    );
    expect(stack.databaseHost).toBe(`127.0.0.1:${BASE_PORTS.database + offset}`);
    expect(stack.authHost).toBe(`127.0.0.1:${BASE_PORTS.auth + offset}`);
    expect(Object.values(stack.siteUrls).map(portOf)).toEqual([BASE_PORTS.dev + offset, BASE_PORTS.preview + offset]);
  });

  it("gives the functions the site's origins and the Stripe stand-in of the same stack", () => {
    const stack = localStack(100);
    const env = functionsEnv(stack);
    const origins = env.SITE_ORIGINS!.split(',');
    for (const site of Object.values(stack.siteUrls)) expect(origins).toContain(new URL(site).origin);
    expect(origins.map(portOf).sort()).toEqual([4273, 4273, 5273, 5273]);
    expect(env.STRIPE_API_BASE_URL).toBe(stack.stripeUrl);
    expect(env.EMAILJS_API_URL).toBe(stack.emailjsUrl);
    expect(stack.stripeWebhookUrl).toBe(`${stack.functionsUrl}/stripeWebhook`);
  });

  it("links the functions' mails to the site the stack serves: the dev server, or the preview the e2e suite opens", () => {
    const stack = localStack(100);
    expect(functionsEnv(stack, 'dev').SITE_URL).toBe(stack.siteUrls.dev);
    expect(functionsEnv(stack, 'preview').SITE_URL).toBe(stack.siteUrls.preview);
    expect(stack.siteOrigins).toContain(functionsEnv(stack, 'preview').SITE_URL);
  });

  it('gives the browser build, its CSP and firebase-tools the same shifted addresses', () => {
    const stack = localStack(300);
    const env = viteEnv(stack);
    expect(env.VITE_FIREBASE_DATABASE_URL).toBe(stack.databaseUrl);
    expect(env.VITE_DATABASE_EMULATOR_HOST).toBe(stack.databaseHost);
    expect(env.VITE_AUTH_EMULATOR_URL).toBe(stack.authUrl);
    expect(env.VITE_FUNCTIONS_URL).toBe(stack.functionsUrl);
    expect(Object.keys(env).filter((name) => name.startsWith('VITE_EMAILJS'))).toEqual([]);
    expect(browserConnectSources(stack)).toEqual([
      'http://127.0.0.1:9300',
      'ws://127.0.0.1:9300',
      'http://127.0.0.1:9399',
      'http://127.0.0.1:5301',
    ]);
    const emulators = firebaseEmulators(stack);
    expect([emulators.auth.port, emulators.functions.port, emulators.hub.port, emulators.logging.port]).toEqual([9399, 5301, 4700, 4710]);
  });

  it('refuses an offset that leaves the usable ports', () => {
    expect(() => localStack(60_000)).toThrow(/offset 60000 puts the .* on port/);
    expect(() => localStack(-4000)).toThrow(/use an offset from -3149 to 53423/);
    expect(() => localStack(1.5)).toThrow(/whole number/);
  });
});

describe('stacks side by side', () => {
  it('share no port when their offsets differ by a multiple of 100 up to 900, the e2e suite included', () => {
    const offsets = [0, 100, 200, 300, 400, 500, 600, 700, 800, 900];
    expect(offsets).toContain(E2E_PORT_OFFSET);
    for (const a of offsets)
      for (const b of offsets) if (a !== b) expect(sharedPorts(localStack(a), localStack(b)), `${a} and ${b}`).toEqual([]);
  });

  it('names the ports two stacks would both take', () => {
    expect(sharedPorts(localStack(0), localStack(1))).toContainEqual({ port: 12112, services: ['emailjs', 'stripe'] });
    expect(sharedPorts(localStack(0), localStack(1000))).toContainEqual({ port: 5173, services: ['dev', 'preview'] });
  });
});

describe('where the offset comes from', () => {
  it(`reads ${PORT_OFFSET_VARIABLE}, falling back when it is unset or empty`, () => {
    expect(portOffsetFrom({ [PORT_OFFSET_VARIABLE]: '100' }, 0)).toBe(100);
    expect(portOffsetFrom({ [PORT_OFFSET_VARIABLE]: ' -200 ' }, 0)).toBe(-200);
    expect(portOffsetFrom({}, E2E_PORT_OFFSET)).toBe(E2E_PORT_OFFSET);
    expect(portOffsetFrom({ [PORT_OFFSET_VARIABLE]: '' }, 7)).toBe(7);
    expect(() => portOffsetFrom({ [PORT_OFFSET_VARIABLE]: '1e2' }, 0)).toThrow(/whole number/);
  });
});

describe('the committed files hold no second copy of the ports', () => {
  it("firebase.json's emulators section is the offset-0 stack (for a plain `firebase emulators:start`)", () => {
    expect(firebaseJson.emulators).toEqual(firebaseEmulators(localStack(0)));
  });

  it('.env.emulators leaves every address to emulators/ports.ts', () => {
    const keys = readFileSync(new URL('../.env.emulators', import.meta.url), 'utf8')
      .split('\n')
      .filter((line) => /^[A-Z_]+=/.test(line))
      .map((line) => line.slice(0, line.indexOf('=')));
    expect(keys.filter((key) => key in viteEnv(localStack()))).toEqual([]);
  });
});
