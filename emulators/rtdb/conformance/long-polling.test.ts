// Long polling (/.lp) at the wire level, with a Node client that speaks it as the browser SDK's
// BrowserPollConnection does (emulators/rtdb/src/long-poll-client.testing.ts), and the upgrade of a
// long-polling session to a WebSocket. The browser itself is in emulators/rtdb/browser/.
import { Agent } from 'node:http';
import { afterAll, describe, expect, test } from 'vitest';
import { ref, onValue } from 'firebase/database';
import { start } from '../src';
import { LongPollClient, lpFetch, sdkBase64 } from '../src/long-poll-client.testing';
import { EMULATOR_HOST, uniqueNs } from './target.testing';
import { sleep, waitFor } from './waiting.testing';
import { closeAll, newClient } from './sdk-clients.testing';
import { rest } from './rest-client.testing';
import { RawConnection } from './wire-client.testing';

const clients: LongPollClient[] = [];
async function lp(ns: string, params: Record<string, string> = {}, host = EMULATOR_HOST): Promise<LongPollClient> {
  const c = await LongPollClient.connect(host, ns, params);
  clients.push(c);
  return c;
}
const agent = new Agent({ keepAlive: false });

afterAll(async () => {
  for (const c of clients) c.abort();
  agent.destroy();
  await closeAll();
});

