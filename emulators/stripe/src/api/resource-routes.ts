/**
 * The steps every `/v1` resource repeats, written once: creating, retrieving, updating and listing
 * an object, with Stripe's checks in Stripe's order (unknown parameters, then `expand[]` paths,
 * then the object) and the events of a change sent after it is made.
 */
import { newBatch, type StandIn } from '../core/context';
import type { EventOrigin } from '../core/event-data';
import type { EventBatch } from '../core/events';
import { assertExpandable, expandObject, itemPaths, type Expanders } from '../core/expand';
import type { FormObject } from '../core/form-encoding';
import { listPage, newestFirst, parseListParams } from '../core/lists';
import { asString, parseExpand, rejectUnknown } from '../core/params';
import { ok, type Route } from './route';

/** The `expand[]` paths an object has, given the stand-in (most expand to other stored objects). */
export type ExpandersOf = (standIn: StandIn) => Expanders;

/** For objects with nothing to expand. */
export const NO_EXPANDERS: ExpandersOf = () => ({});

/** Refuses parameters not in `allowed` and `expand[]` paths the object cannot expand; the paths. */
export function readExpand(form: FormObject, allowed: readonly string[], expanders: Expanders): string[] {
  rejectUnknown(form, allowed);
  const expand = parseExpand(form);
  assertExpandable(expand, expanders);
  return expand;
}

/** Runs `change` with a batch for the events it causes, then sends them (the answer does not wait
 *  for their delivery, as on Stripe). */
export function withEvents<T>(standIn: StandIn, origin: EventOrigin, change: (batch: EventBatch) => T): T {
  const batch = newBatch(standIn, origin);
  const result = change(batch);
  void batch.deliver();
  return result;
}

/** `POST <collection>`: the new object, expanded as asked. */
export function createRoute<T>(
  path: RegExp,
  allowed: readonly string[],
  expanders: ExpandersOf,
  create: (standIn: StandIn, form: FormObject, batch: EventBatch) => T,
): Route {
  return {
    method: 'POST',
    path,
    handle(standIn, { form, origin }) {
      const paths = readExpand(form, allowed, expanders(standIn));
      const object = withEvents(standIn, origin, (batch) => create(standIn, form, batch));
      return ok(expandObject(object, paths, expanders(standIn)));
    },
  };
}

/** How an object is answered with the `expand[]` paths asked: each path replaced by what it names,
 *  or the resource's own drawing where some are includable (an invoice's `payments`, a charge's
 *  `refunds`: absent unless asked for). */
export type Render<T> = (standIn: StandIn, object: T, paths: readonly string[]) => T;

const expandedBy =
  <T>(expanders: ExpandersOf): Render<T> =>
  (standIn, object, paths) =>
    expandObject(object, paths, expanders(standIn));

/** `GET <collection>/:id`: the object, expanded as asked. */
export function retrieveRoute<T>(
  path: RegExp,
  expanders: ExpandersOf,
  find: (standIn: StandIn, id: string) => T,
  render: Render<T> = expandedBy(expanders),
): Route {
  return {
    method: 'GET',
    path,
    handle(standIn, { form }, [id]) {
      const paths = readExpand(form, ['expand'], expanders(standIn));
      return ok(render(standIn, find(standIn, id), paths));
    },
  };
}

/** `POST <collection>/:id`: the stored record changed by `update` (which emits its events), then
 *  its object as it is now, expanded as asked. */
export function updateRoute<R, T>(
  path: RegExp,
  allowed: readonly string[],
  expanders: ExpandersOf,
  find: (standIn: StandIn, id: string) => R,
  update: (standIn: StandIn, record: R, form: FormObject, batch: EventBatch) => void,
  objectOf: (standIn: StandIn, record: R) => T,
): Route {
  return {
    method: 'POST',
    path,
    handle(standIn, { form, origin }, [id]) {
      const paths = readExpand(form, allowed, expanders(standIn));
      const record = find(standIn, id);
      withEvents(standIn, origin, (batch) => update(standIn, record, form, batch));
      return ok(expandObject(objectOf(standIn, record), paths, expanders(standIn)));
    },
  };
}

export interface ListSpec<R extends { seq: number }, T extends { id: string }> {
  /** The list's URL, with `:id` where an id of the path stands (`/v1/customers/:id/tax_ids`): the
   *  route's path, and the list's `url` with the ids put in. */
  url: string;
  /** The noun of its "No such …" for a bad cursor. */
  noun: string;
  expanders: ExpandersOf;
  /** Filter parameters that keep the objects whose field equals them (`?charge=ch_…`), read as
   *  strings in this order, before `select` reads its own. */
  where?: Readonly<Record<string, (object: T) => unknown>>;
  /** Those of `where`'s parameters that must name a stored object, each looked up (Stripe's "No
   *  such customer" when it is not there) as soon as it is read. */
  known?: Readonly<Record<string, (standIn: StandIn, id: string, param: string) => unknown>>;
  /** The filter parameters `select` reads, besides `where`'s, pagination and `expand[]`. */
  filters?: readonly string[];
  /** The records the request's own filters keep (it reads and checks them, and the object the
   *  path names, from its ids). */
  select: (standIn: StandIn, form: FormObject, ids: string[]) => R[];
  /** When a record was made (its test clock's time), for newest first; default: the object's
   *  `created`. */
  created?: (record: R) => number;
  objectOf: (standIn: StandIn, record: R) => T;
  /** Default: each path replaced by what it names. */
  render?: Render<T>;
}

const ID_IN_URL = /:id/g;

/** The route's path for a list URL with `:id` in it (the URLs hold no other regex characters). */
const listPath = (url: string) => new RegExp(`^${url.replace(ID_IN_URL, '([^/]+)')}$`);

function createdOf(object: { id: string }): number {
  if ('created' in object && typeof object.created === 'number') return object.created;
  throw new Error(`${object.id} has no \`created\`: its list must say when its records were made`);
}

/** `GET <collection>`: the selected records newest first, one page of them, each expanded as asked
 *  (`expand[]=data.x`). */
export function listRoute<R extends { seq: number }, T extends { id: string }>(spec: ListSpec<R, T>): Route {
  const where = Object.entries(spec.where ?? {});
  return {
    method: 'GET',
    path: listPath(spec.url),
    handle(standIn, { form }, ids) {
      const params = parseListParams(form, [...where.map(([param]) => param), ...(spec.filters ?? [])]);
      const wanted = where.map(([param, field]) => {
        const value = asString(form[param], [param]);
        if (value !== undefined) spec.known?.[param]?.(standIn, value, param);
        return { value, field };
      });
      const records = spec.select(standIn, form, ids);
      const paths = itemPaths(params.expand);
      assertExpandable(paths, spec.expanders(standIn));
      const created = spec.created ?? ((record: R) => createdOf(spec.objectOf(standIn, record)));
      const objects = newestFirst(records, created)
        .map((record) => spec.objectOf(standIn, record))
        .filter((object) => wanted.every(({ value, field }) => value === undefined || field(object) === value));
      let index = 0;
      const url = spec.url.replace(ID_IN_URL, () => ids[index++] ?? '');
      const page = listPage(objects, params, url, spec.noun);
      const render = spec.render ?? expandedBy(spec.expanders);
      return ok({ ...page, data: page.data.map((object) => render(standIn, object, paths)) });
    },
  };
}
