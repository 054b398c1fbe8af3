// 10. Bad input never crashes the server. Invalid data is refused by the SDK on the client side, so it
// is also sent raw, over a WebSocket speaking protocol v5 (emulators/rtdb/docs/protocol.md#connection-and-framing,
// emulators/rtdb/docs/protocol.md#actions) and over REST.
// After each case a fresh SDK client must still read and write normally.
import { afterAll, afterEach, describe, expect, test } from 'vitest';
import { get, ref, set } from 'firebase/database';
import { uniqueId, uniqueNs } from './target.testing';
import { withTimeout } from './waiting.testing';
import { closeAll, newClient } from './sdk-clients.testing';
import { rest } from './rest-client.testing';
import { RawConnection } from './wire-client.testing';

const ns = uniqueNs('robust');
afterAll(closeAll);

/** A brand-new SDK client can write, and another can read the value back. */
async function expectServerHealthy(): Promise<void> {
  const w = newClient(ns);
  const r = newClient(ns);
  try {
    const path = uniqueId('health');
    const value = { ok: true, n: Math.random() };
    await withTimeout(set(ref(w.db, path), value), 4000, 'a fresh client to write after bad input');
    const snap = await withTimeout(get(ref(r.db, path)), 4000, 'a fresh client to read after bad input');
    expect(snap.val()).toEqual(value);
  } finally {
    await Promise.all([w.close(), r.close()]);
  }
}

/** After each test of a group that sends bad input: close what it opened, then check that the
 *  server still serves fresh clients. */
function closeAllAndCheckHealthAfterEach(): void {
  afterEach(async () => {
    await closeAll();
    await expectServerHealthy();
  });
}

/** The request must be answered with a non-ok status, or the socket closed. */
async function expectRefused(conn: RawConnection, a: string, b: unknown, what: string): Promise<void> {
  const reply = await conn.request(a, b, 4000);
  if (reply === null) {
    expect(conn.isClosed, `${what}: no reply within 4 s and the socket is still open`).toBe(true);
  } else {
    expect(reply.s, `${what}: the server answered ok`).not.toBe('ok');
  }
}

/** The connection either closed, or still answers a stats request. */
async function expectClosedOrResponsive(conn: RawConnection, what: string): Promise<void> {
  if (conn.isClosed) return;
  const reply = await conn.request('s', { c: { 'sdk.conformance.1-0-0': 1 } }, 3000);
  if (reply === null) {
    expect(conn.isClosed, `${what}: the socket neither closed nor answered a stats request`).toBe(true);
  }
}

describe('raw protocol basics', () => {
  afterEach(closeAll);

  test('the server speaks first with the handshake', async () => {
    const conn = await RawConnection.open(ns);
    const before = Date.now();
    const h = await conn.handshake();
    expect(h.v).toBe('5');
    expect(typeof h.s).toBe('string');
    expect(h.s.length).toBeGreaterThan(0);
    expect(typeof h.h).toBe('string');
    expect(h.h.length).toBeGreaterThan(0);
    expect(typeof h.ts).toBe('number');
    expect(Math.abs(h.ts - before)).toBeLessThan(5000);
    conn.close();
  });

  test('ping is answered with a pong carrying d', async () => {
    const conn = await RawConnection.open(ns);
    await conn.handshake();
    conn.sendMessage({ t: 'c', d: { t: 'p', d: {} } });
    const pong = await withTimeout(
      (async () => {
        for (;;) {
          const m = conn.messages.find((x) => x.t === 'c' && (x.d as { t?: string }).t === 'o');
          if (m) return m;
          await new Promise((r) => setTimeout(r, 10));
        }
      })(),
      3000,
      'a pong control message',
    );
    expect((pong.d as { d?: unknown }).d).toBeDefined();
    conn.close();
  });

  test('stats, then put / get / listen with the documented shapes', async () => {
    const conn = await RawConnection.open(ns);
    await conn.handshake();
    expect((await conn.request('s', { c: { 'sdk.conformance.1-0-0': 1 } }))?.s).toBe('ok');
    const path = `/${uniqueId('raw')}`;
    expect((await conn.request('p', { p: path, d: { a: 1, '.priority': 2 } }))?.s).toBe('ok');
    const got = await conn.request('g', { p: path, q: {} });
    expect(got).toEqual({ s: 'ok', d: { a: 1, '.priority': 2 } });
    const before = conn.messages.length;
    const listen = await conn.request('q', { p: path, h: '' });
    expect(listen?.s).toBe('ok');
    const push = conn.messages.slice(before).find((m) => m.t === 'd' && (m.d as { a?: string }).a === 'd');
    expect(push, 'the data push must arrive before the listen ok').toBeDefined();
    const body = (push!.d as { b: { p: string; d: unknown } }).b;
    expect(body.p.replace(/^\/+/, '')).toBe(path.slice(1));
    expect(body.d).toEqual({ a: 1, '.priority': 2 });
    conn.close();
  });
});

