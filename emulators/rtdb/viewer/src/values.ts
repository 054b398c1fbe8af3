// Values as a person types and reads them. Pure: no DOM and no state.

/** What was typed: JSON when it reads as JSON, else the text as a string. */
export function parseValue(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** A value as the tree shows it: JSON, cut at 200 characters. */
export function valueText(v: unknown): string {
  const s = JSON.stringify(v);
  return s.length > 200 ? s.slice(0, 200) + '…' : s;
}

/** A priority as typed: a number when it reads as one, else the text; empty for none. */
export function priorityValue(text: string): number | string | null {
  const t = text.trim();
  if (t === '') return null;
  const n = Number(t);
  return Number.isFinite(n) && /^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(t) ? n : t;
}

export const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object';

/** "1 child", "2 children". */
export const counted = (n: number, one: string, many: string): string => `${n} ${n === 1 ? one : many}`;
