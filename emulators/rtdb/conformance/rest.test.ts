// 8. The REST surface (emulators/rtdb/docs/protocol.md#rest-surface): data endpoints, options, auth and the rules
// endpoint.
import { beforeAll, describe, expect, test } from 'vitest';
import { get, ref, setWithPriority } from 'firebase/database';
import { uniqueId, uniqueNs } from './target.testing';
import { openDatabases } from './sdk-clients.testing';
import { valueWhere } from './snapshots.testing';
import { mockIdToken, putRules, rest, restRequest, rulesUrl } from './rest-client.testing';

const ns = uniqueNs('rest');
const [client] = openDatabases(ns, 1);

describe('data endpoints', () => {
  test('PUT writes and echoes the value; GET reads it back', async () => {
    const path = uniqueId('put');
    const put = await rest('PUT', ns, `${path}/obj`, { body: { x: 1, y: { z: 'two' } } });
    expect(put.status).toBe(200);
    expect(put.json()).toEqual({ x: 1, y: { z: 'two' } });
    const res = await rest('GET', ns, `${path}/obj`);
    expect(res.status).toBe(200);
    expect(res.json()).toEqual({ x: 1, y: { z: 'two' } });
    expect((await rest('GET', ns, `${path}/obj/y/z`)).json()).toBe('two');
  });

  test('PUT of primitives', async () => {
    const path = uniqueId('prim');
    for (const v of ['hi', 42, 1.5e-300, true, false]) {
      const put = await rest('PUT', ns, path, { body: v });
      expect(put.status).toBe(200);
      expect(put.json()).toBe(v);
      expect((await rest('GET', ns, path)).json()).toBe(v);
    }
  });

  test('GET of a missing location is 200 null', async () => {
    const res = await rest('GET', ns, uniqueId('missing'));
    expect(res.status).toBe(200);
    expect(res.json()).toBeNull();
  });

  test('PATCH merges multi-segment paths and echoes the body', async () => {
    const path = uniqueId('patch');
    await rest('PUT', ns, path, { body: { a: { x: 1 }, keep: true, gone: 1 } });
    const body = { 'a/y': 2, c: 3, gone: null };
    const res = await rest('PATCH', ns, path, { body });
    expect(res.status).toBe(200);
    expect(res.json()).toEqual(body);
    expect((await rest('GET', ns, path)).json()).toEqual({ a: { x: 1, y: 2 }, keep: true, c: 3 });
  });

  test('POST creates a child with a chronological push id', async () => {
    const path = uniqueId('post');
    const r1 = await rest('POST', ns, path, { body: { v: 1 } });
    const r2 = await rest('POST', ns, path, { body: { v: 2 } });
    expect(r1.status).toBe(200);
    const n1 = (r1.json() as { name: string }).name;
    const n2 = (r2.json() as { name: string }).name;
    expect(n1).toMatch(/^[-0-9A-Za-z_]{20}$/);
    expect(n2 > n1).toBe(true);
    expect((await rest('GET', ns, path)).json()).toEqual({ [n1]: { v: 1 }, [n2]: { v: 2 } });
  });

  test('DELETE removes and answers null', async () => {
    const path = uniqueId('del');
    await rest('PUT', ns, path, { body: { a: 1, b: 2 } });
    const res = await rest('DELETE', ns, `${path}/a`);
    expect(res.status).toBe(200);
    expect(res.json()).toBeNull();
    expect((await rest('GET', ns, path)).json()).toEqual({ b: 2 });
  });

  test('PUT null deletes', async () => {
    const path = uniqueId('putnull');
    await rest('PUT', ns, path, { body: 'x' });
    await rest('PUT', ns, path, { rawBody: 'null' });
    expect((await rest('GET', ns, path)).json()).toBeNull();
  });

  test('URL-encoded path segments are decoded', async () => {
    const base = uniqueId('enc');
    const res = await rest('PUT', ns, `${base}/a b/ü`, { body: 'spaced' });
    expect(res.status).toBe(200);
    expect((await get(ref(client, `${base}/a b/ü`))).val()).toBe('spaced');
  });

  test('print=silent answers 204 with no body', async () => {
    const path = uniqueId('silent');
    const put = await rest('PUT', ns, path, { body: { a: 1 }, query: { print: 'silent' } });
    expect(put.status).toBe(204);
    expect(put.text).toBe('');
    const patch = await rest('PATCH', ns, path, { body: { b: 2 }, query: { print: 'silent' } });
    expect(patch.status).toBe(204);
    expect(patch.text).toBe('');
    expect((await rest('GET', ns, path)).json()).toEqual({ a: 1, b: 2 });
  });

  test('print=pretty is indented JSON of the same value', async () => {
    const path = uniqueId('pretty');
    await rest('PUT', ns, path, { body: { a: { b: 1 } } });
    const res = await rest('GET', ns, path, { query: { print: 'pretty' } });
    expect(res.status).toBe(200);
    expect(res.json()).toEqual({ a: { b: 1 } });
    expect(res.text).toContain('\n');
  });

  test('shallow=true truncates object children to true', async () => {
    const path = uniqueId('shallow');
    await rest('PUT', ns, path, { body: { a: { x: 1 }, b: { y: { z: 2 } } } });
    const res = await rest('GET', ns, path, { query: { shallow: 'true' } });
    expect(res.status).toBe(200);
    expect(res.json()).toEqual({ a: true, b: true });
    const leaf = await rest('GET', ns, `${path}/a/x`, { query: { shallow: 'true' } });
    expect(leaf.json()).toBe(1);
  });

  test('format=export includes priorities', async () => {
    const path = uniqueId('export');
    await setWithPriority(ref(client, `${path}/leaf`), 'v', 5);
    await setWithPriority(ref(client, `${path}/obj`), { c: 1 }, 'p');
    const res = await rest('GET', ns, path, { query: { format: 'export' } });
    expect(res.status).toBe(200);
    expect(res.json()).toEqual({ leaf: { '.value': 'v', '.priority': 5 }, obj: { c: 1, '.priority': 'p' } });
    // Without format=export the priorities are not shown.
    expect((await rest('GET', ns, path)).json()).toEqual({ leaf: 'v', obj: { c: 1 } });
  });

  test('PUT with .priority in the body stores the priority', async () => {
    const path = uniqueId('putprio');
    await rest('PUT', ns, path, { body: { '.value': 'v', '.priority': 3 } });
    const snap = await get(ref(client, path));
    expect(snap.val()).toBe('v');
    expect(snap.priority).toBe(3);
  });

  test('orderBy="$key" with limitToFirst / startAt filters the result', async () => {
    const path = uniqueId('q');
    await rest('PUT', ns, path, { body: { b: 1, a: 2, '10': 3, '9': 4, c: 5 } });
    const first = await rest('GET', ns, path, { query: { orderBy: '"$key"', limitToFirst: '2' } });
    expect(first.status).toBe(200);
    expect(Object.keys(first.json() as object).sort()).toEqual(['10', '9']);
    const last = await rest('GET', ns, path, { query: { orderBy: '"$key"', limitToLast: '2' } });
    expect(Object.keys(last.json() as object).sort()).toEqual(['b', 'c']);
    const range = await rest('GET', ns, path, { query: { orderBy: '"$key"', startAt: '"a"', endAt: '"b"' } });
    expect(range.json()).toEqual({ a: 2, b: 1 });
  });
});

