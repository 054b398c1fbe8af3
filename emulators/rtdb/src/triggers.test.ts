// The trigger registry without firebase-tools: registrations, the /backends shape, keys from the
// 404 text, and the events a commit produces (captured by a local HTTP server standing where the
// Functions emulator would be). emulators/rtdb/conformance/triggers.test.ts runs the real Functions emulator.
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ADMIN, Namespace } from './namespace';
import { ALLOW_ALL_RULES_TEXT } from './rules-api';
import { TriggerRegistry, keyFor, keysFromNotFound, triggerFromRegistration, triggersFromBackends } from './triggers';
import { conjuncts } from './rules/explain';

let server: Server;
let host = '';
const received: { url: string; body: Record<string, unknown> }[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let text = '';
    req.on('data', (d: Buffer) => (text += d.toString()));
    req.on('end', () => {
      received.push({ url: req.url ?? '', body: JSON.parse(text) as Record<string, unknown> });
      res.end('{"status":"acknowledged"}');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  host = `127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

/** A namespace whose commits go through `registry`. */
function namespaceWith(registry: TriggerRegistry, name = 'db1'): Namespace {
  return new Namespace(name, ALLOW_ALL_RULES_TEXT, () => {}, { beforeCommit: registry.beforeCommit.bind(registry) });
}

function registry(): TriggerRegistry {
  return new TriggerRegistry({ functions: host, project: 'demo-u', log: () => {}, databaseHost: () => '127.0.0.1:9000' });
}

describe('registrations and discovery', () => {
  test('v1 and v2 registration bodies as the Functions emulator POSTs them', () => {
    const v1 = triggerFromRegistration(
      {
        name: 'projects/demo-u/locations/_/functions/us-central1-f-0',
        path: '/a/{b}',
        event: 'providers/google.firebase.database/eventTypes/ref.write',
        topic: 'projects/demo-u/topics/us-central1-f-0',
      },
      'db1',
      host,
    );
    expect(v1).toMatchObject({
      key: 'us-central1-f-0',
      id: 'us-central1-f',
      project: 'demo-u',
      v2: false,
      kind: 'write',
      namespace: 'db1',
    });
    const v2 = triggerFromRegistration(
      {
        name: 'projects/demo-u/locations/us-central1/triggers/us-central1-g-3',
        path: 'x/{y}',
        event: 'google.firebase.database.ref.v1.deleted',
        topic: 't',
        namespacePattern: 'inst-*',
      },
      'ignored',
      host,
    );
    expect(v2).toMatchObject({ key: 'us-central1-g-3', id: 'us-central1-g', v2: true, kind: 'delete', namespace: 'inst-*' });
    expect(triggerFromRegistration({ name: 'nope' }, 'db1', host)).toBeNull();
  });

  test('the /backends shape, and keys from the 404 text (newest generation)', () => {
    const found = triggersFromBackends({
      backends: [
        {
          functionTriggers: [
            { id: 'us-central1-h', eventTrigger: { eventType: 'google.pubsub.topic.publish' } },
            {
              id: 'us-central1-v1',
              eventTrigger: {
                eventType: 'providers/google.firebase.database/eventTypes/ref.create',
                resource: 'projects/_/instances/ns1/refs/a/{b}',
              },
            },
            {
              id: 'us-central1-v2',
              eventTrigger: {
                eventType: 'google.firebase.database.ref.v1.updated',
                eventFilters: {},
                eventFilterPathPatterns: { ref: 'c/{d}', instance: '*' },
              },
            },
          ],
        },
      ],
    });
    expect(found.map((t) => [t.id, t.kind, t.path, t.namespace])).toEqual([
      ['us-central1-v1', 'create', '/a/{b}', 'ns1'],
      ['us-central1-v2', 'update', 'c/{d}', '*'],
    ]);
    expect(() => triggersFromBackends({ nothing: true })).toThrow(/backends/);
    const keys = keysFromNotFound('Function x does not exist, valid functions are: us-central1-v1-0, us-central1-v1-2, us-central1-v10-5');
    expect(keys).toEqual(['us-central1-v1-0', 'us-central1-v1-2', 'us-central1-v10-5']);
    expect(keyFor('us-central1-v1', keys!)).toBe('us-central1-v1-2');
    expect(keyFor('us-central1-zz', keys!)).toBeNull();
  });
});

describe('events from commits', () => {
  test('v1: one event per matching location, before and a delta that firebase-functions merges into after', async () => {
    const reg = registry();
    reg.register(
      {
        name: 'projects/demo-u/locations/_/functions/us-central1-w-0',
        path: '/rooms/{r}',
        event: 'providers/google.firebase.database/eventTypes/ref.write',
      },
      'db1',
    );
    const ns = namespaceWith(reg);
    received.length = 0;
    ns.set(['rooms'], { a: { x: 1, y: 2 }, b: 5 }, ADMIN);
    await reg.settled();
    expect(received.map((r) => r.body.resource).sort()).toEqual([
      'projects/_/instances/db1/refs/rooms/a',
      'projects/_/instances/db1/refs/rooms/b',
    ]);
    expect(received[0].url).toBe('/functions/projects/demo-u/triggers/us-central1-w-0');

    received.length = 0;
    ns.set(['rooms', 'a'], { x: 1, z: 3 }, { admin: false, auth: { uid: 'u1', provider: 'password', token: { role: 'r' } } });
    await reg.settled();
    expect(received).toHaveLength(1);
    const body = received[0].body;
    expect(body).toMatchObject({
      eventType: 'providers/google.firebase.database/eventTypes/ref.write',
      auth: { admin: false, variable: { uid: 'u1', token: { role: 'r' } } },
      data: { data: { x: 1, y: 2 }, delta: { y: null, z: 3 } },
    });
    // Writes in another namespace do not reach a v1 trigger.
    received.length = 0;
    namespaceWith(reg, 'db2').set(['rooms', 'q'], 1, ADMIN);
    await reg.settled();
    expect(received).toEqual([]);
  });

  test('v2: the CloudEvent, instance patterns, and writes without triggers', async () => {
    const reg = registry();
    reg.register(
      {
        name: 'projects/demo-u/locations/us-central1/triggers/us-central1-c-0',
        path: 'items/{id}',
        event: 'google.firebase.database.ref.v1.created',
        namespacePattern: 'shop-{n}',
      },
      'x',
    );
    received.length = 0;
    const shop = namespaceWith(reg, 'shop-1');
    shop.set(['items', 'i1'], 'v', { admin: false, auth: null });
    shop.withoutTriggers(() => shop.set(['items', 'i2'], 'w', ADMIN));
    namespaceWith(reg, 'other').set(['items', 'i3'], 'v', ADMIN);
    shop.set(['items', 'i1'], 'changed', ADMIN); // an update, not a create
    await reg.settled();
    expect(received).toHaveLength(1);
    expect(received[0].body).toMatchObject({
      specversion: '1.0',
      type: 'google.firebase.database.ref.v1.created',
      source: '//firebasedatabase.googleapis.com/projects/_/locations/us-central1/instances/shop-1',
      instance: 'shop-1',
      ref: 'items/i1',
      firebasedatabasehost: '127.0.0.1:9000',
      authtype: 'unauthenticated',
      data: { data: null, delta: 'v' },
    });
  });
});

test('conjuncts: top-level && operands, outside brackets, strings and regular expressions', () => {
  expect(conjuncts("auth != null && (a || b && c) && x.matches(/&&/) && 'a&&b' === y")).toEqual([
    'auth != null',
    '(a || b && c)',
    'x.matches(/&&/)',
    "'a&&b' === y",
  ]);
  expect(conjuncts('true')).toEqual(['true']);
});
