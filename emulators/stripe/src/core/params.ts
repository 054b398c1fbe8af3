/**
 * Reading a decoded form (`form-encoding.ts`) the way Stripe's v1 API reads parameters: unknown
 * names are refused by their full bracketed name, an empty string means "not set", and every
 * refusal carries the parameter's name in `param`, so the SDK raises StripeInvalidRequestError
 * with the same fields production gives.
 */
import { invalidRequest, missingParam, unknownParam } from './errors';
import { paramName, type FormObject, type FormValue } from './form-encoding';

export type Path = readonly string[];

export function rejectUnknown(value: FormObject, allowed: ReadonlySet<string> | readonly string[], path: Path = []) {
  const names = allowed instanceof Set ? allowed : new Set(allowed as readonly string[]);
  for (const key of Object.keys(value)) if (!names.has(key)) throw unknownParam(paramName([...path, key]));
}

export function asString(value: FormValue | undefined, path: Path): string | undefined {
  if (value === undefined || value === '') return undefined; // Stripe treats an empty string as "not set"
  if (typeof value !== 'string') throw invalidRequest(`Invalid string: a hash was given for ${paramName(path)}`, paramName(path));
  return value;
}

export function asObject(value: FormValue | undefined, path: Path): FormObject | undefined {
  if (value === undefined || value === '') return undefined;
  if (typeof value === 'string') throw invalidRequest(`Invalid object`, paramName(path), 'parameter_invalid_empty');
  return value;
}

/** Stripe lists arrive as `x[0]`, `x[1]`…: an object whose keys are exactly 0..n-1. */
export function asList(value: FormValue | undefined, path: Path): FormValue[] | undefined {
  const object = asObject(value, path);
  if (object === undefined) return undefined;
  const keys = Object.keys(object);
  if (!keys.every((key) => /^\d+$/.test(key))) throw invalidRequest(`Invalid array`, paramName(path));
  return keys.sort((a, b) => Number(a) - Number(b)).map((key) => object[key]);
}

export function asInteger(value: FormValue | undefined, path: Path, min: number, max = Number.MAX_SAFE_INTEGER): number | undefined {
  const text = asString(value, path);
  if (text === undefined) return undefined;
  if (!/^-?\d+$/.test(text) || !Number.isSafeInteger(Number(text))) {
    throw invalidRequest(`Invalid integer: ${text}`, paramName(path), 'parameter_invalid_integer');
  }
  const number = Number(text);
  if (number < min) throw invalidRequest(`This value must be greater than or equal to ${min}.`, paramName(path));
  if (number > max) throw invalidRequest(`This value must be less than or equal to ${max}.`, paramName(path));
  return number;
}

export function asBoolean(value: FormValue | undefined, path: Path): boolean | undefined {
  const text = asString(value, path);
  if (text === undefined) return undefined;
  if (text !== 'true' && text !== 'false') throw invalidRequest(`Invalid boolean: ${text}`, paramName(path));
  return text === 'true';
}

export function oneOf<T extends string>(value: FormValue | undefined, path: Path, choices: readonly T[]): T | undefined {
  const text = asString(value, path);
  if (text === undefined) return undefined;
  const choice = choices.find((candidate) => candidate === text);
  if (!choice) throw invalidRequest(`Invalid ${paramName(path)}: must be one of ${choices.join(', ')}`, paramName(path));
  return choice;
}

export function required<T>(value: T | undefined, path: Path): T {
  if (value === undefined) throw missingParam(paramName(path));
  return value;
}

export function asEmail(value: FormValue | undefined, path: Path): string | undefined {
  const email = asString(value, path);
  if (email !== undefined && (email.length > 512 || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email))) {
    throw invalidRequest(`Invalid email address: ${email}`, paramName(path), 'email_invalid');
  }
  return email;
}

export function asUrl(value: FormValue | undefined, path: Path): string | undefined {
  const url = asString(value, path);
  if (url !== undefined && (!/^https?:\/\//i.test(url) || !URL.canParse(url)))
    throw invalidRequest(`Not a valid URL`, paramName(path), 'url_invalid');
  return url;
}

function checkMetadataEntry(key: string, text: string, path: Path) {
  if (key.length > 40)
    throw invalidRequest(
      `Metadata keys can have up to 40 characters, but you passed in a key that is ${key.length} characters.`,
      paramName([...path, key]),
    );
  if (text.length > 500)
    throw invalidRequest(
      `Metadata values can have up to 500 characters, but you passed in a value that is ${text.length} characters.`,
      paramName([...path, key]),
    );
}

/** `metadata[key]=value` on creation; an empty value drops the key. */
export function parseMetadata(value: FormValue | undefined, path: Path = ['metadata']): Record<string, string> {
  return updateMetadata({}, value, path);
}

/** `metadata[key]=value` on update: merged into `current`; `metadata[key]=` removes a key and
 *  `metadata=` (empty) removes them all, as on Stripe. Returns a new object. */
export function updateMetadata(
  current: Record<string, string>,
  value: FormValue | undefined,
  path: Path = ['metadata'],
): Record<string, string> {
  if (value === '') return {};
  const entries = asObject(value, path) ?? {};
  const result = { ...current };
  for (const [key, entry] of Object.entries(entries)) {
    const text = typeof entry === 'string' ? entry : asString(entry, [...path, key]);
    if (text === undefined || text === '') {
      delete result[key];
      continue;
    }
    checkMetadataEntry(key, text, path);
    result[key] = text;
  }
  if (Object.keys(result).length > 50) throw invalidRequest('You can have up to 50 metadata keys.', paramName(path));
  return result;
}

/** `expand[i]` (or `expand[]`): the dotted paths asked for. */
export function parseExpand(form: FormObject): string[] {
  return (asList(form.expand, ['expand']) ?? []).map((entry, i) => required(asString(entry, ['expand', String(i)]), ['expand', String(i)]));
}

/** A list of strings (`x[0]=a&x[1]=b`, or `x[]=a`); each entry must be non-empty. */
export function asStringList(value: FormValue | undefined, path: Path): string[] | undefined {
  return asList(value, path)?.map((entry, i) => required(asString(entry, [...path, String(i)]), [...path, String(i)]));
}

/** A name the caller chose for an object (`id` of a product or coupon): Stripe's id characters. */
export function asCustomId(value: FormValue | undefined, path: Path): string | undefined {
  const id = asString(value, path);
  if (id !== undefined && !/^[A-Za-z0-9_-]{1,200}$/.test(id))
    throw invalidRequest(`Invalid ${paramName(path)}: use letters, digits, '-' and '_' (at most 200).`, paramName(path));
  return id;
}