describe('REST writes reach SDK listeners', () => {
  test('PUT, PATCH and DELETE are seen by an onValue listener', async () => {
    const path = uniqueId('live');
    const p1 = valueWhere(ref(client, path), (s) => s.val()?.a === 1, 'listener sees the REST PUT');
    await rest('PUT', ns, path, { body: { a: 1 } });
    await p1;
    const p2 = valueWhere(ref(client, path), (s) => s.val()?.b === 2 && s.val()?.a === 1, 'listener sees PATCH');
    await rest('PATCH', ns, path, { body: { b: 2 } });
    await p2;
    const p3 = valueWhere(ref(client, path), (s) => !s.exists(), 'listener sees DELETE');
    await rest('DELETE', ns, path);
    await p3;
  });

  test('POST is seen by a listener', async () => {
    const path = uniqueId('livepost');
    const seen = valueWhere(ref(client, path), (s) => s.size === 1, 'listener sees the POSTed child');
    const res = await rest('POST', ns, path, { body: 'pushed' });
    const snap = await seen;
    expect(snap.child((res.json() as { name: string }).name).val()).toBe('pushed');
  });
});

describe('errors', () => {
  test('bad JSON is 400 with an error body', async () => {
    const res = await rest('PUT', ns, uniqueId('bad'), { rawBody: '{"a": ' });
    expect(res.status).toBe(400);
    expect(typeof (res.json() as { error?: unknown }).error).toBe('string');
    const patch = await rest('PATCH', ns, uniqueId('bad'), { rawBody: 'not json' });
    expect(patch.status).toBe(400);
  });
});

