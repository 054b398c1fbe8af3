// Hostile input. Each describe is one finding of an outside attack on the local stack,
// written as the attack itself (REST, raw WebSocket frames, the SDK). The memory and timeout
// findings run against emulators in child processes (emulators/rtdb/src/emulator-process.testing.ts), so that
// the emulator's own RSS can be measured and its limits set short.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ref, set } from 'firebase/database';
import { uniqueId, uniqueNs } from './target.testing';
import { sleep, withTimeout } from './waiting.testing';
import { closeAll, newClient } from './sdk-clients.testing';
import { mockIdToken, putRules, rest, restRequest, restUrl } from './rest-client.testing';
import { RawConnection } from './wire-client.testing';
import {
  MiB,
  closedWithin,
  openAndCloseSockets,
  openRawSocket,
  spawnEmulator,
  stalledHttp,
  streamBody,
  type EmulatorProcess,
} from '../src/emulator-process.testing';

afterAll(closeAll);

/** Profiles readable and writable only by their owner; an inbox anyone may drop into but nobody
 *  reads; orders each buyer may read only through the query for their own. */
const OWNER_ONLY_RULES = {
  rules: {
    users: {
      $uid: {
        '.read': 'auth != null && auth.uid === $uid',
        '.write': 'auth != null && auth.uid === $uid',
      },
    },
    inbox: { $id: { '.write': true } },
    orders: {
      '.read': "auth != null && query.orderByChild === 'buyer' && query.equalTo === auth.uid",
      '.indexOn': ['buyer'],
    },
  },
};

const ALICE = { name: 'Alice', email: 'alice@example.com', pin: 4321 };
const BOB = { name: 'Bob', email: 'bob@example.com' };
const DENIED = { error: 'Permission denied' };

/** The SDK's hash of the number 5 (emulators/rtdb/docs/protocol.md#transactions-and-the-hash). */
const HASH_OF_5 = 'w28swksk9+tXf5jEdS9R5oSFAv8=';

/** A JSON text nested `depth` levels ({"a":{"a":…1…}}), built as text: JSON.stringify of such a
 *  value would overflow this process's own stack. */
function nestedJson(depth: number): string {
  return '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
}

async function adminGet(ns: string, path: string): Promise<unknown> {
  return (await rest('GET', ns, path, { bearer: 'owner' })).json();
}

// ------------------------------------------------------------------------------------------------