describe('invalid data sent raw over the WebSocket', () => {
  closeAllAndCheckHealthAfterEach();

  test.each([['a.b'], ['a#b'], ['a$b'], ['a[b'], ['a]b'], ['a/b'], ['a\u0001b'], ['a\u007fb'], ['']])(
    'a put with the invalid key %j is refused and nothing is written',
    async (key) => {
      const conn = await RawConnection.open(ns);
      await conn.handshake();
      const path = uniqueId('badkey');
      await expectRefused(conn, 'p', { p: `/${path}`, d: { [key]: 1, good: 2 } }, `key ${JSON.stringify(key)}`);
      const after = await rest('GET', ns, path, { bearer: 'owner' });
      expect(after.status).toBe(200);
      expect(after.json()).toBeNull();
    },
  );

  test('an update with an invalid key is refused', async () => {
    const conn = await RawConnection.open(ns);
    await conn.handshake();
    const path = uniqueId('badmerge');
    await expectRefused(conn, 'm', { p: `/${path}`, d: { 'ok/x': 1, 'bad#key': 2 } }, 'merge with a # key');
    expect((await rest('GET', ns, path, { bearer: 'owner' })).json()).toBeNull();
  });

  test.each([['/a#b'], ['/a.b/c'], ['/x/[y]'], ['/a$b']])('a put to the invalid path %j is refused', async (p) => {
    const conn = await RawConnection.open(ns);
    await conn.handshake();
    await expectRefused(conn, 'p', { p, d: 1 }, `path ${p}`);
  });

  test('a string over 10 MiB is refused (and nothing written)', async () => {
    const conn = await RawConnection.open(ns);
    await conn.handshake();
    const path = uniqueId('huge');
    await expectRefused(conn, 'p', { p: `/${path}`, d: 'x'.repeat(10 * 1024 * 1024 + 1) }, '10 MiB + 1 string');
    expect((await rest('GET', ns, path, { bearer: 'owner' })).json()).toBeNull();
  });

  test('a very long key (769 bytes) and a 40-level path do not crash the server', async () => {
    const conn = await RawConnection.open(ns);
    await conn.handshake();
    await conn.request('p', { p: `/${uniqueId('longkey')}`, d: { ['k'.repeat(769)]: 1 } });
    if (!conn.isClosed) {
      await conn.request('p', { p: '/' + Array.from({ length: 40 }, (_, i) => `l${i}`).join('/'), d: 1 });
    }
    await expectClosedOrResponsive(conn, 'long key / deep path');
  });

  test('deeply nested data (100,000 levels) does not crash the server', async () => {
    const conn = await RawConnection.open(ns);
    await conn.handshake();
    const depth = 100_000;
    const nested = '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
    const r = 1;
    conn.sendMessage(`{"t":"d","d":{"r":${r},"a":"p","b":{"p":"/${uniqueId('deep')}","d":${nested}}}}`);
    const reply = await conn.replyTo(r, 5000);
    if (reply === null) expect(conn.isClosed, 'no reply and the socket is still open').toBe(true);
    else expect(reply.s).not.toBe('ok');
  });
});

