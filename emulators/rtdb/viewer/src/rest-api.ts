// The emulator's REST API as the viewer calls it: as the owner (`Authorization: Bearer owner`), so
// the rules never get in the way, always in the namespace shown.

import { pathString } from './paths';
import { state } from './state';

export const OWNER = { Authorization: 'Bearer owner' };

export function restUrl(path: readonly string[], params: Record<string, string> = {}): string {
  const q = new URLSearchParams({ ns: state.ns, ...params });
  return `/${path.map(encodeURIComponent).join('/')}.json?${q}`;
}

/** A refusal as the page words it: the status and the server's `error` (or its whole answer). */
export async function failure(res: Response): Promise<string> {
  const text = await res.text();
  try {
    const body = JSON.parse(text) as { error?: unknown } | null;
    return `${res.status}: ${String(body?.error ?? text)}`;
  } catch {
    return `${res.status}: ${text}`;
  }
}

export const readJson = async (res: Response): Promise<unknown> => (await res.json()) as unknown;

/** A location in export format (priorities kept). */
export async function readExport(path: readonly string[]): Promise<unknown> {
  const res = await fetch(restUrl(path, { format: 'export' }), { headers: OWNER });
  if (!res.ok) throw new Error(`Reading ${pathString(path)} failed (${await failure(res)})`);
  return readJson(res);
}