describe('leak before rules: a PUT or DELETE with If-Match answers 412 with the current value before any rules check', () => {
  const ns = uniqueNs('ifmatch');
  const alice = mockIdToken('alice');
  const bob = mockIdToken('bob');

  beforeAll(async () => {
    await putRules(ns, OWNER_ONLY_RULES);
    expect(
      (await rest('PUT', ns, '/', { bearer: 'owner', body: { users: { alice: ALICE, bob: BOB }, inbox: { m1: 'secret note' } } })).status,
    ).toBe(200);
  });

  /** 401 with exactly {"error":"Permission denied"}: no value, no ETag. */
  function expectDenied(res: Awaited<ReturnType<typeof rest>>, what: string): void {
    expect(res.status, `${what}: ${res.status} ${res.text.slice(0, 200)}`).toBe(401);
    expect(res.json()).toEqual(DENIED);
    expect(res.headers.get('etag'), `${what}: an ETag is a hash of data the caller may not read`).toBeNull();
    expect(res.text).not.toContain('alice@example.com');
  }

  test.each([
    ['PUT', 'users/alice'],
    ['DELETE', 'users/alice'],
    ['PUT', '/'],
    ['DELETE', '/'],
  ])('anonymous %s /%s with If-Match: x gets 401 and none of the data', async (method, path) => {
    const res = await rest(method, ns, path, { body: method === 'PUT' ? { name: 'Mallory' } : undefined, headers: { 'If-Match': 'x' } });
    expectDenied(res, `${method} ${path}`);
  });

  test.each([['PUT'], ['DELETE']])('the same through POST with X-HTTP-Method-Override: %s', async (override) => {
    const res = await rest('POST', ns, 'users/alice', {
      body: override === 'PUT' ? { name: 'Mallory' } : undefined,
      headers: { 'If-Match': 'x', 'X-HTTP-Method-Override': override },
    });
    expectDenied(res, `POST overridden to ${override}`);
  });

  test('another signed-in user gets 401 too', async () => {
    expectDenied(
      await rest('PUT', ns, 'users/alice', { bearer: bob, body: { name: 'Bob' }, headers: { 'If-Match': 'x' } }),
      'bob on alice',
    );
  });

  test('a caller who may write but not read gets 401 for a conditional write (the 412 would show the value)', async () => {
    const res = await rest('PUT', ns, 'inbox/m1', { body: 'overwritten', headers: { 'If-Match': 'x' } });
    expect(res.status).toBe(401);
    expect(res.json()).toEqual(DENIED);
    expect(res.headers.get('etag')).toBeNull();
    expect(res.text).not.toContain('secret note');
    // An unconditional write is still allowed there.
    expect((await rest('PUT', ns, 'inbox/m2', { body: 'hello' })).status).toBe(200);
  });

  test('a caller who may read only through a query gets no ETag (a hash of the whole location)', async () => {
    await rest('PUT', ns, 'orders', { bearer: 'owner', body: { o1: { buyer: 'alice', total: 5 }, o2: { buyer: 'bob', total: 7 } } });
    const res = await rest('GET', ns, 'orders', {
      bearer: alice,
      query: { orderBy: '"buyer"', equalTo: '"alice"' },
      headers: { 'X-Firebase-ETag': 'true' },
    });
    expect(res.status).toBe(200);
    expect(res.json()).toEqual({ o1: { buyer: 'alice', total: 5 } });
    expect(res.headers.get('etag')).toBeNull();
    // Whoever may read the whole location still gets it.
    expect((await rest('GET', ns, 'orders', { bearer: 'owner', headers: { 'X-Firebase-ETag': 'true' } })).headers.get('etag')).toBeTruthy();
  });

  test('nothing was written by the attacks', async () => {
    expect(await adminGet(ns, 'users')).toEqual({ alice: ALICE, bob: BOB });
    expect(await adminGet(ns, 'inbox/m1')).toBe('secret note');
  });

  test('the owner still gets 412 with the current value and its ETag, and can then write with it', async () => {
    const stale = await rest('PUT', ns, 'users/alice', { bearer: alice, body: { name: 'Alice 2' }, headers: { 'If-Match': 'x' } });
    expect(stale.status).toBe(412);
    expect(stale.json()).toEqual(ALICE);
    const etag = stale.headers.get('etag');
    expect(etag).toBeTruthy();
    const del = await rest('DELETE', ns, 'users/alice', { bearer: alice, headers: { 'If-Match': 'x' } });
    expect(del.status).toBe(412);
    expect(del.headers.get('etag')).toBe(etag);
    const ok = await rest('PUT', ns, 'users/alice', { bearer: alice, body: { ...ALICE, name: 'Alice 2' }, headers: { 'If-Match': etag! } });
    expect(ok.status).toBe(200);
    expect(await adminGet(ns, 'users/alice/name')).toBe('Alice 2');
  });

  test('the owner of the database (admin) gets 412 with the whole database on /', async () => {
    const res = await rest('PUT', ns, '/', { bearer: 'owner', body: null, headers: { 'If-Match': 'x' } });
    expect(res.status).toBe(412);
    expect((res.json() as { users: object }).users).toHaveProperty('bob', BOB);
    expect(res.headers.get('etag')).toBeTruthy();
  });
});

// ------------------------------------------------------------------------------------------------

describe('transaction hash oracle: a put with a hash answers datastale for a right guess and permission_denied for a wrong one', () => {
  const ns = uniqueNs('oracle');

  beforeAll(async () => {
    await putRules(ns, OWNER_ONLY_RULES);
    await rest('PUT', ns, '/', { bearer: 'owner', body: { users: { alice: { pin: 5 } }, inbox: { m1: 5 } } });
  });

  async function socketAs(uid: string | null): Promise<RawConnection> {
    const conn = await RawConnection.open(ns);
    await conn.handshake();
    if (uid !== null) expect((await conn.request('auth', { cred: mockIdToken(uid) }))?.s).toBe('ok');
    return conn;
  }

  /** Sends the transaction put with the right and a wrong hash; returns both statuses. */
  async function guess(conn: RawConnection, path: string): Promise<[string | undefined, string | undefined]> {
    const right = await conn.request('p', { p: path, d: 6, h: HASH_OF_5 });
    const wrong = await conn.request('p', { p: path, d: 6, h: 'wrong-guess=' });
    return [right?.s, wrong?.s];
  }

  test('anonymous: a right and a wrong hash on /users/alice/pin both get permission_denied', async () => {
    expect(await guess(await socketAs(null), '/users/alice/pin')).toEqual(['permission_denied', 'permission_denied']);
  });

  test('another signed-in user: both get permission_denied', async () => {
    expect(await guess(await socketAs('bob'), '/users/alice/pin')).toEqual(['permission_denied', 'permission_denied']);
  });

  test('a caller who may write but not read (the inbox): both get permission_denied', async () => {
    expect(await guess(await socketAs(null), '/inbox/m1')).toEqual(['permission_denied', 'permission_denied']);
    // A plain put (no hash) is still allowed there.
    const conn = await socketAs(null);
    expect((await conn.request('p', { p: '/inbox/m2', d: 'hi' }))?.s).toBe('ok');
  });

  test('nothing was written, and the owner sees datastale for a wrong hash and ok for the right one', async () => {
    expect(await adminGet(ns, 'users/alice/pin')).toBe(5);
    expect(await adminGet(ns, 'inbox/m1')).toBe(5);
    const owner = await socketAs('alice');
    expect((await owner.request('p', { p: '/users/alice/pin', d: 6, h: 'wrong-guess=' }))?.s).toBe('datastale');
    expect((await owner.request('p', { p: '/users/alice/pin', d: 6, h: HASH_OF_5 }))?.s).toBe('ok');
    expect(await adminGet(ns, 'users/alice/pin')).toBe(6);
  });
});