describe('malformed frames and unknown actions', () => {
  closeAllAndCheckHealthAfterEach();

  test.each([
    ['not JSON', 'not json'],
    ['truncated JSON', '{"t":"d","d":'],
    ['a JSON array', '[]'],
    ['a JSON string', '"str"'],
    ['null', 'null'],
    ['an envelope without d', '{"t":"d"}'],
    ['a non-numeric request id', '{"t":"d","d":{"r":"x","a":"s","b":{}}}'],
    ['a put without a body', '{"t":"d","d":{"r":1,"a":"p"}}'],
    ['a put whose path is a number', '{"t":"d","d":{"r":1,"a":"p","b":{"p":5,"d":1}}}'],
    ['a merge whose data is a string', '{"t":"d","d":{"r":1,"a":"m","b":{"p":"/x","d":"nope"}}}'],
    ['a listen with a garbage query', '{"t":"d","d":{"r":1,"a":"q","b":{"p":"/x","q":{"l":"abc","i":5,"sp":{}},"t":"nope","h":""}}}'],
    ['a get with a garbage query', '{"t":"d","d":{"r":1,"a":"g","b":{"p":"/x","q":"bad"}}}'],
    ['an unknown envelope type', '{"t":"zz","d":{}}'],
    ['an unknown control message', '{"t":"c","d":{"t":"zz"}}'],
    ['an unparsable auth token', '{"t":"d","d":{"r":1,"a":"auth","b":{"cred":"garbage.not-a.jwt"}}}'],
    ['a bad server value', '{"t":"d","d":{"r":1,"a":"p","b":{"p":"/sv","d":{".sv":"bogus"}}}}'],
    ['a bad increment', '{"t":"d","d":{"r":1,"a":"p","b":{"p":"/sv","d":{".sv":{"increment":"x"}}}}}'],
    ['a negative frame count', '-5'],
  ])('%s', async (_name, frame) => {
    const conn = await RawConnection.open(ns);
    await conn.handshake();
    conn.sendFrame(frame);
    await new Promise((r) => setTimeout(r, 50));
    await expectClosedOrResponsive(conn, `after ${JSON.stringify(frame)}`);
  });

  test('a binary frame', async () => {
    const conn = await RawConnection.open(ns);
    await conn.handshake();
    conn.sendFrame(Buffer.from([0, 1, 2, 255, 254]));
    await new Promise((r) => setTimeout(r, 50));
    await expectClosedOrResponsive(conn, 'after a binary frame');
  });

  test('an unknown action is answered with an error or ignored, never ok', async () => {
    const conn = await RawConnection.open(ns);
    await conn.handshake();
    const reply = await conn.request('zzz', { p: '/x' }, 1500);
    if (reply !== null) expect(reply.s).not.toBe('ok');
    await expectClosedOrResponsive(conn, 'after an unknown action');
  });

  test('a huge bogus frame count followed by a few frames and a close', async () => {
    const conn = await RawConnection.open(ns);
    await conn.handshake();
    conn.sendFrame('999999');
    conn.sendFrame('{"t":"d",');
    conn.sendFrame('"d":{}}');
    await new Promise((r) => setTimeout(r, 50));
    conn.close();
    expect(await conn.waitClosed()).toBe(true);
  });

  // "1e6" is 6 characters or fewer and parses as a number, so it reads as a frame count too
  // (emulators/rtdb/docs/protocol.md#frames).
  test.each([['999999'], ['1e6']])('a huge bogus frame count %j left hanging does not block others', async (count) => {
    const conn = await RawConnection.open(ns);
    await conn.handshake();
    conn.sendFrame(count);
    conn.sendFrame('x'.repeat(16384));
    await expectServerHealthy(); // while the bogus connection is still open
  });
});

describe('odd connection URLs', () => {
  closeAllAndCheckHealthAfterEach();

  test.each([
    ['no ns parameter', 'v=5'],
    ['an invalid ns', 'v=5&ns=bad%20ns!%23'],
    ['an unknown protocol version', 'v=99&ns=whatever'],
  ])('%s', async (_name, q) => {
    let conn: RawConnection | null = null;
    try {
      conn = await RawConnection.open(ns, q);
    } catch {
      return; // refusing the upgrade is fine
    }
    await new Promise((r) => setTimeout(r, 100));
    conn.close();
  });
});

describe('bad input over REST', () => {
  afterEach(expectServerHealthy);

  test('a key with "." in the body is 400 and nothing is written', async () => {
    const path = uniqueId('rbad');
    const res = await rest('PUT', ns, path, { body: { 'a.b': 1 } });
    expect(res.status).toBe(400);
    expect((await rest('GET', ns, path)).json()).toBeNull();
  });

  test('a PATCH with an invalid path key is 400', async () => {
    const path = uniqueId('rbad');
    const res = await rest('PATCH', ns, path, { body: { ok: 1, 'a#b/c': 2 } });
    expect(res.status).toBe(400);
    expect((await rest('GET', ns, path)).json()).toBeNull();
  });

  test('an invalid character in the URL path is 400', async () => {
    const res = await rest('PUT', ns, 'a[b', { body: 1 });
    expect(res.status).toBe(400);
  });

  test('a string over 10 MiB is a 4xx', async () => {
    const path = uniqueId('rhuge');
    const res = await rest('PUT', ns, path, { body: 'y'.repeat(10 * 1024 * 1024 + 1), timeoutMs: 15000 });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect((await rest('GET', ns, path)).json()).toBeNull();
  });

  test('an empty body and a body that is only whitespace are 400', async () => {
    expect((await rest('PUT', ns, uniqueId('rempty'), { rawBody: '' })).status).toBe(400);
    expect((await rest('PUT', ns, uniqueId('rempty'), { rawBody: '   ' })).status).toBe(400);
  });

  test('an unsupported method does not crash the server', async () => {
    const res = await rest('PROPFIND', ns, 'x');
    expect(res.status).toBeGreaterThanOrEqual(400);
  });
});
