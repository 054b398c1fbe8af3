// REST streaming (GET with Accept: text/event-stream), read with a plain HTTP client.
import { request, type IncomingMessage } from 'node:http';
import { afterAll, describe, expect, test } from 'vitest';
import { start } from '../src';
import { EMULATOR_HOST, uniqueNs } from './target.testing';
import { waitFor } from './waiting.testing';
import { mockIdToken, putRules, rest, restUrl } from './rest-client.testing';

interface StreamEvent {
  event: string;
  data: unknown;
}

interface EventStream {
  status: number;
  headers: IncomingMessage['headers'];
  events: StreamEvent[];
  /** The body when the answer is no stream (an error). */
  body: string;
  ended: boolean;
  next(pred?: (e: StreamEvent) => boolean, timeoutMs?: number): Promise<StreamEvent>;
  close(): void;
}

const open = new Set<EventStream>();
afterAll(() => {
  for (const s of open) s.close();
});

/** Opens an event stream and parses its events as they come. */
function openStream(url: string, headers: Record<string, string> = {}): Promise<EventStream> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { Accept: 'text/event-stream', ...headers } }, (res) => {
      let buffer = '';
      let taken = 0;
      const stream: EventStream = {
        status: res.statusCode ?? 0,
        headers: res.headers,
        events: [],
        body: '',
        ended: false,
        async next(pred = () => true, timeoutMs = 3000) {
          let found: StreamEvent | undefined;
          await waitFor(
            () => {
              const i = stream.events.findIndex((e, j) => j >= taken && pred(e));
              if (i < 0) return false;
              found = stream.events[i];
              taken = i + 1;
              return true;
            },
            () => `a matching event; got ${JSON.stringify(stream.events.slice(taken))}`,
            timeoutMs,
          );
          return found!;
        },
        close() {
          req.destroy();
          open.delete(stream);
        },
      };
      open.add(stream);
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        if (!String(res.headers['content-type']).startsWith('text/event-stream')) {
          stream.body += chunk;
          return;
        }
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event = /^event: (.*)$/m.exec(block)?.[1] ?? 'message';
          const data = /^data: (.*)$/m.exec(block)?.[1] ?? '';
          stream.events.push({ event, data: JSON.parse(data) });
        }
      });
      res.on('end', () => (stream.ended = true));
      res.on('close', () => (stream.ended = true));
      resolve(stream);
    });
    req.on('error', reject);
    req.end();
  });
}

