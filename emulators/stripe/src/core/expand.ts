/**
 * `expand[]`: Stripe answers an id field with the whole object when asked (`expand[]=customer`,
 * `expand[]=invoice_settings.default_payment_method`; on lists `expand[]=data.customer`). Each
 * resource names the paths it can expand; any other path is refused as Stripe refuses it.
 */
import { cannotExpand } from './errors';

/** Given the field's current value (usually an id, or null) and the object holding it, what the
 *  expanded field holds. */
export type Expander = (value: unknown, owner: Record<string, unknown>) => unknown;

export type Expanders = Readonly<Record<string, Expander>>;

/** A copy of `object` with each path expanded. */
export function expandObject<T>(object: T, paths: readonly string[], expanders: Expanders): T {
  if (paths.length === 0) return object;
  const copy = structuredClone(object) as Record<string, unknown>;
  for (const path of paths) {
    const expander = expanders[path];
    if (!expander) throw cannotExpand(path);
    const keys = path.split('.');
    let owner: Record<string, unknown> | null = copy;
    for (const key of keys.slice(0, -1)) {
      const next: unknown = owner[key];
      owner = typeof next === 'object' && next !== null ? (next as Record<string, unknown>) : null;
      if (!owner) break;
    }
    if (!owner) continue;
    const last = keys[keys.length - 1];
    const value = owner[last];
    if (value === null) continue;
    owner[last] = expander(value, owner);
  }
  return copy as T;
}

/** For list endpoints: `data.x` expands `x` on every item. */
export function itemPaths(paths: readonly string[]): string[] {
  return paths.map((path) => {
    if (!path.startsWith('data.')) throw cannotExpand(path);
    return path.slice('data.'.length);
  });
}

/** Refuses paths no expander serves, before anything is changed. */
export function assertExpandable(paths: readonly string[], expanders: Expanders) {
  for (const path of paths) if (!expanders[path]) throw cannotExpand(path);
}
