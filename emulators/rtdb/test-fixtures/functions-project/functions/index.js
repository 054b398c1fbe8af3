// Database triggers for emulators/rtdb/conformance/triggers.test.ts. Every trigger records what it was given
// under /fired/<function>/<push id> of the namespace it fired in, so the test reads back exactly
// what firebase-functions made of the emulator's event.
import * as functions from 'firebase-functions/v1';
import { onValueCreated, onValueDeleted, onValueUpdated, onValueWritten } from 'firebase-functions/v2/database';
import { initializeApp } from 'firebase-admin/app';

initializeApp();

/** The root of the namespace a snapshot came from (its instance URL is the emulator's). */
const rootOf = (snapshot) => snapshot.ref.root;
const val = (snapshot) => (snapshot.exists() ? snapshot.val() : null);
const record = (root, name, entry) => root.child(`fired/${name}`).push(entry);

// ---- v1: the functions' own database (DATABASE_URL), several triggers on one path
export const v1Create = functions.database.ref('/v1/{room}/messages/{msgId}').onCreate((snap, context) =>
  record(rootOf(snap), 'v1Create', {
    params: context.params,
    value: val(snap),
    authType: context.authType,
    uid: context.auth ? context.auth.uid : null,
    claim: context.auth && context.auth.token ? (context.auth.token.role ?? null) : null,
    resource: context.resource.name,
    eventType: context.eventType,
  }),
);

export const v1Write = functions.database.ref('/v1/{room}/messages/{msgId}').onWrite((change, context) =>
  record(rootOf(change.after), 'v1Write', {
    params: context.params,
    before: val(change.before),
    after: val(change.after),
    authType: context.authType,
  }),
);

export const v1Update = functions.database
  .ref('/v1/{room}/messages/{msgId}')
  .onUpdate((change) => record(rootOf(change.after), 'v1Update', { before: val(change.before), after: val(change.after) }));

export const v1Delete = functions.database
  .ref('/v1/{room}/messages/{msgId}')
  .onDelete((snap) => record(rootOf(snap), 'v1Delete', { value: val(snap) }));

// ---- v2: every namespace ("*"), and one namespace only
export const v2Written = onValueWritten('/v2/{room}/items/{id}', (event) =>
  record(rootOf(event.data.after), 'v2Written', {
    params: event.params,
    instance: event.instance,
    ref: event.ref,
    before: val(event.data.before),
    after: val(event.data.after),
    authType: event.authType,
    authId: event.authId ?? null,
  }),
);

export const v2CreatedSecond = onValueCreated({ ref: '/v2/{room}/items/{id}', instance: 'demo-trig-second' }, (event) =>
  record(rootOf(event.data), 'v2CreatedSecond', { params: event.params, instance: event.instance, value: val(event.data) }),
);

export const v2Updated = onValueUpdated('/v2/{room}/items/{id}', (event) =>
  record(rootOf(event.data.after), 'v2Updated', { before: val(event.data.before), after: val(event.data.after) }),
);

export const v2Deleted = onValueDeleted('/v2/{room}/items/{id}', (event) =>
  record(rootOf(event.data), 'v2Deleted', { value: val(event.data), params: event.params }),
);

export const v2Deep = onValueWritten('/deep/{rest=**}', (event) =>
  record(rootOf(event.data.after), 'v2Deep', { params: event.params, after: val(event.data.after) }),
);

// ---- chains: a v2 trigger's write fires a v1 trigger, whose write fires nothing further
export const chainStart = onValueCreated('/chain/a/{id}', (event) =>
  rootOf(event.data)
    .child(`chain/b/${event.params.id}`)
    .set({ from: 'chainStart', n: val(event.data) }),
);

export const chainNext = functions.database.ref('/chain/b/{id}').onCreate((snap, context) =>
  rootOf(snap)
    .child(`chain/c/${context.params.id}`)
    .set({ from: 'chainNext', n: val(snap).n + 1 }),
);

// ---- for scripts/bench-triggers.ts: the trigger copies what was created
export const benchEcho = onValueCreated('/bench/{run}/{id}', (event) =>
  rootOf(event.data).child(`benchDone/${event.params.run}/${event.params.id}`).set(val(event.data)),
);
