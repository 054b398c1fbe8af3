/**
 * The stack hands its services exactly the site's origins (emulators/rtdb/docs/protocol.md#browser-origins):
 * a page the developer has open on any other origin, another local dev server included, reads no
 * customer data from the database emulator or the stand-ins and wipes nothing, while the site's
 * pages are answered. (The attack itself, in Chromium, is emulators/http/browser/origins.spec.ts.)
 */
import { DATABASE_NAMESPACE, EMAILJS_URL, LOCAL_STACK, STRIPE_SECRET_KEY, STRIPE_URL } from '../../emulators/local-config';
import { expect, test } from './fixtures.testing';

const DATABASE = `http://${LOCAL_STACK.databaseHost}`;
const owner = { Authorization: 'Bearer owner' };
const reads = [
  { url: `${DATABASE}/customers.json?ns=${DATABASE_NAMESPACE}&shallow=true`, headers: owner },
  { url: `${STRIPE_URL}/__sessions`, headers: {} },
  { url: `${STRIPE_URL}/v1/customers`, headers: { Authorization: `Bearer ${STRIPE_SECRET_KEY}` } },
  { url: `${EMAILJS_URL}/__received`, headers: {} },
];

test('pages of other origins are refused by every service; the site is answered', async ({ request }) => {
  for (const origin of ['https://evil.example', 'http://localhost:8080', 'null']) {
    for (const { url, headers } of reads) {
      const answer = await request.get(url, { headers: { ...headers, Origin: origin } });
      expect(answer.status(), `${url} from ${origin}`).toBe(403);
      expect(answer.headers()['access-control-allow-origin']).toBeUndefined();
    }
    const wipe = await request.post(`${STRIPE_URL}/__reset`, { headers: { Origin: origin }, form: { x: '1' } });
    expect(wipe.status()).toBe(403);
  }
  for (const origin of LOCAL_STACK.siteOrigins) {
    for (const { url, headers } of reads) {
      const answer = await request.get(url, { headers: { ...headers, Origin: origin } });
      expect(answer.status(), `${url} from ${origin}`).toBe(200);
      expect(answer.headers()['access-control-allow-origin']).toBe(origin);
    }
  }
});