// ------------------------------------------------------------------------------------------------

describe('memory: REST bodies and frame-count messages are buffered without limit, stalled connections stay open', () => {
  describe('an emulator with the default limits, in a child process', () => {
    let emu: EmulatorProcess;
    const ns = 'hostile';
    const url = (path: string) => `http://${emu.hostPort}/${path}.json?ns=${ns}`;

    beforeAll(async () => {
      emu = await spawnEmulator();
      // Warm up (first request, first socket) so lazy start-up costs are not counted as growth.
      expect((await restRequest(url('warm'), 'PUT', { body: { a: 1 } })).status).toBe(200);
      (await openRawSocket(emu.hostPort, ns)).close();
      await sleep(200);
    });
    afterAll(() => emu?.stop());

    /** Runs `attack` and returns how much the emulator's peak RSS rose above its RSS before. */
    async function peakGrowth(attack: () => Promise<void>): Promise<number> {
      emu.resetPeak();
      const before = emu.rss();
      await attack();
      return emu.peakRss() - before;
    }

    test.each([
      ['with Content-Length', true, 500],
      ['chunked (no Content-Length)', false, 5000],
    ])('a 100 MB anonymous body %s is refused with 413, RSS grows < 64 MB', async (_name, contentLength, maxMs) => {
      let res: Awaited<ReturnType<typeof streamBody>> | undefined;
      const growth = await peakGrowth(async () => {
        res = await streamBody(url(uniqueId('big')), { totalBytes: 100 * MiB, contentLength });
      });
      expect(res!.status, `${res!.status} ${res!.error ?? ''} ${res!.text.slice(0, 200)}`).toBe(413);
      expect((JSON.parse(res!.text) as { error: string }).error).toMatch(/maximum size of 16777216 bytes/);
      expect(res!.ms).toBeLessThan(maxMs);
      // Reading stopped at the refusal: the sender could not hand over much more than socket buffers.
      expect(res!.sentBytes / MiB).toBeLessThan(48);
      expect(growth / MiB).toBeLessThan(64);
      expect((await restRequest(url('warm'), 'GET')).json()).toEqual({ a: 1 });
    });

    test('a write no body could make allowed is refused with 401 before the body is read', async () => {
      await restRequest(`http://${emu.hostPort}/.settings/rules.json?ns=${ns}`, 'PUT', {
        bearer: 'owner',
        rawBody: JSON.stringify(OWNER_ONLY_RULES),
      });
      try {
        // Headers announcing 10 MB, and no body at all: the answer cannot wait for it.
        const head = `PUT /users/alice.json?ns=${ns} HTTP/1.1\r\nHost: ${emu.hostPort}\r\nContent-Type: application/json\r\nContent-Length: ${10 * MiB}\r\n\r\n`;
        const r = await stalledHttp(emu.hostPort, head, 3000);
        expect(r.text).toMatch(/^HTTP\/1\.1 401/);
        expect(r.text).toContain('"error":"Permission denied"');
        expect(r.closedAfterMs, 'the connection is closed instead of reading the body').not.toBeNull();
      } finally {
        await restRequest(`http://${emu.hostPort}/.settings/rules.json?ns=${ns}`, 'PUT', {
          bearer: 'owner',
          rawBody: '{"rules":{".read":true,".write":true}}',
        });
      }
    });

    test('a frame count that no message within the limit can have closes the socket at once', async () => {
      const ws = await openRawSocket(emu.hostPort, ns);
      ws.send('999999');
      const closed = await closedWithin(ws, 2000);
      expect(closed, 'socket still open 2 s after a 999999 frame count').not.toBeNull();
      expect(closed!.code).toBe(1009);
    });

    test('a frame-count message growing past the limit gets too_big and the socket is closed', async () => {
      const conn = await RawConnection.open(ns, undefined, emu.hostPort);
      await conn.handshake();
      // Three 8 MiB frames: each fits a frame, together they pass 16 MiB.
      const text = `{"t":"d","d":{"r":7,"a":"p","b":{"p":"/big","d":"${'x'.repeat(24 * MiB)}"}}}`;
      const third = Math.ceil(text.length / 3);
      conn.sendFrame('3');
      for (let i = 0; i < 3; i++) conn.sendFrame(text.slice(i * third, (i + 1) * third));
      const reply = await conn.replyTo(7, 5000);
      expect(reply?.s).toBe('too_big');
      expect(await conn.waitClosed(2000)).toBe(true);
      expect(conn.closeInfo?.code).toBe(1009);
    });

    test('a single frame over the limit closes the socket', async () => {
      const ws = await openRawSocket(emu.hostPort, ns);
      ws.send(`{"t":"d","d":{"r":1,"a":"p","b":{"p":"/one","d":"${'y'.repeat(17 * MiB)}"}}}`);
      const closed = await closedWithin(ws, 5000);
      expect(closed).not.toBeNull();
      expect(closed!.code).toBe(1009);
    });

    test('an SDK write over the limit fails with TOO_BIG, and the client goes on working', async () => {
      const client = newClient(ns, { host: emu.hostPort });
      // Two 9 MiB strings: each passes the SDK's own 10 MiB string check, together they pass 16 MiB.
      const huge = { a: 'z'.repeat(9 * MiB), b: 'z'.repeat(9 * MiB) };
      const err = await withTimeout(
        set(ref(client.db, 'sdk/huge'), huge).then(
          () => null,
          (e: Error & { code?: string }) => e,
        ),
        10_000,
        'the oversized set() to settle',
      );
      expect(err?.code).toBe('TOO_BIG');
      await withTimeout(set(ref(client.db, 'sdk/small'), 'fine'), 8000, 'a small set() after the refused one');
      expect((await restRequest(url('sdk'), 'GET')).json()).toEqual({ small: 'fine' });
      await client.close();
    });

    test('600 sockets opened then closed leave the RSS bounded', async () => {
      const before = emu.rss();
      await openAndCloseSockets(emu.hostPort, ns, 600);
      await sleep(500);
      expect((emu.rss() - before) / MiB).toBeLessThan(64);
      expect((await restRequest(url('warm'), 'GET')).json()).toEqual({ a: 1 });
    });
  });

  describe('an emulator with short timeouts (--request-timeout-ms 300 --idle-timeout-ms 1000)', () => {
    let emu: EmulatorProcess;
    const ns = 'stalls';

    beforeAll(async () => {
      emu = await spawnEmulator(['--request-timeout-ms', '300', '--idle-timeout-ms', '1000']);
    });
    afterAll(() => emu?.stop());

    test('a REST body that stops half way gets 408 and the connection is closed', async () => {
      const head = `PUT /x.json?ns=${ns} HTTP/1.1\r\nHost: ${emu.hostPort}\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"a":`;
      const r = await stalledHttp(emu.hostPort, head, 5000);
      expect(r.text).toMatch(/^HTTP\/1\.1 408/);
      expect(r.closedAfterMs).not.toBeNull();
      expect(r.closedAfterMs!).toBeGreaterThanOrEqual(250);
      expect(r.closedAfterMs!).toBeLessThan(2500);
    });

    test('request headers that stop half way get 408 and the connection is closed', async () => {
      const r = await stalledHttp(emu.hostPort, `GET /x.json?ns=${ns} HTTP/1.1\r\nHost: ${emu.hostPort}\r\n`, 5000);
      expect(r.text).toMatch(/^HTTP\/1\.1 408/);
      expect(r.closedAfterMs).not.toBeNull();
      expect(r.closedAfterMs!).toBeLessThan(2500);
    });

    test('half of a multi-frame message, then nothing: the socket is closed after the timeout', async () => {
      const ws = await openRawSocket(emu.hostPort, ns);
      ws.send('3');
      ws.send('{"t":"d","d":{"r":1,"a":"p","b":{"p":"/x","d":"' + 'x'.repeat(16000));
      const closed = await closedWithin(ws, 3000);
      expect(closed, 'the stalled socket is still open after 3 s').not.toBeNull();
      expect(closed!.code).toBe(1008);
      expect(closed!.ms).toBeGreaterThanOrEqual(250);
    });

    test('a socket without any traffic is closed after the idle timeout; one sending keepalives is not', async () => {
      const quiet = await openRawSocket(emu.hostPort, ns);
      const alive = await openRawSocket(emu.hostPort, ns);
      const timer = setInterval(() => alive.send('0'), 300);
      try {
        const closed = await closedWithin(quiet, 3000);
        expect(closed, 'the silent socket is still open after 3 s').not.toBeNull();
        expect(closed!.code).toBe(1008);
        expect(closed!.ms).toBeGreaterThanOrEqual(800);
        expect(alive.readyState).toBe(alive.OPEN);
      } finally {
        clearInterval(timer);
        alive.close();
      }
    });
  });
});