describe('start, polls and segments', () => {
  test('the start script names the connection and delivers the handshake as packet 0', async () => {
    const ns = uniqueNs('lp');
    const res = await lpFetch(agent, `http://${EMULATOR_HOST}/.lp?start=t&ser=5&cb=7&v=5&ns=${ns}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatch(/pLPCommand7/);
    expect(res.body).toMatch(/pRTLPCB7/);
    const c = await lp(ns);
    expect(c.id).not.toBe('');
    expect(c.pw).not.toBe('');
    expect(c.handshake.v).toBe('5');
    expect(c.handshake.h).toBe(EMULATOR_HOST);
    expect(typeof c.handshake.s).toBe('string');
  });

  test('requests are answered in order; listens get data before ok, writes push before ok', async () => {
    const ns = uniqueNs('lp');
    const c = await lp(ns);
    expect(await c.request('s', { c: { 'sdk.js.12-19-0': 1 } })).toEqual({ s: 'ok', d: '' });
    expect(await c.request('q', { p: '/a', h: '' })).toEqual({ s: 'ok', d: {} });
    expect(await c.request('p', { p: '/a/b', d: 1 })).toEqual({ s: 'ok', d: '' });
    const data = c.messages.filter((m) => m.t === 'd').map((m) => m.d);
    expect(data).toEqual([
      { r: 1, b: { s: 'ok', d: '' } },
      { a: 'd', b: { p: '/a', d: null } },
      { r: 2, b: { s: 'ok', d: {} } },
      { a: 'd', b: { p: '/a/b', d: 1 } },
      { r: 3, b: { s: 'ok', d: '' } },
    ]);
  });

  test('a held poll is answered as soon as another client writes', async () => {
    const ns = uniqueNs('lp');
    const c = await lp(ns);
    await c.request('q', { p: '/x', h: '' });
    await sleep(50); // the poll is held now
    const t0 = Date.now();
    expect((await rest('PUT', ns, 'x', { body: 'hello' })).status).toBe(200);
    const push = await c.waitFor((m) => (m.d as { b?: { d?: unknown } }).b?.d === 'hello');
    expect(push).not.toBeNull();
    expect(Date.now() - t0).toBeLessThan(1000);
  });

  test('a 300 KB write in many segments, with multi-byte characters cut anywhere, arrives whole', async () => {
    const ns = uniqueNs('lp');
    const c = await lp(ns);
    // 'é' (2 bytes), '€' (3) and an emoji (4, a surrogate pair): segment and base64 boundaries fall
    // inside all of them somewhere in 300 KB.
    const big: Record<string, string> = {};
    for (let i = 0; i < 10; i++) big[`k${i}`] = `${i}é€😀`.repeat(3000);
    const text = JSON.stringify({ t: 'd', d: { r: 1, a: 'p', b: { p: '/big', d: big } } });
    expect(Math.ceil(sdkBase64(text).length / 1840)).toBeGreaterThan(100);
    expect(await c.request('p', { p: '/big', d: big }, 15_000)).toEqual({ s: 'ok', d: '' });
    expect(c.requests.withData).toBeGreaterThan(100);
    expect((await rest('GET', ns, 'big')).json()).toEqual(big);
  });

  test('a 300 KB value reaches a long-polling listener intact', async () => {
    const ns = uniqueNs('lp');
    const big: Record<string, string> = {};
    for (let i = 0; i < 10; i++) big[`k${i}`] = `${i}é€😀`.repeat(3000);
    await rest('PUT', ns, 'big', { body: big });
    const c = await lp(ns);
    await c.request('q', { p: '/big', h: '' });
    const push = c.messages.find((m) => (m.d as { a?: string }).a === 'd');
    expect((push!.d as { b: { d: unknown } }).b.d).toEqual(big);
  });

  test('ping is answered with pong', async () => {
    const c = await lp(uniqueNs('lp'));
    c.send({ t: 'c', d: { t: 'p', d: {} } });
    expect(await c.waitFor((m) => m.t === 'c' && (m.d as { t: string }).t === 'o')).not.toBeNull();
  });

  test('the disconnect frame page calls disconn for this connection', async () => {
    const c = await lp(uniqueNs('lp'));
    const res = await lpFetch(agent, `http://${EMULATOR_HOST}/.lp?dframe=t&id=${c.id}&pw=${c.pw}`);
    expect(res.status).toBe(200);
    expect(res.body).toContain(`disconn=t&id=${encodeURIComponent(c.id)}&pw=${encodeURIComponent(c.pw)}`);
  });

  test('unknown connections get 404 (the SDK reconnects), a bad callback name 400', async () => {
    expect((await lpFetch(agent, `http://${EMULATOR_HOST}/.lp?id=nope&pw=x&ser=1`)).status).toBe(404);
    const c = await lp(uniqueNs('lp'));
    expect((await lpFetch(agent, `http://${EMULATOR_HOST}/.lp?id=${c.id}&pw=wrong&ser=1`)).status).toBe(404);
    expect((await lpFetch(agent, `http://${EMULATOR_HOST}/.lp?start=t&cb=${encodeURIComponent('a;alert(1)')}&v=5`)).status).toBe(400);
  });
});

describe('end of a session', () => {
  test('disconn (the page went away) runs the onDisconnect writes', async () => {
    const ns = uniqueNs('lp');
    const c = await lp(ns);
    expect(await c.request('o', { p: '/presence', d: 'gone' })).toEqual({ s: 'ok', d: '' });
    await c.disconnect();
    await waitFor(async () => (await rest('GET', ns, 'presence')).json() === 'gone', 'onDisconnect write after disconn');
  });

  test('a client that drops its held poll (tab killed) is gone after a moment', async () => {
    const ns = uniqueNs('lp');
    const c = await lp(ns);
    expect(await c.request('o', { p: '/presence', d: 'gone' })).toEqual({ s: 'ok', d: '' });
    await sleep(50);
    c.abort();
    await waitFor(async () => (await rest('GET', ns, 'presence')).json() === 'gone', 'onDisconnect write after the poll was dropped', 4000);
  });

  test('a reconnect naming the previous session (ls=) ends it at once', async () => {
    const ns = uniqueNs('lp');
    const first = await lp(ns);
    expect(await first.request('o', { p: '/presence', d: 'replaced' })).toEqual({ s: 'ok', d: '' });
    await lp(ns, { ls: first.handshake.s });
    expect((await rest('GET', ns, 'presence')).json()).toBe('replaced');
    await waitFor(() => first.closed, 'the old connection to be told to close');
  });

  test('a message over the size limit is answered too_big and the connection closed', async () => {
    const emu = await start({ port: 0, quiet: true, maxRequestBytes: 20_000 });
    try {
      const c = await LongPollClient.connect(`127.0.0.1:${emu.port}`, 'small');
      clients.push(c);
      const reply = await c.request('p', { p: '/x', d: 'y'.repeat(50_000) });
      expect(reply?.s).toBe('too_big');
      await waitFor(() => c.closed, 'the connection to be closed');
    } finally {
      await emu.stop();
    }
  });
});

describe('upgrade to WebSocket', () => {
  test('the handshake: a (server), pings answered on the secondary, a + n (client), n + close on the primary', async () => {
    const ns = uniqueNs('lp');
    const c = await lp(ns);
    const sessionId = c.handshake.s;
    await c.request('q', { p: '/u', h: '' });
    const ws = await RawConnection.open(ns, `v=5&s=${encodeURIComponent(sessionId)}&ns=${ns}`);
    await waitFor(() => ws.messages[0], 'the switch ack on the secondary');
    expect(ws.messages[0]).toEqual({ t: 'c', d: { t: 'a', d: {} } });
    ws.sendMessage({ t: 'c', d: { t: 'p', d: {} } });
    ws.sendMessage({ t: 'c', d: { t: 'p', d: {} } });
    await waitFor(() => ws.messages.length >= 3, 'two pongs on the secondary');
    expect(ws.messages.slice(1, 3)).toEqual([
      { t: 'c', d: { t: 'o', d: {} } },
      { t: 'c', d: { t: 'o', d: {} } },
    ]);

    // The client acks on the secondary and starts sending there; the server holds those requests
    // until the primary's end of transmission, so they stay behind what the primary carried.
    ws.sendMessage({ t: 'c', d: { t: 'a', d: {} } });
    ws.sendMessage({ t: 'd', d: { r: 50, a: 'p', b: { p: '/u', d: 'via ws' } } });
    await sleep(100);
    expect(ws.messages.some((m) => (m.d as { r?: number }).r === 50)).toBe(false);
    expect((await rest('GET', ns, 'u')).json()).toBeNull();

    c.send({ t: 'c', d: { t: 'n', d: {} } });
    expect(await c.waitFor((m) => m.t === 'c' && (m.d as { t: string }).t === 'n')).not.toBeNull();
    await waitFor(() => c.closed, 'the close command on the primary');
    expect(await ws.replyTo(50)).toEqual({ s: 'ok', d: '' });
    // The listen made over long polling now pushes over the WebSocket.
    expect(ws.messages.some((m) => m.t === 'd' && JSON.stringify(m.d) === JSON.stringify({ a: 'd', b: { p: '/u', d: 'via ws' } }))).toBe(
      true,
    );
    await rest('PUT', ns, 'u', { body: 'from rest' });
    await waitFor(() => ws.messages.some((m) => (m.d as { b?: { d?: unknown } }).b?.d === 'from rest'), 'a push over the WebSocket');
    expect(await ws.request('g', { p: '/u', q: {} })).toEqual({ s: 'ok', d: 'from rest' });
    ws.close();
  });

  test('the session survives a secondary that goes away before the switch', async () => {
    const ns = uniqueNs('lp');
    const c = await lp(ns);
    const ws = await RawConnection.open(ns, `v=5&s=${encodeURIComponent(c.handshake.s)}&ns=${ns}`);
    await waitFor(() => ws.messages[0], 'the switch ack');
    ws.close();
    await ws.waitClosed();
    expect(await c.request('p', { p: '/still', d: 'here' })).toEqual({ s: 'ok', d: '' });
  });

  test('a WebSocket naming no live session is reset and closed', async () => {
    const ns = uniqueNs('lp');
    const ws = await RawConnection.open(ns, `v=5&s=no-such-session&ns=${ns}`);
    await waitFor(() => ws.messages[0], 'the reset');
    expect((ws.messages[0].d as { t: string }).t).toBe('r');
    expect(await ws.waitClosed()).toBe(true);
  });

  test('an SDK client sees writes of a long-polling client', async () => {
    const ns = uniqueNs('lp');
    const sdk = newClient(ns);
    const seen: unknown[] = [];
    onValue(ref(sdk.db, 'shared'), (s) => seen.push(s.val()));
    const c = await lp(ns);
    await c.request('p', { p: '/shared', d: { from: 'lp' } });
    await waitFor(() => JSON.stringify(seen.at(-1)) === JSON.stringify({ from: 'lp' }), 'the SDK listener to see the write');
  });
});
