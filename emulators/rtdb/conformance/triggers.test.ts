// Cloud Functions database triggers with firebase-tools' own Functions emulator and no Java
// (emulators/rtdb/README.md#functions-triggers): the fixture project in
// emulators/rtdb/test-fixtures/functions-project has v1 and v2 triggers, each recording what
// firebase-functions handed it under /fired/<function>. One Functions emulator and one database
// emulator for the whole file (firebase-tools takes seconds to start).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ref, remove } from 'firebase/database';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getDatabase } from 'firebase-admin/database';
import { type RunningEmulator, FIREBASE_TOOLS_VERSION, start } from '../src';
import { type FunctionsEmulator, startFunctionsEmulator } from '../src/functions-emulator.testing';
import { closeAll, newClient } from './sdk-clients.testing';

const external = Boolean(process.env.FIREBASE_DATABASE_EMULATOR_HOST);
const PROJECT = 'demo-trig';
const DEFAULT_NS = `${PROJECT}-default-rtdb`;
const SECOND_NS = 'demo-trig-second';
const FIXTURE_FUNCTIONS = [
  'v1Create',
  'v1Write',
  'v1Update',
  'v1Delete',
  'v2Written',
  'v2CreatedSecond',
  'v2Updated',
  'v2Deleted',
  'v2Deep',
  'chainStart',
  'chainNext',
  'benchEcho',
];

/** An unsigned ID token, as the emulators accept (and the SDKs' mockUserToken sends). */
function idToken(claims: Record<string, unknown>): string {
  const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const now = Math.floor(Date.now() / 1000);
  return `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ iss: `https://securetoken.google.com/${PROJECT}`, aud: PROJECT, iat: now, exp: now + 3600, auth_time: now, ...claims, firebase: { sign_in_provider: 'password' } })}.`;
}

let db: RunningEmulator;
let fns: FunctionsEmulator;

async function rest(method: string, ns: string, path: string, body?: unknown, query: Record<string, string> = {}, token = 'owner') {
  const url = new URL(`${db.url}/${path}.json`);
  url.searchParams.set('ns', ns);
  for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
  const res = await fetch(url, {
    method,
    headers: { Authorization: `Bearer ${token}` },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(10_000),
  });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as unknown) : null };
}

/** What function `name` recorded in namespace `ns`, oldest first. */
async function fired(ns: string, name: string): Promise<Record<string, unknown>[]> {
  const { body } = await rest('GET', ns, `fired/${name}`);
  return body ? Object.values(body as Record<string, Record<string, unknown>>) : [];
}

/** Waits until every event on its way has been delivered and `name` recorded `count` events. */
async function waitFired(ns: string, name: string, count: number): Promise<Record<string, unknown>[]> {
  await expect.poll(async () => (await fired(ns, name)).length, { timeout: 20_000, interval: 100 }).toBe(count);
  return fired(ns, name);
}

async function clearFired(): Promise<void> {
  await db.triggers!.settled();
  for (const ns of [DEFAULT_NS, SECOND_NS]) await rest('DELETE', ns, '', undefined, { disableTriggers: 'true' });
}