describe('events', () => {
  test('put of the whole location first, then put and patch as the data changes', async () => {
    const ns = uniqueNs('sse');
    await rest('PUT', ns, 'room', { body: { a: 1, b: { c: 2 } } });
    // An EventSource of a page on a local dev server (the official emulator answers every origin with *).
    const page = 'http://localhost:5173';
    const s = await openStream(restUrl(ns, 'room'), { Origin: page });
    expect(s.status).toBe(200);
    expect(s.headers['content-type']).toMatch(/^text\/event-stream/);
    expect([page, '*']).toContain(s.headers['access-control-allow-origin']);
    expect(await s.next()).toEqual({ event: 'put', data: { path: '/', data: { a: 1, b: { c: 2 } } } });

    await rest('PUT', ns, 'room/b/c', { body: 3 });
    expect(await s.next()).toEqual({ event: 'put', data: { path: '/b/c', data: 3 } });
    await rest('PATCH', ns, 'room', { body: { a: 5, 'b/d': 'x' } });
    expect(await s.next()).toEqual({ event: 'patch', data: { path: '/', data: { a: 5, 'b/d': 'x' } } });
    await rest('DELETE', ns, 'room/a');
    expect(await s.next()).toEqual({ event: 'put', data: { path: '/a', data: null } });
    // A write above the location replaces it.
    await rest('PUT', ns, '', { body: { room: { z: true } } });
    expect(await s.next()).toEqual({ event: 'put', data: { path: '/', data: { z: true } } });
    // A write elsewhere sends nothing.
    await rest('PUT', ns, 'other', { body: 1 });
    await rest('PUT', ns, 'room/y', { body: 2 });
    expect(await s.next()).toEqual({ event: 'put', data: { path: '/y', data: 2 } });
    s.close();
  });

  test('priorities only with format=export', async () => {
    const ns = uniqueNs('sse');
    await rest('PUT', ns, 'p', { body: { a: { '.value': 1, '.priority': 5 } } });
    const plain = await openStream(restUrl(ns, 'p'));
    expect(await plain.next()).toEqual({ event: 'put', data: { path: '/', data: { a: 1 } } });
    const exported = await openStream(restUrl(ns, 'p', { format: 'export' }));
    expect(await exported.next()).toEqual({ event: 'put', data: { path: '/', data: { a: { '.value': 1, '.priority': 5 } } } });
    plain.close();
    exported.close();
  });

  test('queries: orderBy and limits keep the window up to date', async () => {
    const ns = uniqueNs('sse');
    await rest('PUT', ns, 'scores', { body: { a: { s: 5 }, b: { s: 1 }, c: { s: 9 } } });
    const s = await openStream(restUrl(ns, 'scores', { orderBy: '"s"', limitToLast: '2' }));
    expect(await s.next()).toEqual({ event: 'put', data: { path: '/', data: { a: { s: 5 }, c: { s: 9 } } } });
    await rest('PUT', ns, 'scores/d', { body: { s: 7 } });
    expect(await s.next()).toEqual({ event: 'put', data: { path: '/', data: { c: { s: 9 }, d: { s: 7 } } } });
    // Outside the window: nothing; the next change inside it arrives.
    await rest('PUT', ns, 'scores/e', { body: { s: 0 } });
    await rest('PUT', ns, 'scores/c/s', { body: 10 });
    expect(await s.next()).toEqual({ event: 'put', data: { path: '/', data: { c: { s: 10 }, d: { s: 7 } } } });
    s.close();
  });

  test('an unlimited range sends patches of the children that enter or leave it', async () => {
    const ns = uniqueNs('sse');
    await rest('PUT', ns, 'n', { body: { a: 1, b: 5 } });
    const s = await openStream(restUrl(ns, 'n', { orderBy: '"$value"', startAt: '3' }));
    expect(await s.next()).toEqual({ event: 'put', data: { path: '/', data: { b: 5 } } });
    await rest('PUT', ns, 'n/a', { body: 4 });
    expect(await s.next()).toEqual({ event: 'patch', data: { path: '/', data: { a: 4 } } });
    await rest('PUT', ns, 'n/b', { body: 0 });
    expect(await s.next()).toEqual({ event: 'patch', data: { path: '/', data: { b: null } } });
    s.close();
  });

  test('a bad query is refused before any event', async () => {
    const s = await openStream(restUrl(uniqueNs('sse'), 'x', { limitToFirst: '2' }));
    expect(s.status).toBe(400);
    expect(JSON.parse(s.body)).toEqual({ error: expect.stringMatching(/orderBy/) });
  });
});

