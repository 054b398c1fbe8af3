/**
 * Stripe's v1 request encoding: `application/x-www-form-urlencoded` with bracket notation, as the
 * `stripe` SDK writes it (`line_items[0][price_data][unit_amount]=1000`, `metadata[orderId]=x`,
 * `expand[0]=y`; `expand[]=y` from curl also works). Decoded into nested objects of strings; arrays
 * stay objects keyed by index, so callers decide which parameters are lists.
 */

export type FormValue = string | FormObject;
export interface FormObject {
  [key: string]: FormValue;
}

export class MalformedFormError extends Error {}

/** Far more than any request we make; it bounds the work a hostile body can cause. */
const MAX_PAIRS = 2000;
const MAX_DEPTH = 8;

/** `a[b][0]` → ['a', 'b', '0']; `a[]` → ['a', ''] (the empty part means "append"). */
function splitKey(key: string): string[] {
  const open = key.indexOf('[');
  if (open === -1) return [key];
  const parts = [key.slice(0, open)];
  let rest = key.slice(open);
  while (rest.length > 0) {
    const match = /^\[([^[\]]*)\]/.exec(rest);
    if (!match) throw new MalformedFormError(`Invalid parameter name: ${key}`);
    parts.push(match[1]);
    rest = rest.slice(match[0].length);
  }
  if (parts[0] === '') throw new MalformedFormError(`Invalid parameter name: ${key}`);
  if (parts.length > MAX_DEPTH) throw new MalformedFormError(`Parameter nested too deeply: ${key}`);
  return parts;
}

export function decodeForm(body: string): FormObject {
  const params = new URLSearchParams(body);
  const root: FormObject = Object.create(null) as FormObject;
  let count = 0;
  for (const [key, value] of params) {
    if (++count > MAX_PAIRS) throw new MalformedFormError('Too many parameters');
    const parts = splitKey(key);
    let node = root;
    for (let i = 0; i < parts.length; i++) {
      const part = parts[i] === '' ? String(Object.keys(node).length) : parts[i];
      const last = i === parts.length - 1;
      const existing = node[part];
      if (last) {
        if (existing !== undefined) throw new MalformedFormError(`Parameter given twice: ${key}`);
        node[part] = value;
      } else if (existing === undefined) {
        node = node[part] = Object.create(null) as FormObject;
      } else if (typeof existing === 'string') {
        throw new MalformedFormError(`Parameter given both as a value and as a hash: ${key}`);
      } else {
        node = existing;
      }
    }
  }
  return root;
}

/** The parameter's name as Stripe reports it in errors: `line_items[0][price_data][currency]`. */
export function paramName(path: readonly string[]): string {
  return path.length === 0
    ? ''
    : path[0] +
        path
          .slice(1)
          .map((part) => `[${part}]`)
          .join('');
}
