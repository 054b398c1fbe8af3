// Locations as the viewer handles them (a list of keys) and the database's order of keys. Pure: no
// DOM and no state, so every other module of the viewer may use it.

/** A location's address as the page and the REST API write it: `/users/alice`, `/` for the root. */
export const pathString = (path: readonly string[]): string => '/' + path.join('/');

export const parsePath = (s: string): string[] => s.split('/').filter((x) => x !== '');

/** Whether a is an ancestor of b or the same. */
export const isPrefix = (a: readonly string[], b: readonly string[]): boolean => a.length <= b.length && a.every((k, i) => b[i] === k);

/** The location's own key (empty for the root). */
export const lastKey = (path: readonly string[]): string => path[path.length - 1] ?? '';

// The database's key order: 32-bit integer keys numerically (ties by length), then strings.
const INT_KEY = /^-?\d{1,10}$/;

function intKey(k: string): number | null {
  if (!INT_KEY.test(k)) return null;
  const n = Number(k);
  return n >= -2147483648 && n <= 2147483647 ? n : null;
}

export function nameCompare(a: string, b: string): number {
  if (a === b) return 0;
  const ai = intKey(a);
  const bi = intKey(b);
  if (ai !== null && bi !== null) return ai - bi || a.length - b.length;
  if (ai !== null) return -1;
  if (bi !== null) return 1;
  return a < b ? -1 : 1;
}

// Keys the database refuses (README "Supported"); a `/` would make a deeper location, not a key.
export const badKey = (k: string): boolean =>
  k === '' || /[.#$/[\]]/.test(k) || [...k].some((c) => c.charCodeAt(0) < 32 || c.charCodeAt(0) === 127);