describe('rules and auth', () => {
  const rules = {
    rules: {
      private: { $uid: { '.read': 'auth != null && auth.uid === $uid' } },
      board: { '.read': "root.child('open').val() === true" },
      open: { '.read': true },
    },
  };

  test('auth= and Authorization: Bearer as for GET; a stream without read access gets 401', async () => {
    const ns = uniqueNs('sse');
    await putRules(ns, rules);
    await rest('PUT', ns, 'private/alice', { body: { x: 1 }, bearer: 'owner' });
    const denied = await openStream(restUrl(ns, 'private/alice'));
    expect(denied.status).toBe(401);
    expect(JSON.parse(denied.body)).toEqual({ error: 'Permission denied' });
    const viaQuery = await openStream(restUrl(ns, 'private/alice', { auth: mockIdToken('alice') }));
    expect(await viaQuery.next()).toEqual({ event: 'put', data: { path: '/', data: { x: 1 } } });
    const viaHeader = await openStream(restUrl(ns, 'private/alice'), { Authorization: `Bearer ${mockIdToken('alice')}` });
    expect(await viaHeader.next()).toEqual({ event: 'put', data: { path: '/', data: { x: 1 } } });
    viaQuery.close();
    viaHeader.close();
  });

  test('cancel when a rules change takes the read away; the stream ends', async () => {
    const ns = uniqueNs('sse');
    await putRules(ns, rules);
    const s = await openStream(restUrl(ns, 'private/bob', { auth: mockIdToken('bob') }));
    expect((await s.next()).event).toBe('put');
    await putRules(ns, { rules: { '.read': false } });
    expect(await s.next()).toEqual({ event: 'cancel', data: null });
    await waitFor(() => s.ended, 'the stream to end after cancel');
  });

  test('cancel when a write changes what the rules read', async () => {
    const ns = uniqueNs('sse');
    await putRules(ns, rules);
    await rest('PUT', ns, '', { body: { open: true, board: { msg: 'hi' } }, bearer: 'owner' });
    const s = await openStream(restUrl(ns, 'board'));
    expect(await s.next()).toEqual({ event: 'put', data: { path: '/', data: { msg: 'hi' } } });
    await rest('PUT', ns, 'open', { body: false, bearer: 'owner' });
    await rest('PUT', ns, 'board/msg', { body: 'secret', bearer: 'owner' });
    expect(await s.next()).toEqual({ event: 'cancel', data: null });
    expect(s.events.some((e) => JSON.stringify(e.data).includes('secret'))).toBe(false);
    await waitFor(() => s.ended, 'the stream to end after cancel');
  });

  test('auth_revoked when the token expires; the stream ends', async () => {
    const ns = uniqueNs('sse');
    await putRules(ns, rules);
    // `exp` has whole seconds; 3 s leaves room for a loaded machine to open the stream before
    // the token expires (a token already expired when the stream begins is never revoked).
    const token = mockIdToken('carol', { exp: Math.floor(Date.now() / 1000) + 3 });
    const s = await openStream(restUrl(ns, 'private/carol', { auth: token }));
    expect((await s.next()).event).toBe('put');
    expect(s.events.map((e) => e.event)).not.toContain('auth_revoked');
    expect(await s.next((e) => e.event !== 'keep-alive', 10_000)).toEqual({ event: 'auth_revoked', data: 'credential is no longer valid' });
    await waitFor(() => s.ended, 'the stream to end after auth_revoked');
  });

  test('a mock token that expired long ago (exp 3600) is trusted and never revoked', async () => {
    const ns = uniqueNs('sse');
    await putRules(ns, rules);
    const s = await openStream(restUrl(ns, 'private/dave', { auth: mockIdToken('dave') }));
    expect(await s.next()).toEqual({ event: 'put', data: { path: '/', data: null } });
    await rest('PUT', ns, 'private/dave', { body: 1, bearer: 'owner' });
    expect(await s.next()).toEqual({ event: 'put', data: { path: '/', data: 1 } });
    s.close();
  });
});

describe('keep-alive and the end of a stream', () => {
  test('keep-alive events at the configured interval (streamKeepAliveMs)', async () => {
    const emu = await start({ port: 0, quiet: true, streamKeepAliveMs: 100 });
    try {
      const s = await openStream(`${emu.url}/x.json?ns=ka`);
      expect((await s.next()).event).toBe('put');
      expect(await s.next()).toEqual({ event: 'keep-alive', data: null });
      expect(await s.next()).toEqual({ event: 'keep-alive', data: null });
      s.close();
    } finally {
      await emu.stop();
    }
  });

  test('a closed stream stops listening (no listener left behind)', async () => {
    const emu = await start({ port: 0, quiet: true });
    try {
      const s = await openStream(`${emu.url}/x.json?ns=gone`);
      expect((await s.next()).event).toBe('put');
      s.close();
      // A write after the close still works, and a new stream sees it.
      await waitFor(async () => (await fetch(`${emu.url}/x.json?ns=gone`, { method: 'PUT', body: '1' })).ok, 'a write');
      const again = await openStream(`${emu.url}/x.json?ns=gone`);
      expect(await again.next()).toEqual({ event: 'put', data: { path: '/', data: 1 } });
      again.close();
    } finally {
      await emu.stop();
    }
  });

  test('the emulator stopping ends open streams', async () => {
    const emu = await start({ port: 0, quiet: true });
    const s = await openStream(`${emu.url}/x.json?ns=stop`);
    expect((await s.next()).event).toBe('put');
    await emu.stop();
    await waitFor(() => s.ended, 'the stream to end');
  });

  test('the suite emulator answers an event stream (EMULATOR_HOST)', async () => {
    const s = await openStream(`http://${EMULATOR_HOST}/.json?ns=${uniqueNs('sse')}`);
    expect(s.status).toBe(200);
    s.close();
  });
});