describe.skipIf(external)('Functions triggers with firebase-tools', () => {
  beforeAll(async () => {
    db = await start({ port: 0, quiet: true, project: PROJECT, viewer: false });
    fns = await startFunctionsEmulator({ project: PROJECT, databaseHost: `127.0.0.1:${db.port}`, databaseNamespace: DEFAULT_NS });
    // The emulator was started without the Functions emulator's address: hand it over the way the
    // command line's --functions does, and wait until its list has been read.
    await db.triggers!.connect(fns.host);
  }, 120_000);

  afterAll(async () => {
    await closeAll();
    await fns?.stop();
    await db?.stop();
  }, 30_000);

  test(`firebase-tools ${FIREBASE_TOOLS_VERSION} still has the internals the triggers rely on`, async () => {
    const installed = JSON.parse(
      readFileSync(fileURLToPath(new URL('../../../node_modules/firebase-tools/package.json', import.meta.url)), 'utf8'),
    ) as { version: string };
    // If this fails, firebase-tools was upgraded: check GET /backends, the trigger route and its 404
    // text against emulators/rtdb/docs/protocol.md#functions-triggers, then move FIREBASE_TOOLS_VERSION.
    expect(installed.version, 'firebase-tools was upgraded: re-check the trigger internals').toBe(FIREBASE_TOOLS_VERSION);

    const backends = (await (await fetch(`http://${fns.host}/backends`)).json()) as {
      backends: { functionTriggers: { id: string; platform: string; eventTrigger: Record<string, unknown> }[] }[];
    };
    const defs = backends.backends.flatMap((b) => b.functionTriggers);
    const byId = new Map(defs.map((d) => [d.id, d]));
    expect(byId.get('us-central1-v1Create')).toMatchObject({
      platform: 'gcfv1',
      eventTrigger: {
        eventType: 'providers/google.firebase.database/eventTypes/ref.create',
        resource: `projects/_/instances/${DEFAULT_NS}/refs/v1/{room}/messages/{msgId}`,
      },
    });
    expect(byId.get('us-central1-v2CreatedSecond')).toMatchObject({
      platform: 'gcfv2',
      eventTrigger: {
        eventType: 'google.firebase.database.ref.v1.created',
        eventFilters: { instance: SECOND_NS },
        eventFilterPathPatterns: { ref: 'v2/{room}/items/{id}' },
      },
    });
    expect(byId.get('us-central1-v2Written')?.eventTrigger).toMatchObject({
      eventFilterPathPatterns: { ref: 'v2/{room}/items/{id}', instance: '*' },
    });

    // An unknown key is answered 404 with the list of the keys the route takes.
    const probe = await fetch(`http://${fns.host}/functions/projects/${PROJECT}/triggers/no-such-trigger`, { method: 'POST', body: '{}' });
    expect(probe.status).toBe(404);
    expect(await probe.text()).toMatch(/^Function no-such-trigger does not exist, valid functions are: .*us-central1-v1Create-0/);

    const listed = (await (await fetch(`${db.url}/.inspect/triggers.json`)).json()) as { triggers: { key: string; source: string }[] };
    expect(listed.triggers.map((t) => t.key).sort()).toEqual(FIXTURE_FUNCTIONS.map((f) => `us-central1-${f}-0`).sort());
  });

  test('v1: onCreate and onWrite on one path get the params, the data and the writer; onUpdate and onDelete follow', async () => {
    await clearFired();
    const alice = idToken({ sub: 'alice', user_id: 'alice', role: 'editor' });
    expect((await rest('PUT', DEFAULT_NS, 'v1/lobby/messages/m1', { text: 'hi', n: 1 }, {}, alice)).status).toBe(200);

    const [created] = await waitFired(DEFAULT_NS, 'v1Create', 1);
    expect(created).toEqual({
      params: { room: 'lobby', msgId: 'm1' },
      value: { text: 'hi', n: 1 },
      authType: 'USER',
      uid: 'alice',
      claim: 'editor',
      resource: `projects/_/instances/${DEFAULT_NS}/refs/v1/lobby/messages/m1`,
      eventType: 'google.firebase.database.ref.create',
    });
    const [written] = await waitFired(DEFAULT_NS, 'v1Write', 1);
    expect(written).toEqual({ params: { room: 'lobby', msgId: 'm1' }, after: { text: 'hi', n: 1 }, authType: 'USER' });

    // The Admin SDK (over its WebSocket) updates one child: before/after are the whole message.
    process.env.FIREBASE_DATABASE_EMULATOR_HOST = `127.0.0.1:${db.port}`;
    const adminApp = initializeApp({ projectId: PROJECT, databaseURL: `http://127.0.0.1:${db.port}?ns=${DEFAULT_NS}` }, 'trigger-admin');
    const adminDb = getDatabase(adminApp);
    await adminDb.ref('v1/lobby/messages/m1/n').set(2);
    adminDb.goOffline();
    await deleteApp(adminApp);
    const [updated] = await waitFired(DEFAULT_NS, 'v1Update', 1);
    expect(updated).toEqual({ before: { text: 'hi', n: 1 }, after: { text: 'hi', n: 2 } });
    const writes = await waitFired(DEFAULT_NS, 'v1Write', 2);
    expect(writes.map((w) => w.authType).sort()).toEqual(['ADMIN', 'USER']);

    // A client SDK removes it.
    const client = newClient(DEFAULT_NS, { host: `127.0.0.1:${db.port}`, mockUserToken: { user_id: 'bob', sub: 'bob' } });
    await remove(ref(client.db, 'v1/lobby/messages/m1'));
    const [deleted] = await waitFired(DEFAULT_NS, 'v1Delete', 1);
    expect(deleted).toEqual({ value: { text: 'hi', n: 2 } });
    expect(await waitFired(DEFAULT_NS, 'v1Write', 3)).toHaveLength(3);

    // v1 triggers belong to the functions' own database: nothing fires in another namespace.
    await rest('PUT', SECOND_NS, 'v1/lobby/messages/m2', { text: 'elsewhere' });
    await db.triggers!.settled();
    expect(await fired(SECOND_NS, 'v1Create')).toEqual([]);
    expect(await fired(DEFAULT_NS, 'v1Create')).toHaveLength(1);
  });

  test('v2: "*" fires in every namespace, an instance filter in its own only; authType and authId as firebase-functions reads them', async () => {
    await clearFired();
    const carol = idToken({ sub: 'carol', user_id: 'carol' });
    await rest('PUT', SECOND_NS, 'v2/r1/items/i1', { v: 1 }, {}, carol);
    const [w2] = await waitFired(SECOND_NS, 'v2Written', 1);
    expect(w2).toEqual({
      params: { room: 'r1', id: 'i1' },
      instance: SECOND_NS,
      ref: 'v2/r1/items/i1',
      after: { v: 1 },
      authType: 'app_user',
      authId: 'carol',
    });
    const [c2] = await waitFired(SECOND_NS, 'v2CreatedSecond', 1);
    expect(c2).toEqual({ params: { room: 'r1', id: 'i1' }, instance: SECOND_NS, value: { v: 1 } });

    const anonymous = await fetch(`${db.url}/v2/r1/items/i9.json?ns=${DEFAULT_NS}`, { method: 'PUT', body: '"x"' });
    expect(anonymous.status).toBe(200);
    const [w1] = await waitFired(DEFAULT_NS, 'v2Written', 1);
    expect(w1).toMatchObject({ instance: DEFAULT_NS, authType: 'unauthenticated', after: 'x' });
    expect(w1).not.toHaveProperty('authId');
    await db.triggers!.settled();
    expect(await fired(DEFAULT_NS, 'v2CreatedSecond')).toEqual([]);

    await rest('PATCH', SECOND_NS, 'v2/r1/items/i1', { v: 2 });
    const [u] = await waitFired(SECOND_NS, 'v2Updated', 1);
    expect(u).toEqual({ before: { v: 1 }, after: { v: 2 } });
  });

  test('a write above the pattern fires once per matching child; an update removing one fires its delete', async () => {
    await clearFired();
    await rest('PUT', DEFAULT_NS, 'v2/r2', { items: { a: 1, b: { c: true } }, other: 5 });
    const events = await waitFired(DEFAULT_NS, 'v2Written', 2);
    expect(events.map((e) => [e.ref, e.after]).sort()).toEqual([
      ['v2/r2/items/a', 1],
      ['v2/r2/items/b', { c: true }],
    ]);
    await rest('PATCH', DEFAULT_NS, 'v2/r2', { 'items/a': null, other: 6 });
    const [del] = await waitFired(DEFAULT_NS, 'v2Deleted', 1);
    expect(del).toEqual({ value: 1, params: { room: 'r2', id: 'a' } });
    // A write that changes nothing fires nothing.
    await rest('PUT', DEFAULT_NS, 'v2/r2/items/b', { c: true });
    await db.triggers!.settled();
    expect(await fired(DEFAULT_NS, 'v2Written')).toHaveLength(3);

    await rest('PUT', DEFAULT_NS, 'deep/x/y', 7);
    const [deep] = await waitFired(DEFAULT_NS, 'v2Deep', 1);
    expect(deep).toEqual({ params: { rest: 'x/y' }, after: 7 });
  });

  test('writes made by a trigger fire further triggers (v2 → v1)', async () => {
    await clearFired();
    await rest('PUT', DEFAULT_NS, 'chain/a/k1', 1);
    await expect
      .poll(async () => (await rest('GET', DEFAULT_NS, 'chain/c/k1')).body, { timeout: 20_000, interval: 100 })
      .toEqual({ from: 'chainNext', n: 2 });
    expect((await rest('GET', DEFAULT_NS, 'chain/b/k1')).body).toEqual({ from: 'chainStart', n: 1 });
  });

  test('disableTriggers=true on a REST write fires nothing; the same write without it does', async () => {
    await clearFired();
    await rest('PUT', DEFAULT_NS, 'v2/r3/items/q', 1, { disableTriggers: 'true' });
    await rest('PATCH', DEFAULT_NS, 'v2/r3/items', { z: 2 }, { disableTriggers: 'true' });
    await rest('PUT', DEFAULT_NS, 'chain/a/k2', 1, { disableTriggers: 'true' });
    await db.triggers!.settled();
    await new Promise((r) => setTimeout(r, 300));
    expect(await fired(DEFAULT_NS, 'v2Written')).toEqual([]);
    expect((await rest('GET', DEFAULT_NS, 'chain/b/k2')).body).toBeNull();

    await rest('PUT', DEFAULT_NS, 'v2/r3/items/q', 3);
    expect(await waitFired(DEFAULT_NS, 'v2Written', 1)).toMatchObject([{ before: 1, after: 3 }]);
  });

  test('the command line finds the triggers at --functions', async () => {
    const { spawnEmulator } = await import('../src/emulator-process.testing');
    const emu = await spawnEmulator(['--functions', fns.host, '--project', PROJECT]);
    try {
      await expect
        .poll(
          async () =>
            ((await (await fetch(`http://${emu.hostPort}/.inspect/triggers.json`)).json()) as { triggers: unknown[] }).triggers.length,
          {
            timeout: 10_000,
            interval: 200,
          },
        )
        .toBe(FIXTURE_FUNCTIONS.length);
    } finally {
      await emu.stop();
    }
  });

  // Last: it moves v1Create to another namespace for the rest of the file.
  test('a registration at /.settings/functionTriggers.json (what the Functions emulator POSTs) wins over the discovered trigger', async () => {
    await clearFired();
    const third = 'demo-trig-third';
    const bundle = {
      name: `projects/${PROJECT}/locations/_/functions/us-central1-v1Create-0`,
      path: '/v1/{room}/messages/{msgId}',
      event: 'providers/google.firebase.database/eventTypes/ref.create',
      topic: `projects/${PROJECT}/topics/us-central1-v1Create-0`,
    };
    const refused = await fetch(`${db.url}/.settings/functionTriggers.json?ns=${third}`, { method: 'POST', body: JSON.stringify(bundle) });
    expect(refused.status).toBe(401);
    expect((await rest('POST', third, '.settings/functionTriggers', bundle)).status).toBe(200);
    await rest('PUT', third, 'v1/x/messages/y', 'there');
    const [there] = await waitFired(third, 'v1Create', 1);
    expect(there).toMatchObject({
      params: { room: 'x', msgId: 'y' },
      value: 'there',
      authType: 'ADMIN',
      resource: `projects/_/instances/${third}/refs/v1/x/messages/y`,
    });
    await rest('PUT', DEFAULT_NS, 'v1/x/messages/y', 'here');
    await waitFired(DEFAULT_NS, 'v1Write', 1);
    expect(await fired(DEFAULT_NS, 'v1Create')).toEqual([]);
  });
});
