/**
 * The browser SDK's long-polling transport against the emulator, in Chromium: forced long
 * polling, a start with a remembered WebSocket failure and its upgrade to WebSocket, payloads of
 * many segments both ways, the end of a page, auth.
 */
import { expect, test, type Page } from '@playwright/test';
import { type TransportLog, bigValue, openPage, trackTransports, useEmulatorPage } from './harness.testing';

const { emulator, site } = useEmulatorPage();
let seq = 0;
const newNs = () => `lp-${Date.now().toString(36)}-${++seq}`;

async function restPut(ns: string, path: string, value: unknown, bearer = 'owner'): Promise<void> {
  const res = await fetch(`${emulator.url}/${path}.json?ns=${ns}`, {
    method: 'PUT',
    body: JSON.stringify(value),
    headers: { Authorization: `Bearer ${bearer}` },
  });
  expect(res.status).toBe(200);
}
async function restGet(ns: string, path: string): Promise<unknown> {
  return (await fetch(`${emulator.url}/${path}.json?ns=${ns}&format=export`, { headers: { Authorization: 'Bearer owner' } })).json();
}

function connect(page: Page, ns: string, transport?: 'long-polling' | 'websocket'): Promise<string> {
  return page.evaluate(([host, ns, transport]) => window.rtdb.connect({ host, ns, transport }), [
    emulator.hostPort,
    ns,
    transport,
  ] as const);
}
function lastValue(page: Page, id: string): Promise<unknown> {
  return page.evaluate((id) => window.rtdb.values[id]?.at(-1) ?? '(none)', id);
}
const isPoll = (r: { url: URL }) => r.url.searchParams.has('id') && !r.url.searchParams.has('disconn') && !r.url.searchParams.has('dframe');
const segmentsOf = (r: { url: URL }) => [...r.url.searchParams.keys()].filter((k) => /^seg\d+$/.test(k)).length;
/** Client messages sent on the page's WebSockets that are requests (not control messages). */
const wsRequests = (t: TransportLog) => t.webSockets.flatMap((w) => w.sent).filter((f) => f.startsWith('{"t":"d"'));

test('forceLongPolling(): listens, writes, updates, gets and transactions over long polling only', async ({ page }) => {
  const transports = trackTransports(page);
  await openPage(page, site);
  const ns = newNs();
  const key = await connect(page, ns, 'long-polling');
  await expect.poll(() => page.evaluate((key) => window.rtdb.connected[key].at(-1), key)).toBe(true);

  const id = await page.evaluate((key) => window.rtdb.listen(key, 'room'), key);
  await page.evaluate((key) => window.rtdb.set(key, 'room', { a: 1 }), key);
  await page.evaluate((key) => window.rtdb.update(key, 'room', { b: 2, 'c/d': 'x' }), key);
  await expect.poll(() => lastValue(page, id)).toEqual({ a: 1, b: 2, c: { d: 'x' } });
  expect(await restGet(ns, 'room')).toEqual({ a: 1, b: 2, c: { d: 'x' } });

  // Someone else's write reaches the held poll.
  await restPut(ns, 'room/a', 'from rest');
  await expect.poll(() => lastValue(page, id)).toEqual({ a: 'from rest', b: 2, c: { d: 'x' } });

  const committed = await page.evaluate(async (key) => {
    const { database } = window.sdk;
    const db = database.getDatabase(window.sdk.app.getApp(key));
    const r = await database.runTransaction(database.ref(db, 'counter'), (v: number | null) => (v ?? 0) + 1);
    return r.committed;
  }, key);
  expect(committed).toBe(true);
  expect(await page.evaluate((key) => window.rtdb.get(key, 'counter'), key)).toBe(1);

  expect(transports.webSockets).toEqual([]);
  const start = transports.longPollRequests.find((r) => r.url.searchParams.get('start') === 't');
  expect(start, 'the JSONP start request').toBeTruthy();
  for (const p of ['cb', 'ser', 'v', 'ns', 'p']) expect(start!.url.searchParams.has(p), `start has ${p}`).toBe(true);
  expect(transports.longPollRequests.some((r) => r.url.searchParams.get('dframe') === 't')).toBe(true);
  expect(transports.longPollRequests.filter((r) => segmentsOf(r) > 0).length).toBeGreaterThan(3);
});

test('a remembered WebSocket failure: the page starts on long polling, upgrades, and the flag is cleared', async ({ page }) => {
  const transports = trackTransports(page);
  await openPage(page, site, { localStorage: { 'firebase:previous_websocket_failure': 'true' } });
  const ns = newNs();
  const key = await connect(page, ns);
  const id = await page.evaluate((key) => window.rtdb.listen(key, 'doc'), key);
  await page.evaluate((key) => window.rtdb.set(key, 'doc', 'first'), key);
  await expect.poll(() => lastValue(page, id)).toBe('first');

  // Long polling first; then a WebSocket naming the session (s=) takes over.
  expect(transports.longPollRequests[0].url.searchParams.get('start')).toBe('t');
  await expect.poll(() => transports.webSockets.length).toBe(1);
  const ws = transports.webSockets[0];
  expect(ws.url.searchParams.get('s')).toBeTruthy();
  expect(ws.received[0]).toBe('{"t":"c","d":{"t":"a","d":{}}}');
  await expect.poll(() => ws.sent.includes('{"t":"c","d":{"t":"a","d":{}}}'), { message: 'the client switch ack' }).toBe(true);
  await expect.poll(() => page.evaluate(() => localStorage.getItem('firebase:previous_websocket_failure'))).toBeNull();

  // From now on, traffic is on the WebSocket only.
  await page.waitForTimeout(300);
  const since = Date.now();
  await page.evaluate((key) => window.rtdb.set(key, 'doc', 'second'), key);
  await restPut(ns, 'doc', 'third');
  await expect.poll(() => lastValue(page, id)).toBe('third');
  expect(await page.evaluate((key) => window.rtdb.get(key, 'doc'), key)).toBe('third');
  expect(transports.longPollSince(since).filter(isPoll)).toEqual([]);
  expect(transports.wsFramesSince(since)).toBeGreaterThanOrEqual(4);
  expect(wsRequests(transports).some((f) => f.includes('"second"'))).toBe(true);
  expect(ws.closed).toBe(false);
});