describe('auth and rules over REST', () => {
  const rns = uniqueNs('rest-rules');
  const marker = uniqueId('marker');
  const rulesText = `{
  // ${marker} comment survives
  "rules": {
    "secret": {
      ".read": "auth != null && auth.uid == 'alice'",
      ".write": "auth != null && auth.uid == 'alice'"
    },
    "open": { ".read": true, ".write": true },
    "verified": { ".read": "auth.token.email_verified == true" }
  }
}`;

  beforeAll(async () => {
    const res = await restRequest(rulesUrl(rns), 'PUT', { rawBody: rulesText, bearer: 'owner' });
    expect(res.status, `rules upload: ${res.text}`).toBeGreaterThanOrEqual(200);
    expect(res.status).toBeLessThan(300);
    await rest('PUT', rns, 'secret', { body: { s: 1 }, bearer: 'owner' });
  });

  test('GET /.settings/rules.json with owner returns the uploaded rules text', async () => {
    const res = await restRequest(rulesUrl(rns), 'GET', { bearer: 'owner' });
    expect(res.status).toBe(200);
    expect(res.text).toContain("auth.uid == 'alice'");
    expect(res.text).toContain(marker); // the source is kept with its comments
  });

  test('a rules denial is 401 with {"error": ...}', async () => {
    const read = await rest('GET', rns, 'secret');
    expect(read.status).toBe(401);
    expect((read.json() as { error?: string }).error).toMatch(/permission denied/i);
    const write = await rest('PUT', rns, 'secret', { body: 'hacked' });
    expect(write.status).toBe(401);
    expect((await rest('GET', rns, 'secret', { bearer: 'owner' })).json()).toEqual({ s: 1 });
  });

  test('auth=<id token> and Authorization: Bearer <id token> apply rules as that user', async () => {
    const aliceToken = mockIdToken('alice');
    const bobToken = mockIdToken('bob');
    expect((await rest('GET', rns, 'secret', { query: { auth: aliceToken } })).status).toBe(200);
    expect((await rest('GET', rns, 'secret', { bearer: aliceToken })).json()).toEqual({ s: 1 });
    expect((await rest('GET', rns, 'secret', { query: { auth: bobToken } })).status).toBe(401);
    expect((await rest('GET', rns, 'secret', { bearer: bobToken })).status).toBe(401);
    const w = await rest('PATCH', rns, 'secret', { body: { t: 2 }, bearer: aliceToken });
    expect(w.status).toBe(200);
  });

  test('token claims are visible to rules (auth.token.email_verified)', async () => {
    const ok = await rest('GET', rns, 'verified', { bearer: mockIdToken('v', { email_verified: true }) });
    expect(ok.status).toBe(200);
    const no = await rest('GET', rns, 'verified', { bearer: mockIdToken('u', { email_verified: false }) });
    expect(no.status).toBe(401);
  });

  test('Bearer owner and auth=owner bypass the rules', async () => {
    expect((await rest('GET', rns, 'secret', { bearer: 'owner' })).status).toBe(200);
    expect((await rest('GET', rns, 'secret', { query: { auth: 'owner' } })).status).toBe(200);
    expect((await rest('PATCH', rns, 'secret', { body: { o: 3 }, bearer: 'owner' })).status).toBe(200);
  });

  test('a rules upload without owner is refused and changes nothing', async () => {
    const res = await restRequest(rulesUrl(rns), 'PUT', { rawBody: '{"rules": {".read": true, ".write": true}}' });
    expect(res.status).toBeGreaterThanOrEqual(400);
    const user = await restRequest(rulesUrl(rns), 'PUT', {
      rawBody: '{"rules": {".read": true, ".write": true}}',
      bearer: mockIdToken('alice'),
    });
    expect(user.status).toBeGreaterThanOrEqual(400);
    expect((await rest('GET', rns, 'secret')).status).toBe(401);
  });

  test.each([
    ['invalid JSON', '{"rules": {'],
    ['an expression syntax error', '{"rules": {".read": "auth.uid ==", ".write": false}}'],
    ['an unknown .key', '{"rules": {".reed": true}}'],
    ['two $wildcards at one level', '{"rules": {"$a": {".read": true}, "$b": {".read": true}}}'],
  ])('bad rules (%s) are refused with {"error": ...} and the old rules stay', async (_name, bad) => {
    const res = await restRequest(rulesUrl(rns), 'PUT', { rawBody: bad, bearer: 'owner' });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(typeof (res.json() as { error?: unknown }).error).toBe('string');
    expect((await rest('GET', rns, 'secret')).status).toBe(401);
    expect((await rest('GET', rns, 'open')).status).toBe(200);
  });

  test('rules uploaded by a helper apply to SDK clients of that namespace only', async () => {
    const other = uniqueNs('rest-rules2');
    await putRules(other, { rules: { '.read': false, '.write': false } });
    expect((await rest('GET', other, 'anything')).status).toBe(401);
    expect((await rest('GET', ns, 'anything')).status).toBe(200);
  });
});