// ------------------------------------------------------------------------------------------------

describe('deep queries: a 10,000-level query answers internal_error (Maximum call stack size exceeded)', () => {
  const ns = uniqueNs('deepq');
  const deepIndex = Array.from({ length: 10_000 }, () => 'a').join('/');

  beforeAll(async () => {
    await rest('PUT', ns, 'items', { body: { x: { a: 1 }, y: { a: 2 } } });
  });

  async function socket(): Promise<RawConnection> {
    const conn = await RawConnection.open(ns);
    await conn.handshake();
    return conn;
  }

  /** Sends a raw request whose body is given as JSON text; returns the reply. Numbers from 101
   *  on, clear of the ones `conn.request` uses. */
  async function raw(conn: RawConnection, r: number, a: string, bodyJson: string): Promise<{ s: string; d?: unknown } | null> {
    conn.sendMessage(`{"t":"d","d":{"r":${r},"a":"${a}","b":${bodyJson}}}`);
    return conn.replyTo(r, 4000);
  }

  function expectDepthError(reply: { s: string; d?: unknown } | null, what: string): void {
    expect(reply, `${what}: no reply`).not.toBeNull();
    expect(reply!.s, `${what}: ${JSON.stringify(reply).slice(0, 200)}`).toBe('invalid_args');
    expect(String(reply!.d)).toMatch(/deeper than 32 levels/);
  }

  test('a listen ordered by a 10,000-level child path is refused with a depth error', async () => {
    const conn = await socket();
    expectDepthError(await raw(conn, 101, 'q', JSON.stringify({ p: '/items', q: { i: deepIndex, l: 1, vf: 'l' }, t: 1, h: '' })), 'listen');
    expectDepthError(await raw(conn, 102, 'g', JSON.stringify({ p: '/items', q: { i: deepIndex, l: 1, vf: 'l' } })), 'get');
  });

  test('a listen, a get and an unlisten whose query nests 10,000 levels are refused with a depth error', async () => {
    const conn = await socket();
    expectDepthError(
      await raw(conn, 101, 'q', `{"p":"/items","q":{"i":"a","l":1,"vf":"l","x":${nestedJson(10_000)}},"t":1,"h":""}`),
      'listen',
    );
    expectDepthError(await raw(conn, 102, 'g', `{"p":"/items","q":{"i":"a","sin":${nestedJson(10_000)}}}`), 'get');
    expectDepthError(await raw(conn, 103, 'n', `{"p":"/items","q":${nestedJson(10_000)},"t":1}`), 'unlisten');
    expect((await conn.request('s', { c: {} }))?.s).toBe('ok');
  });

  test('credentials whose claims nest 10,000 levels are refused as invalid tokens', async () => {
    const conn = await socket();
    const b64 = (s: string) => Buffer.from(s).toString('base64url');
    const token = `${b64('{"alg":"none","typ":"JWT"}')}.${b64(`{"sub":"u1","user_id":"u1","deep":${nestedJson(10_000)}}`)}.`;
    expect((await raw(conn, 101, 'auth', JSON.stringify({ cred: token })))?.s).toBe('invalid_token');
    expect((await raw(conn, 102, 'gauth', `{"cred":"owner","authvar":${nestedJson(10_000)}}`))?.s).toBe('invalid_token');
    expect((await conn.request('s', { c: {} }))?.s).toBe('ok');
  });

  test('REST orderBy with a 5,000-level child path is 400 with the depth error', async () => {
    // Slashes left unencoded, so the 5,000 levels fit in node's 16 KB request-line limit.
    const orderBy = JSON.stringify(Array.from({ length: 5_000 }, () => 'a').join('/'));
    const r = await restRequest(`${restUrl(ns, 'items', { limitToFirst: '1' })}&orderBy=${orderBy}`, 'GET');
    expect(r.status, r.text.slice(0, 200)).toBe(400);
    expect((r.json() as { error: string }).error).toMatch(/deeper than 32 levels/);
  });
});