test('writes in flight during the upgrade keep their order and all complete', async ({ page }) => {
  const transports = trackTransports(page);
  await openPage(page, site, { localStorage: { 'firebase:previous_websocket_failure': 'true' } });
  const ns = newNs();
  const key = await connect(page, ns);
  const id = await page.evaluate((key) => window.rtdb.listen(key, 'n'), key);
  // 300 writes, one every 2 ms, while the connection moves from long polling to the WebSocket.
  const acks = await page.evaluate(async (key) => {
    const done: Promise<void>[] = [];
    for (let i = 1; i <= 300; i++) {
      done.push(window.rtdb.set(key, 'n', i));
      await new Promise((r) => setTimeout(r, 2));
    }
    await Promise.all(done);
    return done.length;
  }, key);
  expect(acks).toBe(300);
  await expect.poll(() => restGet(ns, 'n')).toBe(300);
  await expect.poll(() => lastValue(page, id)).toBe(300);
  const values = await page.evaluate((id) => window.rtdb.values[id], id);
  const numbers = values.filter((v): v is number => typeof v === 'number');
  expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
  // Both transports carried some of the writes.
  expect(transports.longPollRequests.filter((r) => segmentsOf(r) > 0).length).toBeGreaterThan(0);
  expect(wsRequests(transports).filter((f) => f.includes('"a":"p"')).length).toBeGreaterThan(0);
});

test('payloads over 100 KB in many segments, both ways, multi-byte characters included', async ({ page }) => {
  const transports = trackTransports(page);
  await openPage(page, site);
  const ns = newNs();
  const key = await connect(page, ns, 'long-polling');
  const up = bigValue(150_000);
  up.emoji = '😀€é'.repeat(5000);
  await page.evaluate(([key, v]) => window.rtdb.set(key, 'up', v), [key, up] as const);
  expect(await restGet(ns, 'up')).toEqual(up);
  const withSegments = transports.longPollRequests.filter((r) => segmentsOf(r) > 0);
  expect(withSegments.length).toBeGreaterThan(100);
  const ts = Math.max(...withSegments.map((r) => Number(r.url.searchParams.get('ts0'))));
  expect(ts, 'one message cut into many segments').toBeGreaterThan(100);

  const down = bigValue(200_000, 3);
  down.emoji = '😀'.repeat(20000);
  const id = await page.evaluate((key) => window.rtdb.listen(key, 'down'), key);
  await restPut(ns, 'down', down);
  await expect.poll(() => lastValue(page, id)).toEqual(down);
  expect(transports.webSockets).toEqual([]);
});

test('closing the page runs its onDisconnect writes (long polling)', async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await openPage(page, site);
  const ns = newNs();
  const key = await connect(page, ns, 'long-polling');
  await page.evaluate((key) => window.rtdb.set(key, 'presence', 'online'), key);
  await page.evaluate((key) => window.rtdb.onDisconnectSet(key, 'presence', 'offline'), key);
  expect(await restGet(ns, 'presence')).toBe('online');
  await page.close();
  await expect.poll(() => restGet(ns, 'presence'), { timeout: 5000 }).toBe('offline');
  await context.close();
});

test('goOffline() ends the long-polling session (onDisconnect runs), goOnline() reconnects', async ({ page }) => {
  await openPage(page, site);
  const ns = newNs();
  const key = await connect(page, ns, 'long-polling');
  await page.evaluate((key) => window.rtdb.onDisconnectSet(key, 'state', 'away'), key);
  await page.evaluate((key) => window.rtdb.goOffline(key), key);
  await expect.poll(() => restGet(ns, 'state'), { timeout: 5000 }).toBe('away');
  await page.evaluate((key) => window.rtdb.goOnline(key), key);
  await page.evaluate((key) => window.rtdb.set(key, 'state', 'back'), key);
  expect(await restGet(ns, 'state')).toBe('back');
});

test('auth and rules over long polling (mockUserToken)', async ({ page }) => {
  const ns = newNs();
  const rules = { rules: { users: { $uid: { '.read': 'auth.uid === $uid', '.write': 'auth.uid === $uid' } } } };
  const res = await fetch(`${emulator.url}/.settings/rules.json?ns=${ns}`, {
    method: 'PUT',
    body: JSON.stringify(rules),
    headers: { Authorization: 'Bearer owner' },
  });
  expect(res.status).toBe(200);
  await openPage(page, site);
  const key = await page.evaluate(
    ([host, ns]) => window.rtdb.connect({ host, ns, transport: 'long-polling', mockUserToken: { user_id: 'alice' } }),
    [emulator.hostPort, ns] as const,
  );
  await page.evaluate((key) => window.rtdb.set(key, 'users/alice', { ok: true }), key);
  const denied = await page.evaluate(
    (key) =>
      window.rtdb.set(key, 'users/bob', 1).then(
        () => 'written',
        (e: Error) => e.message,
      ),
    key,
  );
  expect(denied).toMatch(/permission_denied/i);
  expect(await restGet(ns, 'users')).toEqual({ alice: { ok: true } });
});
